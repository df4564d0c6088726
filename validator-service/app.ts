/**
 * The validator's HTTP surface on h3 v2: the UI at `/`, the JSON API under `/api/*`, the MCP face
 * at `/mcp`. Every `/api/*` and `/mcp` call passes the same auth, rate limit and concurrency cap,
 * and so does every assessment a `/mcp` request starts (each call of a JSON-RPC batch).
 */
import { H3, type H3Event, type HTTPMethod } from 'h3';
import { ApiError, errorResponse, jsonResponse } from './api/api-error.ts';
import { clientAddress } from './api/client-address.ts';
import { readAssessInput, readLookupInput, readValidateInput } from './api/inputs.ts';
import { callGate, withCallGate } from './api/call-gate.ts';
import { createRateLimiter, type Admission } from './api/rate-limiter.ts';
import { readBodyBytes, readJsonBody } from './api/read-json-body.ts';
import { siteRefusal, type SitePolicy } from '../runtime/http/site-check.ts';
import type { McpRequestHandler } from '../runtime/http/mcp-fetch-handler.ts';
import { isAuthorized, type AuthSettings } from './auth/authorize.ts';
import { sessionCookieHeader, sessionKeyFor, signSession } from './auth/session-cookie.ts';
import { checkRegistry, registryStamp } from './checks/registry.ts';
import { historyRoutes } from './history/history-routes.ts';
import { watchRoutes } from './watch/watch-routes.ts';
import type { Watcher } from './watch/watcher.ts';
import { toSections } from './pipeline/sectioned.ts';
import { loadUiAssets, UI_SECURITY_HEADERS } from './ui/ui-assets.ts';
import type { ValidatorCore } from './validator-core.ts';

export interface AppDeps {
  readonly core: ValidatorCore;
  /** Stateless MCP Streamable HTTP handler for `/mcp`; absent → 503. */
  readonly mcpHandler?: McpRequestHandler | undefined;
  readonly now?: () => number;
  /** Unexpected errors go here (never with request bodies or credentials). Default: stderr. */
  readonly logError?: (message: string) => void;
  /**
   * The `Host` values the service answers browsers under and issues its session cookie for (e.g.
   * `127.0.0.1:4000`, `localhost:4000`, or `VALIDATOR_HOSTS`), or null to accept any. `server.ts`
   * sets them, so a page whose own name was rebound to the service's address (DNS rebinding) gets
   * neither the cookie nor the API.
   */
  readonly ownHosts?: () => ReadonlySet<string> | null;
  /** The watcher this instance runs (`watch/`), or none: `/api/watch` still registers URLs. */
  readonly watcher?: Watcher | null;
}

/** What a guarded route knows about its caller: the rate-limit identity (its own slot is held by the route). */
interface Caller {
  readonly client: string;
}

type RouteHandler = (event: H3Event, caller: Caller | null) => Promise<Response> | Response;
type Handler = (event: H3Event) => Promise<Response> | Response;

