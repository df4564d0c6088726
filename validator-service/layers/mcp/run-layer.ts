/**
 * The MCP layer's run: both protocol eras are tried at once — the 2025 handshake (`initialize` over
 * Streamable HTTP, then the legacy HTTP+SSE transport; `connect.ts`) and the 2026-07-28 revision
 * (`server/discover` and per-request envelopes; `modern-probe.ts`), both with the SDK's v2 client —
 * next to the server-card lookup. The report says which eras the endpoint speaks, lists what it
 * serves in the newest one, flags the 2026-07-28 requirements it misses, and whether it refuses a
 * foreign `Origin` (`origin-probe.ts`). What counts as MCP at all: `evidence.ts`. Only `initialize`,
 * discovery and list requests are sent: no tool is ever called.
 */
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/client';
import type { LayerContext, LayerResult } from '../layer.ts';
import { Findings } from '../shared/findings.ts';
import { type McpSession, withMcpSession } from '../shared/mcp-session.ts';
import { addCardConsistencyFindings } from './card-consistency.ts';
import { addCardFindings } from './card-findings.ts';
import { capabilityCategories, emptyMcpCategories } from './categories.ts';
import { mcpCodes, type McpCode } from './codes.ts';
import type { ConnectOutcome } from './connect.ts';
import { countOf, reportList } from './list-findings.ts';
import { MODERN_VERSION } from './modern-requirements.ts';
import { type ModernOutcome, type ModernServer, probeModern } from './modern-probe.ts';
import { FOREIGN_ORIGIN, type OriginProbe, probeOrigin } from './origin-probe.ts';
import { findServerCard, type ServerCard } from './server-card.ts';
import { checkTools } from './tool-checks.ts';

type Result = Omit<LayerResult, 'durationMs'>;

/** Protocol revisions this validator knows. */
export const knownProtocolVersions: readonly string[] = [...SUPPORTED_PROTOCOL_VERSIONS, MODERN_VERSION];

/** The eras the endpoint speaks, newest first: `2026-07-28` and/or the version `initialize` settled on. */
function erasOf(modern: boolean, legacyVersion: string | null): string[] {
  return [...(modern ? [MODERN_VERSION] : []), ...(legacyVersion ? [legacyVersion] : [])];
}

/** MCP-029 (which eras), and what the modern probe found when the endpoint is not served in that era. */
function reportEras(
  findings: Findings<McpCode>,
  ctx: LayerContext,
  modern: ModernOutcome,
  legacyVersion: string | null,
): void {
  const eras = erasOf(modern.kind === 'modern', legacyVersion);
  if (modern.kind === 'modern') {
    findings.add(
      'MCP-029',
      legacyVersion
        ? `The endpoint speaks ${MODERN_VERSION} (server/discover) and ${legacyVersion} (initialize): clients of ` +
            `both eras are served.`
        : `The endpoint speaks only ${MODERN_VERSION}: clients that open with initialize (2025 revisions) ` +
            `are not served.`,
      ctx.url.href,
    );
    return;
  }
  if (modern.kind === 'refused') {
    findings.add(
      'MCP-028',
      `server/discover for ${MODERN_VERSION} was refused with ${modern.status} and ${modern.code} ` +
        `(${modern.message}): the endpoint knows the revision but did not accept a well-formed request of it.`,
      'server/discover',
    );
  } else if (modern.kind === 'no-discover') {
    findings.add(
      'MCP-028',
      `The endpoint answers ${MODERN_VERSION} requests but not server/discover, which every ${MODERN_VERSION} server ` +
        `must implement.`,
      'server/discover',
    );
  }
  if (eras.length > 0)
    findings.add(
      'MCP-029',
      `The endpoint speaks ${eras.join(' and ')} only: it does not answer server/discover, so ${MODERN_VERSION} ` +
        `clients must fall back to initialize.`,
      ctx.url.href,
    );
}

