/**
 * The 2026-07-28 era, spoken by the SDK's v2 client pinned to that revision: `server/discover`, then
 * every declared list with per-request envelopes and headers (the client writes them). What the
 * client does not check is checked on the answers themselves (`result-capture.ts`): `resultType`
 * on every result, `ttlMs` and `cacheScope` on discover and list results, the server's identity in
 * `_meta`, and a stable tool order; the header and error-code rules by hand-made requests
 * (`modern-requirements.ts`). Only discovery and list requests are sent: no tool is ever called.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { LayerContext } from '../layer.ts';
import { raceSignal, requestSignal } from '../shared/deadline.ts';
import { validatorClientInfo } from './connect.ts';
import type { ListOutcome } from './list-all.ts';
import { listDeclared, type Listings } from './list-capabilities.ts';
import { checkModernRequirements, type MissedRequirement, MODERN_VERSION } from './modern-requirements.ts';
import { type CapturedAnswer, captureResults } from './result-capture.ts';

export interface ModernServer {
  readonly supportedVersions: readonly string[];
  readonly capabilities: Record<string, unknown>;
  readonly serverInfo: { readonly name: string; readonly version: string } | null;
  readonly instructions: string | null;
  readonly listings: Listings;
  /** Results that lack what 2026-07-28 requires of them (`resultType`, cache fields, server info, order). */
  readonly problems: readonly string[];
  /** Header and error-code rules not followed. */
  readonly missed: readonly MissedRequirement[];
}

/** How the endpoint answered the 2026-07-28 era. */
export type ModernOutcome =
  | { readonly kind: 'modern'; readonly server: ModernServer }
  /** It answered with a 2026-07-28 error (it knows the revision) but the client could not connect. */
  | { readonly kind: 'refused'; readonly status: number; readonly code: number; readonly message: string }
  /** It answers enveloped requests but not `server/discover`, which the revision requires. */
  | { readonly kind: 'no-discover'; readonly status: number }
  | { readonly kind: 'none' };

const MODERN_ERRORS = new Set([-32020, -32021, -32022]);
const CACHEABLE_LISTS = new Set(['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']);
const SCOPES = new Set(['public', 'private']);

const validTtl = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** What the captured answers lack, one line per problem kind. */
function resultProblems(answers: readonly CapturedAnswer[]): string[] {
  const problems: string[] = [];
  const results = answers.filter((a) => a.result !== null);
  const discover = results.find((a) => a.method === 'server/discover')?.result;
  if (discover) {
    if (discover.resultType !== 'complete') problems.push('server/discover result lacks resultType "complete"');
    if (!validTtl(discover.ttlMs) || !SCOPES.has(discover.cacheScope as string))
      problems.push(
        `server/discover result lacks a valid ttlMs (integer ≥ 0) and cacheScope ("public" or "private"): ttlMs ` +
          `${JSON.stringify(discover.ttlMs)}, cacheScope ${JSON.stringify(discover.cacheScope)}`,
      );
  }
  const untyped = [...new Set(results.filter((a) => typeof a.result!.resultType !== 'string').map((a) => a.method))];
  if (untyped.length > 0) problems.push(`results without resultType: ${untyped.join(', ')}`);
  const lists = results.filter((a) => CACHEABLE_LISTS.has(a.method));
  const uncached = [
    ...new Set(
      lists
        .filter((a) => !validTtl(a.result!.ttlMs) || !SCOPES.has(a.result!.cacheScope as string))
        .map((a) => a.method),
    ),
  ];
  if (uncached.length > 0) problems.push(`list results without a valid ttlMs and cacheScope: ${uncached.join(', ')}`);
  for (const method of CACHEABLE_LISTS) {
    const scopes = new Set(lists.filter((a) => a.method === method).map((a) => a.result!.cacheScope));
    if (scopes.size > 1) problems.push(`${method} pages carry different cacheScopes (${[...scopes].join(', ')})`);
  }
  const anonymous = [
    ...new Set(
      results
        .filter((a) => {
          const info = (a.result!._meta as Record<string, unknown> | undefined)?.[
            'io.modelcontextprotocol/serverInfo'
          ] as { name?: unknown; version?: unknown } | undefined;
          return typeof info?.name !== 'string' || typeof info.version !== 'string';
        })
        .map((a) => a.method),
    ),
  ];
  if (anonymous.length > 0)
    problems.push(`results without io.modelcontextprotocol/serverInfo in _meta: ${anonymous.join(', ')}`);
  const large = answers.filter((a) => a.tooLarge).map((a) => a.method);
  if (large.length > 0) problems.push(`not checked (answer over 4 MiB): ${[...new Set(large)].join(', ')}`);
  return problems;
}

