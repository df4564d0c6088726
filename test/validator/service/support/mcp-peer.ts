/** A tiny real MCP server (official SDK, stateless Streamable HTTP) on 127.0.0.1:0, as an assessment target. */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import { startLoopback, type Loopback } from './loopback-server.ts';

/** Starts the peer; `/mcp` speaks MCP, everything else is 404. */
export async function startMcpPeer(name = 'tiny-peer'): Promise<Loopback> {
  return startLoopback(async (req, res) => {
    if (!req.url?.startsWith('/mcp')) {
      res.statusCode = 404;
      return void res.end('not found');
    }
    const server = new McpServer({ name, version: '1.2.3' });
    server.registerTool('echo', { description: 'Echo text back', inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text }] }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => { void transport.close(); void server.close(); });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  });
}