/**
 * MCP-030/031/032: how the eras the endpoint speaks answered a foreign `Origin` (`origin-probe.ts`).
 * Only eras detected are judged; an endpoint that needs authorization is judged only when it
 * already refuses the foreign Origin (otherwise its 401 says nothing about the Origin check).
 */
interface OriginEras {
  readonly legacy: boolean;
  readonly modern: boolean;
  readonly authOnly?: boolean;
}

const ORIGIN_RULE = 'MCP 2025-11-25 basic/transports, Security Warning';

function reportOrigin(findings: Findings<McpCode>, probe: OriginProbe, eras: OriginEras): void {
  const answers = [
    ...(eras.legacy ? [{ era: '2025', answer: probe.legacy }] : []),
    ...(eras.modern ? [{ era: MODERN_VERSION, answer: probe.modern }] : []),
  ];
  for (const { era, answer } of answers) {
    const what = `${answer.method} (${era} era) with Origin: ${FOREIGN_ORIGIN}`;
    if (answer.status === null) continue;
    if (answer.status === 403) {
      findings.add('MCP-031', `${what} was refused with 403, as the transport requires.`, 'Origin');
    } else if (eras.authOnly) {
      continue;
    } else if (answer.accepted) {
      const message =
        `${what} was accepted (${answer.status} with a result): servers MUST validate Origin and ` +
        `answer an invalid one with 403 (${ORIGIN_RULE}), or a web page of any site, one whose name is rebound ` +
        'to this server included, can drive it.';
      findings.add('MCP-030', message, 'Origin');
    } else {
      findings.add('MCP-032', `${what} was refused with ${answer.status}, not 403 (${ORIGIN_RULE}).`, 'Origin');
    }
  }
}

function undetected(
  findings: Findings<McpCode>,
  outcome: Exclude<ConnectOutcome, { kind: 'connected' }>,
  reachable: boolean,
): Result {
  return {
    layer: 'mcp',
    status: 'not_detected',
    categories: { ...emptyMcpCategories, isReachable: reachable },
    summary: {},
    messages: findings.messages,
    raw: { outcome: outcome.kind, exchanges: outcome.exchanges },
  };
}

