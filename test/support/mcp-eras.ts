/**
 * Real MCP clients of every era a server must answer, over stdio (the client spawns the server) or
 * Streamable HTTP (a URL, or an in-process fetch): the v2 SDK pinned to 2026-07-28 (`modern`), the
 * v2 SDK speaking 2025-11-25 through `initialize` (`legacy`), and the v1 SDK's client (`v1`, as most
 * clients in the wild still are). One small interface over the three, so a test runs the same
 * steps against each.
 */
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

export type Era = 'modern' | 'legacy' | 'v1';
export const ERAS: readonly Era[] = ['modern', 'legacy', 'v1'];

/** The modern revision. */
export const MODERN = '2026-07-28';

type Json = Record<string, unknown>;

/** What every test asks of a client, whichever SDK and era is behind it. */
export interface EraClient {
  readonly era: Era;
  /** The protocol version the connection speaks (`2026-07-28`, `2025-11-25`, …). */
  readonly protocolVersion: string | undefined;
  listTools(params?: Json): Promise<{ tools: Json[]; nextCursor?: string } & Json>;
  callTool(params: {
    name: string;
    arguments?: Json;
  }): Promise<Json & { content?: unknown; isError?: boolean; structuredContent?: unknown }>;
  listResources(params?: Json): Promise<Json & { resources: Json[] }>;
  listResourceTemplates(params?: Json): Promise<Json & { resourceTemplates: Json[] }>;
  readResource(params: { uri: string }): Promise<Json & { contents: Json[] }>;
  listPrompts(params?: Json): Promise<Json & { prompts: Json[] }>;
  getPrompt(params: { name: string; arguments?: Record<string, string> }): Promise<Json & { messages: Json[] }>;
  /** The server's declared capabilities. */
  capabilities(): Json | undefined;
  serverInfo(): { name: string; version: string } | undefined;
  instructions(): string | undefined;
  close(): Promise<void>;
}

export interface StdioTarget {
  readonly command: string;
  readonly args: string[];
  readonly env?: Record<string, string>;
  readonly cwd?: string;
  /** Receives the server's stderr (both spawns of a modern client: its probe and its session). */
  readonly onStderr?: (text: string) => void;
}

export interface HttpTarget {
  readonly url: string;
  /** In-process fetch (e.g. a fetch handler); default: the network. */
  readonly fetch?: (url: string | URL, init?: RequestInit) => Promise<Response>;
}

const info = (era: Era) => ({ name: `toolkit-test-${era}`, version: '0.0.0' });

function wrapV2(era: Era, client: Client): EraClient {
  const c = client as unknown as EraClient & Client;
  return {
    era,
    get protocolVersion() {
      return client.getNegotiatedProtocolVersion();
    },
    listTools: (params) => c.listTools(params) as never,
    callTool: (params) => c.callTool(params) as never,
    listResources: (params) => c.listResources(params) as never,
    listResourceTemplates: (params) => c.listResourceTemplates(params) as never,
    readResource: (params) => c.readResource(params) as never,
    listPrompts: (params) => c.listPrompts(params) as never,
    getPrompt: (params) => c.getPrompt(params) as never,
    capabilities: () => client.getServerCapabilities() as Json | undefined,
    serverInfo: () => client.getServerVersion(),
    instructions: () => client.getInstructions(),
    close: () => client.close(),
  };
}

function wrapV1(client: V1Client, version: () => string | undefined): EraClient {
  const c = client as unknown as EraClient;
  return {
    era: 'v1',
    get protocolVersion() {
      return version();
    },
    listTools: (params) => c.listTools.call(client, params) as never,
    callTool: (params) => c.callTool.call(client, params) as never,
    listResources: (params) => c.listResources.call(client, params) as never,
    listResourceTemplates: (params) => c.listResourceTemplates.call(client, params) as never,
    readResource: (params) => c.readResource.call(client, params) as never,
    listPrompts: (params) => c.listPrompts.call(client, params) as never,
    getPrompt: (params) => c.getPrompt.call(client, params) as never,
    capabilities: () => client.getServerCapabilities() as Json | undefined,
    serverInfo: () => client.getServerVersion(),
    instructions: () => client.getInstructions(),
    close: () => client.close(),
  };
}

