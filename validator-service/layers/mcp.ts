/**
 * The MCP layer: Streamable HTTP handshake (legacy SSE fallback) with protocol-version negotiation,
 * server info, capabilities and instructions, then tools/resources/prompts listed with pagination
 * where declared; the 2026-07-28 stateless era through `server/discover`; server cards. Only
 * `initialize`, discovery and list requests are sent: no tool is ever called.
 */
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Layer, LayerContext, LayerResult } from './layer.ts';
import { addCardFindings } from './mcp/card-findings.ts';
import { capabilityCategories, emptyMcpCategories } from './mcp/categories.ts';
import { mcpCodes, type McpCode } from './mcp/codes.ts';
import { connectMcp, type ConnectOutcome, type McpConnection } from './mcp/connect.ts';
import { listDeclared } from './mcp/list-capabilities.ts';
import { countOf, reportList } from './mcp/list-findings.ts';
import { findServerCard, type ServerCard } from './mcp/server-card.ts';
import { probeStatelessServer, statelessVersion, type StatelessServer } from './mcp/stateless-era.ts';
import { checkTools } from './mcp/tool-checks.ts';
import { requestSignal } from './shared/deadline.ts';
import { defineLayer } from './shared/define-layer.ts';
import { Findings } from './shared/findings.ts';
import { parseBearerChallenge } from './oauth/www-authenticate.ts';

type Result = Omit<LayerResult, 'durationMs'>;

/** Protocol revisions this validator knows. */
export const knownProtocolVersions: readonly string[] = [...SUPPORTED_PROTOCOL_VERSIONS, statelessVersion];

function undetected(findings: Findings<McpCode>, outcome: Exclude<ConnectOutcome, { kind: 'connected' }>, reachable: boolean): Result {
  return { layer: 'mcp', status: 'not_detected', categories: { ...emptyMcpCategories, isReachable: reachable }, summary: {}, messages: findings.messages, raw: { outcome: outcome.kind, exchanges: outcome.exchanges } };
}

async function classic(ctx: LayerContext, findings: Findings<McpCode>, connection: McpConnection, card: ServerCard | null): Promise<Result> {
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

  const listings = await listDeclared(connection, caps, { signal: requestSignal(ctx), timeout: ctx.timeoutMs });
  reportList(findings, 'tools/list', listings.tools, 'MCP-008');
  reportList(findings, 'resources/list', listings.resources, 'MCP-010');
  if (listings.resourceTemplates?.error) findings.add('MCP-018', `resources/templates/list failed: ${listings.resourceTemplates.error}`, 'resources/templates/list');
  reportList(findings, 'prompts/list', listings.prompts, 'MCP-011');
  if (listings.tools && listings.tools.error === null) checkTools(findings, listings.tools.items);
  findings.add('MCP-021', `${countOf(listings.tools)} tool(s), ${countOf(listings.resources)} resource(s), ${countOf(listings.resourceTemplates)} template(s), ${countOf(listings.prompts)} prompt(s).`, null);
  addCardFindings(findings, card);

  return {
    layer: 'mcp',
    status: findings.verdict(),
    categories: {
      ...emptyMcpCategories, ...capabilityCategories(caps), isReachable: true, supportsMcp: true, usesLegacySse: connection.transport === 'sse',
      hasTools: countOf(listings.tools) > 0, hasResources: countOf(listings.resources) + countOf(listings.resourceTemplates) > 0, hasPrompts: countOf(listings.prompts) > 0,
      hasServerCard: card !== null,
    },
    summary: {
      serverName: server?.name ?? null, serverVersion: server?.version ?? null, transport: connection.transport,
      protocolVersion: version, specVersion: version !== null && knownProtocolVersions.includes(version) ? version : 'unknown',
      toolCount: countOf(listings.tools), resourceCount: countOf(listings.resources), promptCount: countOf(listings.prompts),
      hasInstructions: instructions !== null, serverCard: card?.convention ?? null,
    },
    messages: findings.messages,
    raw: {
      serverInfo: server ?? null, protocolVersion: version, capabilities: caps, instructions,
      tools: listings.tools?.items ?? [], resources: listings.resources?.items ?? [],
      resourceTemplates: listings.resourceTemplates?.items ?? [], prompts: listings.prompts?.items ?? [],
      pages: { tools: listings.tools?.pages ?? 0, resources: listings.resources?.pages ?? 0, prompts: listings.prompts?.pages ?? 0 },
      serverCard: card, exchanges: connection.exchanges,
    },
  };
}