/** The report of an endpoint reached only through `initialize` (2025 revisions). */
function classic(
  ctx: LayerContext,
  findings: Findings<McpCode>,
  session: McpSession & { outcome: { kind: 'connected' } },
  card: ServerCard | null,
  modern: ModernOutcome,
  origin: OriginProbe,
): Result {
  const { connection } = session.outcome;
  const { listings } = session;
  const { client } = connection;
  const server = client.getServerVersion();
  const caps = (client.getServerCapabilities() ?? {}) as Record<string, unknown>;
  const instructions = client.getInstructions() ?? null;
  const version = connection.negotiatedVersion;
  findings.add(
    'MCP-001',
    `MCP server over ${connection.transport === 'sse' ? 'legacy HTTP+SSE' : 'Streamable HTTP'}, protocol ` +
      `${version ?? 'unknown'}.`,
    ctx.url.href,
  );
  if (connection.transport === 'sse')
    findings.add(
      'MCP-005',
      'The server only offers the HTTP+SSE transport, deprecated since 2025-03-26.',
      ctx.url.href,
    );
  // The SDK client refuses a version it does not support, so a connected session always has a known one.
  if (version !== null && version !== LATEST_PROTOCOL_VERSION) {
    const chose = `The server chose ${version}; the client offered ${LATEST_PROTOCOL_VERSION}.`;
    findings.add('MCP-006', chose, 'protocolVersion');
  }
  reportEras(findings, ctx, modern, version);
  // The probe POSTs to the URL; an HTTP+SSE server takes POSTs elsewhere, so only Streamable HTTP is judged.
  reportOrigin(findings, origin, { legacy: connection.transport !== 'sse', modern: false });
  if (server) findings.add('MCP-016', `Server ${server.name} ${server.version}.`, 'serverInfo');
  if (instructions)
    findings.add('MCP-017', `The server provides instructions (${instructions.length} characters).`, 'instructions');

  reportList(findings, 'tools/list', listings.tools, 'MCP-008');
  reportList(findings, 'resources/list', listings.resources, 'MCP-010');
  if (listings.resourceTemplates?.error)
    findings.add(
      'MCP-018',
      `resources/templates/list failed: ${listings.resourceTemplates.error}`,
      'resources/templates/list',
    );
  reportList(findings, 'prompts/list', listings.prompts, 'MCP-011');
  if (listings.tools && listings.tools.error === null) checkTools(findings, listings.tools.items);
  findings.add(
    'MCP-021',
    `${countOf(listings.tools)} tool(s), ${countOf(listings.resources)} resource(s), ` +
      `${countOf(listings.resourceTemplates)} template(s), ${countOf(listings.prompts)} prompt(s).`,
    null,
  );
  addCardFindings(findings, card);
  addCardConsistencyFindings(
    findings,
    card,
    {
      serverInfo: server ?? null,
      transport: connection.transport,
      modernVersions: null,
      negotiatedVersion: version,
      offeredVersion: LATEST_PROTOCOL_VERSION,
      capabilities: caps,
      listings,
    },
    ctx.url,
  );

  return {
    layer: 'mcp',
    status: findings.verdict(),
    categories: {
      ...emptyMcpCategories,
      ...capabilityCategories(caps),
      isReachable: true,
      supportsMcp: true,
      usesLegacySse: connection.transport === 'sse',
      speaksLegacyEra: true,
      hasTools: countOf(listings.tools) > 0,
      hasResources: countOf(listings.resources) + countOf(listings.resourceTemplates) > 0,
      hasPrompts: countOf(listings.prompts) > 0,
      hasServerCard: card !== null,
    },
    summary: {
      serverName: server?.name ?? null,
      serverVersion: server?.version ?? null,
      transport: connection.transport,
      protocolVersion: version,
      specVersion: version !== null && knownProtocolVersions.includes(version) ? version : 'unknown',
      eras: erasOf(false, version),
      toolCount: countOf(listings.tools),
      resourceCount: countOf(listings.resources),
      promptCount: countOf(listings.prompts),
      hasInstructions: instructions !== null,
      serverCard: card?.convention ?? null,
    },
    messages: findings.messages,
    raw: {
      serverInfo: server ?? null,
      protocolVersion: version,
      capabilities: caps,
      instructions,
      tools: listings.tools?.items ?? [],
      resources: listings.resources?.items ?? [],
      resourceTemplates: listings.resourceTemplates?.items ?? [],
      prompts: listings.prompts?.items ?? [],
      pages: {
        tools: listings.tools?.pages ?? 0,
        resources: listings.resources?.pages ?? 0,
        prompts: listings.prompts?.pages ?? 0,
      },
      modern: modern.kind,
      serverCard: card,
      exchanges: session.exchanges,
    },
  };
}

