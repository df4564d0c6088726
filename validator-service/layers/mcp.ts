/**
 * The MCP layer: Streamable HTTP handshake (legacy SSE fallback) with protocol-version negotiation,
 * server info, capabilities and instructions, then tools/resources/prompts listed with pagination
 * where declared. Only `initialize` and list requests are sent: no tool is ever called.
 */
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS, type ServerCapabilities } from '@modelcontextprotocol/sdk/types.js';
import type { Layer, LayerContext, LayerResult } from './layer.ts';
import { mcpCodes, type McpCode } from './mcp/codes.ts';
import { connectMcp, type ConnectOutcome } from './mcp/connect.ts';
import type { ListOutcome } from './mcp/list-all.ts';
import { listDeclared, type Listings } from './mcp/list-capabilities.ts';
import { checkTools } from './mcp/tool-checks.ts';
import { requestSignal } from './shared/deadline.ts';
import { Findings } from './shared/findings.ts';

type Result = Omit<LayerResult, 'durationMs'>;

/** Protocol revisions this validator knows; `2026-07-28` is the stateless era the SDK cannot speak yet. */
export const knownProtocolVersions: readonly string[] = [...SUPPORTED_PROTOCOL_VERSIONS, '2026-07-28'];

const emptyCategories = {
  isReachable: false, supportsMcp: false, requiresAuth: false, usesLegacySse: false,
  hasTools: false, hasResources: false, hasPrompts: false,
  supportsLogging: false, supportsCompletions: false, supportsResourceSubscription: false,
  supportsResourceListChanged: false, supportsPromptListChanged: false, supportsToolListChanged: false,
  supportsTasks: false, hasExperimentalCapabilities: false, hasExtensions: false,
};

function undetected(findings: Findings<McpCode>, outcome: Exclude<ConnectOutcome, { kind: 'connected' }>, reachable: boolean): Result {
  return { layer: 'mcp', status: 'not_detected', categories: { ...emptyCategories, isReachable: reachable }, summary: {}, messages: findings.messages, raw: { outcome: outcome.kind, exchanges: outcome.exchanges } };
}

function isValidationError(error: string): boolean {
  return /invalid_type|invalid_union|invalid_value|Expected|Required|ZodError/i.test(error);
}

function reportList<T>(findings: Findings<McpCode>, name: string, list: ListOutcome<T> | null, failCode: McpCode): void {
  if (list === null) {
    findings.add('MCP-020', `${name} not listed: the capability is not declared.`, `capabilities`);
    return;
  }
  if (list.error !== null) {
    const code = name === 'tools/list' && isValidationError(list.error) ? 'MCP-009' : failCode;
    findings.add(code, `${name} failed on page ${list.pages + 1}: ${list.error}`, name);
  }
  if (list.repeatedCursor) findings.add('MCP-012', `${name} returned a cursor it had already returned; stopped after ${list.pages} page(s).`, `${name}.nextCursor`);
  if (list.truncated) findings.add('MCP-012', `${name} still had more pages after ${list.pages}; stopped.`, `${name}.nextCursor`);
}

function capabilityCategories(caps: ServerCapabilities, listings: Listings) {
  const has = (l: ListOutcome<unknown> | null) => (l?.items.length ?? 0) > 0;
  return {
    hasTools: has(listings.tools), hasResources: has(listings.resources) || has(listings.resourceTemplates), hasPrompts: has(listings.prompts),
    supportsLogging: caps.logging !== undefined, supportsCompletions: caps.completions !== undefined,
    supportsResourceSubscription: caps.resources?.subscribe === true, supportsResourceListChanged: caps.resources?.listChanged === true,
    supportsPromptListChanged: caps.prompts?.listChanged === true, supportsToolListChanged: caps.tools?.listChanged === true,
    supportsTasks: caps.tasks !== undefined, hasExperimentalCapabilities: caps.experimental !== undefined && Object.keys(caps.experimental).length > 0,
    hasExtensions: typeof (caps as { extensions?: unknown }).extensions === 'object',
  };
}