const v2Mode = (era: Era) => (era === 'modern' ? { pin: MODERN } : 'legacy');

/** A client of `era` that spawns the server itself (stdio). */
export async function connectStdioEra(era: Era, target: StdioTarget): Promise<EraClient> {
  const params = {
    command: target.command,
    args: target.args,
    env: target.env ?? {},
    stderr: 'pipe' as const,
    ...(target.cwd ? { cwd: target.cwd } : {}),
  };
  if (era === 'v1') {
    const transport = new V1StdioTransport(params);
    transport.stderr?.on('data', (chunk: Buffer) => target.onStderr?.(chunk.toString('utf8')));
    // The v1 client tells a transport that can hear it the version the handshake settled on.
    let version: string | undefined;
    (transport as unknown as { setProtocolVersion(v: string): void }).setProtocolVersion = (v: string) => (version = v);
    const client = new V1Client(info(era));
    await client.connect(transport);
    return wrapV1(client, () => version);
  }
  const transport = new StdioClientTransport(params);
  transport.stderr?.on('data', (chunk: Buffer) => target.onStderr?.(chunk.toString('utf8')));
  const client = new Client(info(era), { versionNegotiation: { mode: v2Mode(era) } });
  await client.connect(transport);
  return wrapV2(era, client);
}

/** A client of `era` over Streamable HTTP. */
export async function connectHttpEra(era: Era, target: HttpTarget): Promise<EraClient> {
  const url = new URL(target.url);
  if (era === 'v1') {
    const transport = new V1HttpTransport(url, target.fetch ? { fetch: target.fetch } : {});
    const client = new V1Client(info(era));
    await client.connect(transport);
    return wrapV1(client, () => transport.protocolVersion);
  }
  const transport = new StreamableHTTPClientTransport(url, target.fetch ? { fetch: target.fetch } : {});
  const client = new Client(info(era), { versionNegotiation: { mode: v2Mode(era) } });
  await client.connect(transport);
  return wrapV2(era, client);
}

/** The JSON-RPC envelope `_meta` of a 2026-07-28 request. */
export const modernMeta = (): Json => ({
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '0' },
});

/** POSTs one hand-made modern request (headers as given, defaults filled in) and returns status and JSON body. */
export async function postModern(
  url: string,
  method: string,
  params: Json = {},
  headers: Record<string, string | undefined> = {},
  fetcher: HttpTarget['fetch'] = fetch,
): Promise<{ status: number; body: Json & { result?: Json; error?: { code: number; message: string; data?: Json } } }> {
  const base: Record<string, string | undefined> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': MODERN,
    'mcp-method': method,
    ...(typeof params.name === 'string'
      ? { 'mcp-name': params.name }
      : typeof params.uri === 'string'
        ? { 'mcp-name': params.uri }
        : {}),
  };
  const merged = Object.fromEntries(
    Object.entries({ ...base, ...headers }).filter(([, v]) => v !== undefined),
  ) as Record<string, string>;
  const response = await fetcher(url, {
    method: 'POST',
    headers: merged,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method,
      params: { ...params, _meta: { ...modernMeta(), ...((params._meta as Json | undefined) ?? {}) } },
    }),
  });
  const text = await response.text();
  const data = /^event:|^data:/m.test(text) ? (/^data:\s*(.*)$/m.exec(text)?.[1] ?? '{}') : text || '{}';
  return { status: response.status, body: JSON.parse(data) as never };
}

/**
 * POSTs a JSON body as it is, with these headers (JSON content type and Accept added), and returns status and parsed
 * body (`{}` when empty).
 */
export async function postRaw(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  fetcher: HttpTarget['fetch'] = fetch,
): Promise<{
  status: number;
  headers: Headers;
  body: Json & { result?: Json; error?: { code: number; message: string; data?: Json } };
}> {
  const response = await fetcher(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  const data = /^event:|^data:/m.test(text) ? (/^data:\s*(.*)$/m.exec(text)?.[1] ?? '{}') : text || '{}';
  return { status: response.status, headers: response.headers, body: JSON.parse(data) as never };
}