/** The report of an endpoint that speaks 2026-07-28 (and perhaps the 2025 handshake too). */
function modernReport(
  ctx: LayerContext,
  findings: Findings<McpCode>,
  s: ModernServer,
  legacyVersion: string | null,
  card: ServerCard | null,
  origin: OriginProbe,
): Result {
  const { listings } = s;
  findings.add(
    'MCP-025',
    `Stateless MCP server (${MODERN_VERSION} era), supported versions ${s.supportedVersions.join(', ')}.`,
    ctx.url.href,
  );
  reportEras(findings, ctx, { kind: 'modern', server: s }, legacyVersion);
  reportOrigin(findings, origin, { legacy: legacyVersion !== null, modern: true });
  for (const problem of s.problems) findings.add('MCP-026', `${problem}.`, null);
  for (const missed of s.missed)
    findings.add(
      'MCP-028',
      `${MODERN_VERSION} requires that ${missed.rule}; the endpoint answered ${missed.observed}.`,
      ctx.url.href,
    );
  if (s.serverInfo)
    findings.add(
      'MCP-016',
      `Server ${s.serverInfo.name} ${s.serverInfo.version}.`,
      '_meta.io.modelcontextprotocol/serverInfo',
    );
  if (s.instructions)
    findings.add('MCP-017', `The server provides instructions (${s.instructions.length} characters).`, 'instructions');
  reportList(findings, 'tools/list', listings.tools, 'MCP-008');
  reportList(findings, 'resources/list', listings.resources, 'MCP-010');
  if (listings.resourceTemplates?.error)
    findings.add(
      'MCP-018',
      `resources/templates/list failed: ${listings.resourceTemplates.error}`,
      'resources/templates/list',
    );
  reportList(findings, 'prompts/list', listings.prompts, 'MCP-011');
  if (listings.tools && listings.tools.error === null) checkTools(findings, listings.tools.items);
  findings.add(
    'MCP-021',
    `${countOf(listings.tools)} tool(s), ${countOf(listings.resources)} resource(s), ` +
      `${countOf(listings.resourceTemplates)} template(s), ${countOf(listings.prompts)} prompt(s).`,
    null,
  );
  addCardFindings(findings, card);
  addCardConsistencyFindings(
    findings,
    card,
    {
      serverInfo: s.serverInfo,
      transport: 'streamable-http',
      modernVersions: s.supportedVersions,
      negotiatedVersion: legacyVersion,
      offeredVersion: LATEST_PROTOCOL_VERSION,
      capabilities: s.capabilities,
      listings,
    },
    ctx.url,
  );
  return {
    layer: 'mcp',
    status: findings.verdict(),
    categories: {
      ...emptyMcpCategories,
      ...capabilityCategories(s.capabilities),
      isReachable: true,
      supportsMcp: true,
      isStateless: true,
      speaksModernEra: true,
      speaksLegacyEra: legacyVersion !== null,
      hasTools: countOf(listings.tools) > 0,
      hasResources: countOf(listings.resources) + countOf(listings.resourceTemplates) > 0,
      hasPrompts: countOf(listings.prompts) > 0,
      hasServerCard: card !== null,
    },
    summary: {
      serverName: s.serverInfo?.name ?? null,
      serverVersion: s.serverInfo?.version ?? null,
      transport: 'streamable-http',
      protocolVersion: MODERN_VERSION,
      specVersion: MODERN_VERSION,
      eras: erasOf(true, legacyVersion),
      toolCount: countOf(listings.tools),
      resourceCount: countOf(listings.resources),
      promptCount: countOf(listings.prompts),
      hasInstructions: s.instructions !== null,
      serverCard: card?.convention ?? null,
    },
    messages: findings.messages,
    raw: {
      serverInfo: s.serverInfo,
      protocolVersion: MODERN_VERSION,
      supportedVersions: s.supportedVersions,
      legacyProtocolVersion: legacyVersion,
      capabilities: s.capabilities,
      instructions: s.instructions,
      tools: listings.tools?.items ?? [],
      resources: listings.resources?.items ?? [],
      resourceTemplates: listings.resourceTemplates?.items ?? [],
      prompts: listings.prompts?.items ?? [],
      pages: {
        tools: listings.tools?.pages ?? 0,
        resources: listings.resources?.pages ?? 0,
        prompts: listings.prompts?.pages ?? 0,
      },
      problems: s.problems,
      missed: s.missed,
      serverCard: card,
    },
  };
}

/**
 * Runs the MCP layer on `ctx.url`. The 2025-era conversation is the assessment's shared one
 * (`shared/mcp-session.ts`), which MCP Apps and x402 use too; the 2026-07-28 probe and the card
 * lookup run beside it.
 */