function stateless(ctx: LayerContext, findings: Findings<McpCode>, s: StatelessServer, card: ServerCard | null): Result {
  findings.add('MCP-025', `Stateless MCP server (${statelessVersion} era), supported versions ${s.supportedVersions.join(', ')}.`, ctx.url.href);
  for (const problem of s.problems) findings.add('MCP-026', `${problem}.`, 'server/discover');
  if (s.uncachedPages > 0) findings.add('MCP-026', `${s.uncachedPages} list page(s) lack ttlMs or cacheScope.`, null);
  if (s.serverInfo) findings.add('MCP-016', `Server ${s.serverInfo.name} ${s.serverInfo.version}.`, '_meta.io.modelcontextprotocol/serverInfo');
  if (s.instructions) findings.add('MCP-017', `The server provides instructions (${s.instructions.length} characters).`, 'instructions');
  reportList(findings, 'tools/list', s.tools, 'MCP-008');
  reportList(findings, 'resources/list', s.resources, 'MCP-010');
  reportList(findings, 'prompts/list', s.prompts, 'MCP-011');
  if (s.tools && s.tools.error === null) checkTools(findings, s.tools.items as Tool[]);
  findings.add('MCP-021', `${countOf(s.tools)} tool(s), ${countOf(s.resources)} resource(s), ${countOf(s.prompts)} prompt(s).`, null);
  addCardFindings(findings, card);
  return {
    layer: 'mcp',
    status: findings.verdict(),
    categories: {
      ...emptyMcpCategories, ...capabilityCategories(s.capabilities), isReachable: true, supportsMcp: true, isStateless: true,
      hasTools: countOf(s.tools) > 0, hasResources: countOf(s.resources) > 0, hasPrompts: countOf(s.prompts) > 0, hasServerCard: card !== null,
    },
    summary: {
      serverName: s.serverInfo?.name ?? null, serverVersion: s.serverInfo?.version ?? null, transport: 'streamable-http',
      protocolVersion: statelessVersion, specVersion: statelessVersion,
      toolCount: countOf(s.tools), resourceCount: countOf(s.resources), promptCount: countOf(s.prompts),
      hasInstructions: s.instructions !== null, serverCard: card?.convention ?? null,
    },
    messages: findings.messages,
    raw: { ...s, tools: s.tools?.items ?? [], resources: s.resources?.items ?? [], prompts: s.prompts?.items ?? [], serverCard: card },
  };
}

async function run(ctx: LayerContext): Promise<Result> {
  const findings = new Findings(mcpCodes);
  const [outcome, card] = await Promise.all([connectMcp(ctx), findServerCard(ctx)]);
  if (outcome.kind === 'connected') {
    try {
      return await classic(ctx, findings, outcome.connection, card);
    } finally {
      await outcome.connection.close();
    }
  }
  if (outcome.kind === 'unreachable') {
    findings.add('MCP-019', `The endpoint could not be reached (${outcome.failure.kind}); see the HTTP layer.`, ctx.url.href);
    return undetected(findings, outcome, false);
  }
  if (outcome.kind === 'auth-required') {
    if (parseBearerChallenge(outcome.wwwAuthenticate) === null) {
      findings.add('MCP-002', `The endpoint answers ${outcome.status} without a Bearer challenge (WWW-Authenticate: ${outcome.wwwAuthenticate ?? 'none'}); MCP authorization uses Bearer tokens, so it cannot be identified as MCP.`, ctx.url.href);
      return undetected(findings, outcome, true);
    }
    findings.add('MCP-003', `The MCP endpoint requires authorization (${outcome.status}, WWW-Authenticate: ${outcome.wwwAuthenticate ?? 'none'}); see the OAuth layer.`, 'WWW-Authenticate');
    addCardFindings(findings, card);
    return {
      layer: 'mcp', status: 'pass',
      categories: { ...emptyMcpCategories, isReachable: true, supportsMcp: true, requiresAuth: true, usesLegacySse: outcome.transport === 'sse', hasServerCard: card !== null },
      summary: { transport: outcome.transport, authRequired: true, serverCard: card?.convention ?? null },
      messages: findings.messages,
      raw: { outcome: outcome.kind, status: outcome.status, wwwAuthenticate: outcome.wwwAuthenticate, serverCard: card, exchanges: outcome.exchanges },
    };
  }
  const modern = await probeStatelessServer(ctx);
  if (modern) return stateless(ctx, findings, modern, card);
  if (outcome.kind === 'handshake-failed') {
    findings.add('MCP-004', `The endpoint answers like MCP but initialize failed: ${outcome.reason}`, ctx.url.href);
    return {
      layer: 'mcp', status: 'fail', categories: { ...emptyMcpCategories, isReachable: true, supportsMcp: true, usesLegacySse: outcome.transport === 'sse' },
      summary: { transport: outcome.transport }, messages: findings.messages, raw: { outcome: outcome.kind, exchanges: outcome.exchanges },
    };
  }
  findings.add('MCP-002', `Not an MCP endpoint: ${outcome.reason}; server/discover (${statelessVersion}) was not answered either.`, ctx.url.href);
  return undetected(findings, outcome, true);
}

/** The MCP layer. */
export const mcpLayer: Layer = defineLayer('mcp', run);