/** Builds the h3 app; `app.fetch(request)` serves it in-process. */
export function createValidatorApp(deps: AppDeps): H3 {
  const { core } = deps;
  const { config } = core;
  const now = deps.now ?? Date.now;
  const logError = deps.logError ?? ((message: string) => process.stderr.write(`validator: ${message}\n`));
  const auth: AuthSettings = {
    apiToken: config.apiToken,
    sessionKey: config.apiToken ? sessionKeyFor(config.apiToken) : null,
    now,
  };
  const limiter = createRateLimiter({
    limit: config.rateLimit,
    windowMs: config.rateWindowMs,
    maxConcurrent: config.maxConcurrent,
    now,
  });
  const refusal = (admission: Extract<Admission, { ok: false }>) => {
    const what =
      admission.reason === 'rate'
        ? `more than ${config.rateLimit} requests in ${config.rateWindowMs / 1000} s`
        : `more than ${config.maxConcurrent} requests at once`;
    return `Too many requests from this client (${what}); retry after ${admission.retryAfterS} s.`;
  };
  const ui = loadUiAssets();

  const asResponse = (error: unknown): Response => {
    if (error instanceof ApiError) return errorResponse(error);
    logError(
      `unexpected error: ${error instanceof Error ? error.name : 'unknown'}: ` +
        `${error instanceof Error ? error.message : ''}`,
    );
    return errorResponse(new ApiError(500, 'internal_error', 'The service failed unexpectedly.'));
  };

  /** The host the request names: `Host`, or behind a trusted proxy the `X-Forwarded-Host` it sets. */
  const requestHost = (event: H3Event) => {
    const forwarded = config.trustProxy ? event.req.headers.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
    return (forwarded || event.req.headers.get('host') || '').toLowerCase();
  };
  /** True when the session cookie may be issued to or accepted from this request (its host is ours). */
  const cookieHost = (event: H3Event) => {
    const hosts = deps.ownHosts?.() ?? null;
    return hosts === null || hosts.has(requestHost(event));
  };

  /**
   * Refuses what a browser page of another site could send (the edge's `runtime/http/site-check.ts`): on
   * the API and `/mcp` a foreign `Origin`, and a browser request with a foreign `Host` (DNS rebinding);
   * other clients, which cannot be rebound, may send any Host.
   */
  const checkSite = (event: H3Event, guarded: boolean) => {
    const hosts = deps.ownHosts?.() ?? null;
    const policy: SitePolicy = { hosts, hostCheck: 'browser-requests', origins: 'same-host' };
    // Behind a trusted proxy that rewrites Host, the name the browser used is in X-Forwarded-Host.
    const forwardedHost = config.trustProxy
      ? event.req.headers.get('x-forwarded-host')?.split(',')[0]?.trim()
      : undefined;
    const site = {
      header: (name: string) => event.req.headers.get(name),
      host: requestHost(event),
      originHost: forwardedHost || event.url.host,
    };
    const refusal = siteRefusal(site, policy, guarded);
    if (refusal === 'forbidden-host') {
      throw new ApiError(403, 'forbidden_host', `This service answers only as ${[...hosts!].join(', ')}.`);
    }
    if (refusal === 'forbidden-origin') {
      const refused =
        'Requests from pages of other sites are not accepted; use the UI of this service or call the API' +
        ' without an Origin header.';
      throw new ApiError(403, 'forbidden_origin', refused);
    }
  };

  /** One route's accepted methods: site check (403), then limits (429), auth (401), then the handler. */
  const endpoint =
    (guarded: boolean, handle: RouteHandler): Handler =>
    async (event) => {
      try {
        checkSite(event, guarded);
        if (!guarded) return await handle(event, null);
        const client = clientAddress(event, config.trustProxy);
        const admission = limiter.admit(client);
        if (!admission.ok) {
          const headers = { 'retry-after': String(admission.retryAfterS) };
          throw new ApiError(429, 'rate_limited', refusal(admission), undefined, headers);
        }
        try {
          if (!isAuthorized(event.req.headers, auth, cookieHost(event))) {
            throw new ApiError(
              401,
              'unauthorized',
              'Send Authorization: Bearer <API_TOKEN>, or open the UI at / to get a session cookie.',
              undefined,
              { 'www-authenticate': 'Bearer realm="validator"' },
            );
          }
          return await handle(event, { client });
        } finally {
          admission.release();
        }
      } catch (error) {
        return asResponse(error);
      }
    };

  const app = new H3();
  /**
   * A route on h3's router: each method it accepts to `endpoint`, every other method to a 405 naming
   * them after the same site check (h3 prefers the route of a request's own method to the one for all).
   */
  const route = (
    path: string,
    label: string,
    methods: readonly HTTPMethod[],
    guarded: boolean,
    handle: RouteHandler,
  ) => {
    for (const method of methods) app.on(method, path, endpoint(guarded, handle));
    app.all(path, (event) => {
      try {
        checkSite(event, guarded);
        throw new ApiError(405, 'method_not_allowed', `${label} accepts ${methods.join(', ')}.`, undefined, {
          allow: methods.join(', '),
        });
      } catch (error) {
        return asResponse(error);
      }
    });
  };
  const page = (body: string, type: string, extra: Record<string, string> = {}) =>
    new Response(body, {
      headers: { 'content-type': type, 'cache-control': 'no-cache', ...UI_SECURITY_HEADERS, ...extra },
    });

  const uiPage = (event: H3Event) => {
    const extra: Record<string, string> = {};
    if (auth.sessionKey && cookieHost(event)) {
      const forwardedHttps = config.trustProxy && event.req.headers.get('x-forwarded-proto') === 'https';
      const secure = event.url.protocol === 'https:' || forwardedHttps;
      extra['set-cookie'] = sessionCookieHeader(
        signSession(auth.sessionKey, now() + config.sessionTtlMs),
        config.sessionTtlMs,
        secure,
      );
    }
    return page(ui.html, 'text/html; charset=utf-8', extra);
  };
  route('/', '/', ['GET', 'HEAD'], false, uiPage);
  // A permalink is the same page (it reads the stored result through the guarded API).
  route('/r/:id', '/r/<id>', ['GET', 'HEAD'], false, uiPage);
  route('/app.js', '/app.js', ['GET', 'HEAD'], false, () => page(ui.js, 'text/javascript; charset=utf-8'));
  route('/app.css', '/app.css', ['GET', 'HEAD'], false, () => page(ui.css, 'text/css; charset=utf-8'));
  for (const path of ['/favicon.svg', '/favicon.ico']) {
    route(path, path, ['GET', 'HEAD'], false, () =>
      page(ui.favicon, 'image/svg+xml', { 'cache-control': 'public, max-age=86400' }),
    );
  }

  route('/api/health', '/api/health', ['GET'], true, () =>
    jsonResponse({ status: 'ok', layers: core.implementedLayers, checks: registryStamp }),
  );

  route('/api/checks', '/api/checks', ['GET'], true, () => jsonResponse(checkRegistry));

  route('/api/validate', '/api/validate', ['POST'], true, async (event) => {
    const input = readValidateInput(await readJsonBody(event.req, config.bodyLimitBytes, config.bodyTimeoutMs));
    return jsonResponse(toSections(await core.assess({ url: input.url, timeoutMs: null })));
  });

  route('/api/assess', '/api/assess', ['POST'], true, async (event) => {
    const input = readAssessInput(await readJsonBody(event.req, config.bodyLimitBytes, config.bodyTimeoutMs));
    return jsonResponse(await core.assess(input));
  });

  route('/api/lookup', '/api/lookup', ['POST'], true, async (event) => {
    const input = readLookupInput(await readJsonBody(event.req, config.bodyLimitBytes, config.bodyTimeoutMs));
    return jsonResponse(await core.lookup(input));
  });

  // The history: every route behind the same auth as the API (a badge too: it tells a grade).
  const history = () => {
    if (!core.history) throw new ApiError(503, 'history_unavailable', 'This service keeps no history.');
    return historyRoutes(core.history, config.apiToken === null);
  };
  route('/api/history', '/api/history', ['GET'], true, (event) => history().history(event.url.searchParams));
  route('/api/diff', '/api/diff', ['GET'], true, (event) => history().diff(event.url.searchParams));
  route('/api/assessments/:id', '/api/assessments/<id>', ['GET'], true, (event) =>
    history().assessment(event.url.pathname.slice('/api/assessments/'.length), event.url.searchParams),
  );
  route('/badge', '/badge', ['GET', 'HEAD'], true, (event) =>
    history().badge(event.url.searchParams, event.req.headers.get('if-none-match')),
  );

  // Watching and drift (watch/watch-routes.ts): registered URLs and drift events live in the history.
  const watch = () => {
    if (!core.history) throw new ApiError(503, 'history_unavailable', 'This service keeps no history.');
    return watchRoutes(core.history, deps.watcher ?? null);
  };
  route('/api/watch', '/api/watch', ['GET', 'POST', 'DELETE'], true, async (event) => {
    if (event.req.method === 'GET') return watch().list();
    if (event.req.method === 'DELETE') return watch().remove(event.url.searchParams);
    return watch().register(await readJsonBody(event.req, config.bodyLimitBytes, config.bodyTimeoutMs));
  });
  route('/api/drift', '/api/drift', ['GET'], true, (event) => watch().drift(event.url.searchParams));

  route('/mcp', '/mcp', ['POST'], true, async (event, caller) => {
    if (!deps.mcpHandler) throw new ApiError(503, 'mcp_unavailable', 'The MCP face is not available in this build.');
    // Read once, under the same size and time caps as the API; the MCP handler takes the text beside the head.
    const req = event.req as unknown as Request;
    const body = (await readBodyBytes(req, config.bodyLimitBytes, config.bodyTimeoutMs)).toString('utf8');
    const head = new Request(req.url, { method: req.method, headers: req.headers });
    // Every tool call is an assessment or lookup counted like an API request: the first one uses this
    // request's slot, each further one (a JSON-RPC batch) must be admitted on its own.
    const gate = callGate(() => limiter.admit(caller!.client), refusal);
    return withCallGate(gate, () => deps.mcpHandler!(head, { body }));
  });

  app.all('/**', (event) => {
    try {
      checkSite(event, false);
    } catch (error) {
      return asResponse(error);
    }
    return errorResponse(new ApiError(404, 'not_found', `Nothing at ${event.url.pathname}.`));
  });
  return app;
}