async function run(ctx: LayerContext): Promise<Result> {
  const findings = new Findings(mcpCodes);
  const outcome = await connectMcp(ctx);
  if (outcome.kind === 'unreachable') {
    findings.add('MCP-019', `The endpoint could not be reached (${outcome.failure.kind}); see the HTTP layer.`, ctx.url.href);
    return undetected(findings, outcome, false);
  }
  if (outcome.kind === 'not-mcp') {
    findings.add('MCP-002', `Not an MCP endpoint: ${outcome.reason}.`, ctx.url.href);
    return undetected(findings, outcome, true);
  }
  if (outcome.kind === 'auth-required') {
    const bearer = /^\s*bearer\b/i.test(outcome.wwwAuthenticate ?? '');
    if (!bearer && outcome.status === 401 && outcome.wwwAuthenticate === null) {
      findings.add('MCP-002', 'The endpoint answers 401 without a WWW-Authenticate challenge; it cannot be identified as MCP.', ctx.url.href);
      return undetected(findings, outcome, true);
    }
    findings.add('MCP-003', `The MCP endpoint requires authorization (${outcome.status}, WWW-Authenticate: ${outcome.wwwAuthenticate ?? 'none'}); see the OAuth layer.`, 'WWW-Authenticate');
    return {
      layer: 'mcp', status: 'pass',
      categories: { ...emptyCategories, isReachable: true, supportsMcp: true, requiresAuth: true, usesLegacySse: outcome.transport === 'sse' },
      summary: { transport: outcome.transport, authRequired: true },
      messages: findings.messages,
      raw: { outcome: outcome.kind, status: outcome.status, wwwAuthenticate: outcome.wwwAuthenticate, exchanges: outcome.exchanges },
    };
  }
  if (outcome.kind === 'handshake-failed') {
    findings.add('MCP-004', `The endpoint answers like MCP but initialize failed: ${outcome.reason}`, ctx.url.href);
    return {
      layer: 'mcp', status: 'fail', categories: { ...emptyCategories, isReachable: true, supportsMcp: true, usesLegacySse: outcome.transport === 'sse' },
      summary: { transport: outcome.transport }, messages: findings.messages, raw: { outcome: outcome.kind, exchanges: outcome.exchanges },
    };
  }

  const { connection } = outcome;
  try {
    const { client } = connection;
    const server = client.getServerVersion();
    const caps = client.getServerCapabilities() ?? {};
    const instructions = client.getInstructions() ?? null;
    const version = connection.negotiatedVersion;
    findings.add('MCP-001', `MCP server over ${connection.transport === 'sse' ? 'legacy HTTP+SSE' : 'Streamable HTTP'}, protocol ${version ?? 'unknown'}.`, ctx.url.href);
    if (connection.transport === 'sse') findings.add('MCP-005', 'The server only offers the HTTP+SSE transport, deprecated since 2025-03-26.', ctx.url.href);
    if (version !== null && !knownProtocolVersions.includes(version)) findings.add('MCP-007', `Negotiated protocol version ${version} is unknown.`, 'protocolVersion');
    else if (version !== null && version !== LATEST_PROTOCOL_VERSION) findings.add('MCP-006', `The server chose ${version}; the client offered ${LATEST_PROTOCOL_VERSION}.`, 'protocolVersion');
    if (server) findings.add('MCP-016', `Server ${server.name} ${server.version}.`, 'serverInfo');
    if (instructions) findings.add('MCP-017', `The server provides instructions (${instructions.length} characters).`, 'instructions');

    const signal = requestSignal(ctx);
    const listings = await listDeclared(connection, caps, { signal, timeout: ctx.timeoutMs });
    reportList(findings, 'tools/list', listings.tools, 'MCP-008');
    reportList(findings, 'resources/list', listings.resources, 'MCP-010');
    if (listings.resourceTemplates?.error) findings.add('MCP-018', `resources/templates/list failed: ${listings.resourceTemplates.error}`, 'resources/templates/list');
    reportList(findings, 'prompts/list', listings.prompts, 'MCP-011');
    if (listings.tools && listings.tools.error === null) checkTools(findings, listings.tools.items);
    const count = (l: ListOutcome<unknown> | null) => l?.items.length ?? 0;
    findings.add('MCP-021', `${count(listings.tools)} tool(s), ${count(listings.resources)} resource(s), ${count(listings.resourceTemplates)} template(s), ${count(listings.prompts)} prompt(s).`, null);

    return {
      layer: 'mcp',
      status: findings.verdict(),
      categories: { ...emptyCategories, isReachable: true, supportsMcp: true, usesLegacySse: connection.transport === 'sse', ...capabilityCategories(caps, listings) },
      summary: {
        serverName: server?.name ?? null, serverVersion: server?.version ?? null, transport: connection.transport,
        protocolVersion: version, specVersion: version !== null && knownProtocolVersions.includes(version) ? version : 'unknown',
        toolCount: count(listings.tools), resourceCount: count(listings.resources), promptCount: count(listings.prompts),
        hasInstructions: instructions !== null,
      },
      messages: findings.messages,
      raw: {
        serverInfo: server ?? null, protocolVersion: version, capabilities: caps, instructions,
        tools: listings.tools?.items ?? [], resources: listings.resources?.items ?? [],
        resourceTemplates: listings.resourceTemplates?.items ?? [], prompts: listings.prompts?.items ?? [],
        pages: { tools: listings.tools?.pages ?? 0, resources: listings.resources?.pages ?? 0, prompts: listings.prompts?.pages ?? 0 },
        exchanges: connection.exchanges,
      },
    };
  } finally {
    await connection.close();
  }
}

/** The MCP layer. */
export const mcpLayer: Layer = { name: 'mcp', run };