export function runMcpLayer(ctx: LayerContext): Promise<Result> {
  let modern: Promise<ModernOutcome> | undefined;
  let card: Promise<ServerCard | null> | undefined;
  let origin: Promise<OriginProbe> | undefined;
  // The conversation (the longest chain of requests) goes out first; the probes and the card lookup
  // start right after it, and `use` runs only once the handshake is done, when all have started.
  const run = withMcpSession(ctx, async (session) => report(ctx, session, await modern!, await card!, await origin!));
  modern = probeModern(ctx);
  card = findServerCard(ctx);
  origin = probeOrigin(ctx);
  return run;
}

function report(
  ctx: LayerContext,
  session: McpSession,
  modern: ModernOutcome,
  card: ServerCard | null,
  origin: OriginProbe,
): Result {
  const findings = new Findings(mcpCodes);
  const { outcome } = session;
  const legacyVersion = outcome.kind === 'connected' ? (outcome.connection.negotiatedVersion ?? 'unknown') : null;
  if (modern.kind === 'modern') return modernReport(ctx, findings, modern.server, legacyVersion, card, origin);
  if (outcome.kind === 'connected') return classic(ctx, findings, { ...session, outcome }, card, modern, origin);
  if (outcome.kind === 'unreachable') {
    findings.add(
      'MCP-019',
      `The endpoint could not be reached (${outcome.failure.kind}); see the HTTP layer.`,
      ctx.url.href,
    );
    return undetected(findings, outcome, false);
  }
  if (outcome.kind === 'auth-required') {
    findings.add(
      'MCP-003',
      `The MCP endpoint requires authorization (${outcome.status}, WWW-Authenticate: ` +
        `${outcome.wwwAuthenticate ?? 'none'}); see the OAuth layer.`,
      'WWW-Authenticate',
    );
    reportOrigin(findings, origin, { legacy: true, modern: false, authOnly: true });
    addCardFindings(findings, card);
    return {
      layer: 'mcp',
      status: 'pass',
      categories: {
        ...emptyMcpCategories,
        isReachable: true,
        supportsMcp: true,
        requiresAuth: true,
        usesLegacySse: outcome.transport === 'sse',
        hasServerCard: card !== null,
      },
      summary: { transport: outcome.transport, authRequired: true, serverCard: card?.convention ?? null },
      messages: findings.messages,
      raw: {
        outcome: outcome.kind,
        status: outcome.status,
        wwwAuthenticate: outcome.wwwAuthenticate,
        serverCard: card,
        exchanges: outcome.exchanges,
      },
    };
  }
  if (modern.kind === 'refused' || modern.kind === 'no-discover') {
    reportEras(findings, ctx, modern, null);
    return {
      layer: 'mcp',
      status: findings.verdict(),
      categories: { ...emptyMcpCategories, isReachable: true, supportsMcp: true, speaksModernEra: true },
      summary: { transport: 'streamable-http', eras: [] },
      messages: findings.messages,
      raw: { outcome: outcome.kind, modern, exchanges: outcome.exchanges },
    };
  }
  if (outcome.kind === 'handshake-failed') {
    findings.add('MCP-004', `The endpoint answers like MCP but initialize failed: ${outcome.reason}`, ctx.url.href);
    return {
      layer: 'mcp',
      status: 'fail',
      categories: {
        ...emptyMcpCategories,
        isReachable: true,
        supportsMcp: true,
        usesLegacySse: outcome.transport === 'sse',
      },
      summary: { transport: outcome.transport },
      messages: findings.messages,
      raw: { outcome: outcome.kind, exchanges: outcome.exchanges },
    };
  }
  findings.add(
    'MCP-002',
    `Not an MCP endpoint: ${outcome.reason}; server/discover (${MODERN_VERSION}) was not answered either.`,
    ctx.url.href,
  );
  return undetected(findings, outcome, true);
}
