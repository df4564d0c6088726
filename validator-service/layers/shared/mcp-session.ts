/**
 * One MCP conversation per assessment for the layers that need an MCP client beyond the MCP layer's
 * own (MCP Apps and x402): the client declares the UI extension (so UI-aware servers show their apps),
 * lists tools once, and is closed when the last layer using it is done. Saves a handshake and a
 * `tools/list` per assessment. Memoised like `browserGet`: by the assessment's signal, fetch and URL.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Fetch, LayerContext } from '../layer.ts';
import { appMimeType, uiExtensionId } from '../mcp-apps/constants.ts';
import { connectMcp, type ConnectOutcome } from '../mcp/connect.ts';
import { listAll, type ListOutcome } from '../mcp/list-all.ts';
import { requestSignal } from './deadline.ts';

/** Capabilities the validator declares so UI-aware servers show their apps. */
export const uiClientCapabilities = { extensions: { [uiExtensionId]: { mimeTypes: [appMimeType] } } };

export interface McpSession {
  readonly outcome: ConnectOutcome;
  /** `tools/list` (all pages) when connected and the server declares tools, else null. */
  readonly tools: ListOutcome<Tool> | null;
}

interface Entry { readonly session: Promise<McpSession>; users: number }

const memo = new WeakMap<AbortSignal, WeakMap<Fetch, Map<string, Entry>>>();

async function open(ctx: LayerContext): Promise<McpSession> {
  const outcome = await connectMcp(ctx, uiClientCapabilities);
  if (outcome.kind !== 'connected') return { outcome, tools: null };
  const { client } = outcome.connection;
  if (!client.getServerCapabilities()?.tools) return { outcome, tools: null };
  const options = { signal: requestSignal(ctx), timeout: ctx.timeoutMs };
  const tools = await listAll(async (cursor) => {
    const page = await client.listTools(cursor ? { cursor } : {}, options);
    return { items: page.tools, nextCursor: page.nextCursor };
  });
  return { outcome, tools };
}

/**
 * Runs `use` with the assessment's shared session. Layers call this at their start (all layers start
 * in the same tick), so the session is closed only after every user has finished.
 */
export async function withMcpSession<T>(ctx: LayerContext, use: (session: McpSession) => Promise<T>): Promise<T> {
  let byFetch = memo.get(ctx.signal);
  if (!byFetch) { byFetch = new WeakMap(); memo.set(ctx.signal, byFetch); }
  let byUrl = byFetch.get(ctx.fetch);
  if (!byUrl) { byUrl = new Map(); byFetch.set(ctx.fetch, byUrl); }
  const key = ctx.url.href;
  let entry = byUrl.get(key);
  if (!entry) { entry = { session: open(ctx), users: 0 }; byUrl.set(key, entry); }
  entry.users += 1;
  const mine = entry;
  try {
    return await use(await mine.session);
  } finally {
    mine.users -= 1;
    if (mine.users === 0) {
      if (byUrl.get(key) === mine) byUrl.delete(key);
      const session = await mine.session.catch(() => null);
      if (session?.outcome.kind === 'connected') await session.outcome.connection.close();
    }
  }
}
