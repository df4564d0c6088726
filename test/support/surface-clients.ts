/**
 * The clients the MCP-surface tests speak through, unwrapped (the skills client and `complete()`
 * need the SDK's own objects): the v2 SDK pinned to 2026-07-28 or speaking 2025-11-25, and the v1
 * SDK, over stdio (spawning the server) or Streamable HTTP (a URL).
 */
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

export type V2Era = 'modern' | 'legacy';

export type Target =
  | {
      readonly stdio: {
        readonly command: string;
        readonly args: string[];
        readonly env: Record<string, string>;
        readonly cwd?: string;
      };
    }
  | { readonly url: string };

const info = { name: 'surface-test', version: '1.0.0' };

/** A v2 client of `era`. */
export async function connectV2(era: V2Era, target: Target): Promise<Client> {
  const client = new Client(info, {
    versionNegotiation: { mode: era === 'modern' ? { pin: '2026-07-28' } : 'legacy' },
  });
  const transport =
    'url' in target
      ? new StreamableHTTPClientTransport(new URL(target.url))
      : new StdioClientTransport({ ...target.stdio, stderr: 'pipe' });
  await client.connect(transport);
  return client;
}

/** A v1 client (2025-era handshake, no skills extension). */
export async function connectV1(target: Target): Promise<V1Client> {
  const client = new V1Client(info);
  const transport =
    'url' in target
      ? new V1HttpTransport(new URL(target.url))
      : new V1StdioTransport({ ...target.stdio, stderr: 'pipe' });
  await client.connect(transport);
  return client;
}
