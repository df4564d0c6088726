/**
 * The assessment's one MCP conversation in the 2025 era, shared by every layer that needs an MCP
 * client (MCP, MCP Apps, x402): one `initialize` handshake, every declared list read once (page by
 * page, concurrently), and the connection closed when the last layer using it is done, or when the
 * pipeline closes the assessment's state (`ctx.assessment.mcpSessions`, `assessment-state.ts`),
 * whichever comes first. The client declares the UI extension, as a host that renders MCP Apps does,
 * so UI-aware servers show their apps to every layer.
 */
import type { LayerContext } from '../layer.ts';
import { appMimeType, uiExtensionId } from '../mcp-apps/constants.ts';
import { connectMcp, type ConnectOutcome } from '../mcp/connect.ts';
import type { Exchange, FirstPost } from '../mcp/recording-fetch.ts';
import { listDeclared, type Listings } from '../mcp/list-capabilities.ts';
import { requestSignal } from './deadline.ts';

/** Capabilities the validator declares so UI-aware servers show their apps. */
export const uiClientCapabilities = { extensions: { [uiExtensionId]: { mimeTypes: [appMimeType] } } };

export interface McpSession {
  readonly outcome: ConnectOutcome;
  /** What the server declared, listed (all pages); every entry null when not connected or not declared. */
  readonly listings: Listings;
  /** `tools/list` (all pages) when connected and the server declares tools, else null. */
  readonly tools: Listings['tools'];
  /** The requests of the handshake and the listings (later calls by other layers are not in it). */
  readonly exchanges: readonly Exchange[];
}

/** One endpoint's conversation in the assessment's state, with the layers using it. */
export interface McpSessionEntry {
  readonly session: Promise<McpSession>;
  /** The answer to the handshake's first `initialize` POST; null when none was sent. */
  readonly initializePost: Promise<FirstPost | null>;
  users: number;
  /** Closes the connection once the handshake has settled (at most once). */
  close(): Promise<void>;
}

const noListings: Listings = { tools: null, resources: null, resourceTemplates: null, prompts: null };

function openEntry(ctx: LayerContext): McpSessionEntry {
  let heard: (post: FirstPost | null) => void = () => undefined;
  const initializePost = new Promise<FirstPost | null>((resolve) => {
    heard = resolve;
  });
  const session = open(ctx, heard).finally(() => heard(null));
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= session.then(
      (opened) => (opened.outcome.kind === 'connected' ? opened.outcome.connection.close() : undefined),
      () => undefined,
    );
    return closing;
  };
  return { session, initializePost, users: 0, close };
}

async function open(ctx: LayerContext, onInitializePost: (post: FirstPost) => void): Promise<McpSession> {
  const outcome = await connectMcp(ctx, uiClientCapabilities, onInitializePost);
  if (outcome.kind !== 'connected') return { outcome, listings: noListings, tools: null, exchanges: outcome.exchanges };
  const { connection } = outcome;
  const capabilities = connection.client.getServerCapabilities() ?? {};
  const listings = await listDeclared(connection, capabilities, { signal: requestSignal(ctx), timeout: ctx.timeoutMs });
  return { outcome, listings, tools: listings.tools, exchanges: [...connection.exchanges] };
}

/**
 * Runs `use` with the assessment's shared session; the last user to finish closes it. The layers that
 * share it call this at their start, so none finds it closed by another.
 */
export async function withMcpSession<T>(ctx: LayerContext, use: (session: McpSession) => Promise<T>): Promise<T> {
  const sessions = ctx.assessment.mcpSessions;
  const key = ctx.url.href;
  let entry = sessions.get(key);
  if (!entry) {
    entry = openEntry(ctx);
    sessions.set(key, entry);
  }
  entry.users += 1;
  const mine = entry;
  try {
    return await use(await mine.session);
  } finally {
    mine.users -= 1;
    if (mine.users === 0) {
      if (sessions.get(key) === mine) sessions.delete(key);
      await mine.close();
    }
  }
}

/**
 * How the assessment's shared session's first `initialize` POST was answered, when a session is open
 * for `ctx` (the layers that hold one start before the OAuth layer); null when none is open, or when
 * no POST was sent. Never opens a session itself.
 */
export function sharedInitializePost(ctx: LayerContext): Promise<FirstPost | null> | null {
  return ctx.assessment.mcpSessions.get(ctx.url.href)?.initializePost ?? null;
}
