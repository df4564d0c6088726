/**
 * The MCP Apps layer (SEP-1865). It connects as a client that DECLARES the UI extension
 * (`capabilities.extensions["io.modelcontextprotocol/ui"]`), because spec-following servers only
 * register UI tools for such clients, then checks `ui://` resources, tool linkage in all three
 * forms, and reads every linked resource (even ones missing from `resources/list`).
 */
import type { Resource } from '@modelcontextprotocol/client';
import type { Layer, LayerContext, LayerResult } from './layer.ts';
import { uiCodes, type UiCode } from './mcp-apps/codes.ts';
import { appMimeType, sameMime, skybridgeMimeType, uiExtensionId } from './mcp-apps/constants.ts';
import { linkOf, type ToolLink } from './mcp-apps/linkage.ts';
import { readUiResource, type UiResourceReport } from './mcp-apps/read-ui-resource.ts';
import { requestSignal } from './shared/deadline.ts';
import { defineLayer } from './shared/define-layer.ts';
import { Findings } from './shared/findings.ts';
import { uiClientCapabilities, withMcpSession, type McpSession } from './shared/mcp-session.ts';

type Result = Omit<LayerResult, 'durationMs'>;

/** Capabilities the validator declares so UI-aware servers show their apps (the shared session's client). */
export { uiClientCapabilities };

const maxReads = 20;

const none = {
  supportsMcpApps: false,
  hasUiResources: false,
  hasToolLinkage: false,
  hasValidHtml: false,
  hasValidCsp: false,
  serverAdvertisesExtension: false,
  usesDeprecatedLinkage: false,
  usesVendorTemplate: false,
};

function isUiResource(resource: Resource): boolean {
  return (
    resource.uri.startsWith('ui://') ||
    sameMime(resource.mimeType, appMimeType) ||
    sameMime(resource.mimeType, skybridgeMimeType)
  );
}

function run(ctx: LayerContext): Promise<Result> {
  return withMcpSession(ctx, (session) => assess(ctx, session));
}

async function assess(ctx: LayerContext, session: McpSession): Promise<Result> {
  const findings = new Findings(uiCodes);
  const { outcome } = session;
  if (outcome.kind !== 'connected') {
    const why =
      outcome.kind === 'auth-required'
        ? 'the MCP endpoint requires authorization'
        : outcome.kind === 'unreachable'
          ? 'the endpoint is unreachable'
          : outcome.kind === 'handshake-failed'
            ? 'the MCP handshake failed'
            : 'the URL is not an MCP endpoint';
    findings.add('UI-003', `MCP Apps not checked: ${why}.`, ctx.url.href);
    return {
      layer: 'ui',
      status: 'not_detected',
      categories: none,
      summary: {},
      messages: findings.messages,
      raw: { outcome: outcome.kind },
    };
  }
  const { connection } = outcome;
  // The shared session closes the connection when its last user is done.
  const caps = connection.client.getServerCapabilities() ?? {};
  const extensions = (caps as { extensions?: Record<string, unknown> }).extensions;
  const advertised = extensions?.[uiExtensionId] ?? null;
  const { listings } = session;
  if (listings.tools?.error) findings.add('UI-022', `tools/list failed: ${listings.tools.error}`, 'tools/list');
  if (listings.resources?.error)
    findings.add('UI-022', `resources/list failed: ${listings.resources.error}`, 'resources/list');

  const tools = listings.tools?.items ?? [];
  const links = tools.map((tool, i) => linkOf(tool, i, findings)).filter((l): l is ToolLink => l !== null);
  const listed = (listings.resources?.items ?? []).filter(isUiResource);
  if (listed.length === 0 && links.length === 0 && advertised === null) {
    findings.add('UI-002', 'No ui:// resources and no tool linked to a UI.', ctx.url.href);
    return {
      layer: 'ui',
      status: 'not_detected',
      categories: none,
      summary: { toolCount: tools.length },
      messages: findings.messages,
      raw: { capabilities: caps },
    };
  }
  if (advertised !== null)
    findings.add(
      'UI-020',
      `The server advertises ${uiExtensionId}: ${JSON.stringify(advertised)}.`,
      `capabilities.extensions`,
    );
  listed.forEach((resource, i) => {
    const at = `resources[${i}]`;
    if (!resource.uri.startsWith('ui://'))
      findings.add('UI-005', `${resource.uri} carries an app MIME type but is not a ui:// URI.`, at);
    if (sameMime(resource.mimeType, skybridgeMimeType))
      findings.add(
        'UI-006',
        `${resource.uri} is an OpenAI Apps SDK template (${skybridgeMimeType}).`,
        `${at}.mimeType`,
      );
    else if (!sameMime(resource.mimeType, appMimeType))
      findings.add(
        'UI-004',
        `${resource.uri} is listed as ${resource.mimeType ?? 'no MIME type'}; MCP Apps require ${appMimeType}.`,
        `${at}.mimeType`,
      );
  });
  if (links.length > 0 && !caps.resources)
    findings.add(
      'UI-021',
      'Tools link UI resources but the server does not declare the resources capability, so hosts cannot read them.',
      'capabilities',
    );

  const uris = [...new Set([...listed.map((r) => r.uri), ...links.map((l) => l.resourceUri)])].slice(0, maxReads);
  // Read concurrently; each read's findings are kept apart and added in URI order.
  const limits = { signal: requestSignal(ctx), timeout: ctx.timeoutMs };
  const reads = caps.resources
    ? await Promise.all(
        uris.map(async (uri) => {
          const own = new Findings(uiCodes);
          return {
            report: await readUiResource(
              connection,
              uri,
              listed.find((r) => r.uri === uri),
              limits,
              own,
            ),
            own,
          };
        }),
      )
    : [];
  const reports: UiResourceReport[] = [];
  for (const { report, own } of reads) {
    for (const m of own.messages) findings.add(m.code as UiCode, m.message, m.location);
    reports.push(report);
  }
  findings.add(
    'UI-001',
    `${listed.length} UI resource(s) listed, ${links.length} tool(s) linked to a UI.`,
    ctx.url.href,
  );
  const readable = reports.filter((r) => r.readable);
  const status = findings.verdict();
  return {
    layer: 'ui',
    status,
    categories: {
      supportsMcpApps: true,
      hasUiResources: readable.length > 0,
      hasToolLinkage: links.length > 0,
      hasValidHtml: readable.length > 0 && readable.every((r) => r.isHtml),
      hasValidCsp: readable.length > 0 && readable.every((r) => r.csp?.valid !== false),
      serverAdvertisesExtension: advertised !== null,
      usesDeprecatedLinkage: links.some((l) => l.form === 'deprecated'),
      usesVendorTemplate: links.some((l) => l.form === 'vendor-openai'),
    },
    summary: {
      uiResourceCount: listed.length,
      uiLinkedToolCount: links.length,
      appOnlyToolCount: links.filter((l) => l.visibility.length === 1 && l.visibility[0] === 'app').length,
      linkForms: [...new Set(links.map((l) => l.form))].sort(),
      extensionAdvertised: advertised !== null,
    },
    messages: findings.messages,
    raw: {
      capabilities: caps,
      uiResources: listed,
      links,
      reads: reports,
      negotiatedVersion: connection.negotiatedVersion,
    },
  };
}

/** The MCP Apps layer. */
export const mcpAppsLayer: Layer = defineLayer('ui', run);