/** A second first page of `tools/list`: the names must come back in the same order. */
async function orderProblem(
  client: Client,
  first: ListOutcome<{ name: string }> | null,
  limits: { signal: AbortSignal; timeout: number },
): Promise<string | null> {
  if (!first || first.error !== null || first.items.length < 2) return null;
  try {
    const again = (await client.request({ method: 'tools/list', params: {} } as never, limits)) as unknown as {
      tools?: { name: string }[];
    };
    const before = first.items.slice(0, again.tools?.length ?? 0).map((t) => t.name);
    const after = (again.tools ?? []).map((t) => t.name);
    return before.join('\n') === after.join('\n')
      ? null
      : 'tools/list returned the tools in a different order the second time';
  } catch {
    return null;
  }
}

/** A bare enveloped `tools/list`: does the endpoint answer the revision without `server/discover`? */
async function answersWithoutDiscover(ctx: LayerContext): Promise<number | null> {
  const capture = captureResults(ctx.fetch);
  try {
    await capture.fetch(ctx.url, {
      method: 'POST',
      redirect: 'manual',
      signal: requestSignal(ctx),
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': MODERN_VERSION,
        'mcp-method': 'tools/list',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
            'io.modelcontextprotocol/clientCapabilities': {},
            'io.modelcontextprotocol/clientInfo': validatorClientInfo,
          },
        },
      }),
    });
  } catch {
    return null;
  }
  await capture.settled();
  const answer = capture.answers[0];
  return answer?.result && typeof answer.result.resultType === 'string' ? answer.status : null;
}

/** Speaks 2026-07-28 to the endpoint; never throws. */
export async function probeModern(ctx: LayerContext): Promise<ModernOutcome> {
  const signal = requestSignal(ctx);
  const capture = captureResults(ctx.fetch);
  // Redirects are the guarded fetch's to follow (it re-checks every hop), not the transport's.
  const transport = new StreamableHTTPClientTransport(ctx.url, { fetch: capture.fetch, redirectPolicy: 'follow' });
  const client = new Client(validatorClientInfo, {
    versionNegotiation: { mode: { pin: MODERN_VERSION }, probe: { timeoutMs: ctx.timeoutMs, maxRetries: 0 } },
  });
  try {
    await raceSignal(client.connect(transport, { signal, timeout: ctx.timeoutMs }), signal);
  } catch {
    await client.close().catch(() => undefined);
    await capture.settled();
    const discover = capture.answers.find((a) => a.method === 'server/discover');
    if (discover?.error && MODERN_ERRORS.has(discover.error.code))
      return { kind: 'refused', status: discover.status, code: discover.error.code, message: discover.error.message };
    // Only a server that does not know the method may still speak the revision without it.
    if (discover?.error?.code !== -32601) return { kind: 'none' };
    const status = await answersWithoutDiscover(ctx);
    return status === null ? { kind: 'none' } : { kind: 'no-discover', status };
  }
  try {
    const discovered = client.getDiscoverResult();
    const capabilities = (client.getServerCapabilities() ?? {}) as Record<string, unknown>;
    const limits = { signal, timeout: ctx.timeoutMs };
    const listings = await listDeclared({ client }, capabilities, limits);
    const order = await orderProblem(client, listings.tools, limits);
    const missed = await checkModernRequirements(ctx, capabilities);
    await capture.settled();
    const problems = resultProblems(capture.answers);
    if (order) problems.push(order);
    const info = client.getServerVersion();
    return {
      kind: 'modern',
      server: {
        supportedVersions: (discovered?.supportedVersions ?? [MODERN_VERSION]).map(String),
        capabilities,
        serverInfo: info ? { name: info.name, version: info.version } : null,
        instructions: client.getInstructions() ?? null,
        listings,
        problems,
        missed,
      },
    };
  } finally {
    await client.close().catch(() => undefined);
  }
}
