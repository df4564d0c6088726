/**
 * The 2026-07-28 stateless era, which the SDK cannot speak yet: no `initialize`; every request
 * carries the version, client capabilities and client info in `_meta` plus matching headers, and
 * `server/discover` describes the server. Used when the classic handshake finds no MCP server.
 */
import { ImplementationSchema, ListPromptsResultSchema, ListResourcesResultSchema, ListToolsResultSchema, ServerCapabilitiesSchema } from '@modelcontextprotocol/sdk/types.js';
import type { LayerContext } from '../layer.ts';
import { requestSignal } from '../shared/deadline.ts';
import { readBodyText } from '../shared/read-body.ts';
import { validatorClientInfo } from './connect.ts';
import { listAll, type ListOutcome } from './list-all.ts';

/** The stateless protocol revision. */
export const statelessVersion = '2026-07-28';

export interface StatelessServer {
  readonly supportedVersions: readonly string[];
  readonly capabilities: Record<string, unknown>;
  readonly serverInfo: { readonly name: string; readonly version: string } | null;
  readonly instructions: string | null;
  /** Problems with the discover result itself (missing `ttlMs`, `resultType`, …). */
  readonly problems: readonly string[];
  readonly tools: ListOutcome<unknown> | null;
  readonly resources: ListOutcome<unknown> | null;
  readonly prompts: ListOutcome<unknown> | null;
  /** List pages without the required `ttlMs`/`cacheScope`. */
  readonly uncachedPages: number;
}

type Rpc = { ok: true; result: Record<string, unknown> } | { ok: false; status: number | null; error: string };

async function call(ctx: LayerContext, method: string, params: Record<string, unknown>): Promise<Rpc> {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': statelessVersion,
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': validatorClientInfo,
  };
  let response: Response;
  try {
    response = await ctx.fetch(ctx.url, {
      method: 'POST',
      redirect: 'manual',
      signal: requestSignal(ctx),
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': statelessVersion, 'mcp-method': method },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: meta } }),
    });
  } catch (error) {
    return { ok: false, status: null, error: error instanceof Error ? error.message : String(error) };
  }
  let text: string;
  try {
    ({ text } = await readBodyText(response, 1024 * 1024));
  } catch (error) {
    return { ok: false, status: response.status, error: error instanceof Error ? error.message : String(error) };
  }
  // A result may come as JSON or as the first `data:` line of an event stream.
  const payload = /event-stream/i.test(response.headers.get('content-type') ?? '') ? (/^data:\s*(.*)$/m.exec(text)?.[1] ?? '') : text;
  let message: { result?: unknown; error?: { message?: unknown } };
  try {
    message = JSON.parse(payload) as typeof message;
  } catch {
    return { ok: false, status: response.status, error: `answered ${response.status} without JSON-RPC` };
  }
  if (message.result && typeof message.result === 'object') return { ok: true, result: message.result as Record<string, unknown> };
  return { ok: false, status: response.status, error: `answered ${response.status}: ${String(message.error?.message ?? 'no result')}` };
}

/** Asks `server/discover`; null when the endpoint does not speak the stateless era. */
export async function probeStatelessServer(ctx: LayerContext): Promise<StatelessServer | null> {
  const discover = await call(ctx, 'server/discover', {});
  if (!discover.ok || !Array.isArray(discover.result.supportedVersions)) return null;
  const r = discover.result;
  const problems: string[] = [];
  if (r.resultType !== 'complete') problems.push('server/discover result lacks resultType "complete"');
  if (typeof r.ttlMs !== 'number' || typeof r.cacheScope !== 'string') problems.push('server/discover result lacks ttlMs or cacheScope');
  const caps = ServerCapabilitiesSchema.safeParse(r.capabilities ?? {});
  if (!caps.success) problems.push('capabilities are not valid server capabilities');
  const info = ImplementationSchema.safeParse((r._meta as Record<string, unknown> | undefined)?.['io.modelcontextprotocol/serverInfo']);
  if (!info.success) problems.push('_meta lacks a valid io.modelcontextprotocol/serverInfo');
  const capabilities = caps.success ? (caps.data as Record<string, unknown>) : {};
  let uncachedPages = 0;
  const lister = (method: string, schema: typeof ListToolsResultSchema | typeof ListResourcesResultSchema | typeof ListPromptsResultSchema, key: string) => listAll<unknown>(async (cursor) => {
    const page = await call(ctx, method, cursor ? { cursor } : {});
    if (!page.ok) throw new Error(page.error);
    if (typeof page.result.ttlMs !== 'number' || typeof page.result.cacheScope !== 'string') uncachedPages += 1;
    const parsed = schema.safeParse(page.result);
    if (!parsed.success) throw new Error(`invalid ${method} result: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
    const items = (parsed.data as Record<string, unknown>)[key];
    return { items: Array.isArray(items) ? items : [], nextCursor: parsed.data.nextCursor };
  });
  const [tools, resources, prompts] = await Promise.all([
    capabilities.tools ? lister('tools/list', ListToolsResultSchema, 'tools') : null,
    capabilities.resources ? lister('resources/list', ListResourcesResultSchema, 'resources') : null,
    capabilities.prompts ? lister('prompts/list', ListPromptsResultSchema, 'prompts') : null,
  ]);
  return {
    supportedVersions: (r.supportedVersions as unknown[]).map(String),
    capabilities,
    serverInfo: info.success ? { name: info.data.name, version: info.data.version } : null,
    instructions: typeof r.instructions === 'string' ? r.instructions : null,
    problems, tools, resources, prompts, uncachedPages,
  };
}
