/**
 * An MCP server with MCP Apps UI resources registered through `@modelcontextprotocol/ext-apps`
 * server helpers, over Streamable HTTP. Like a spec-following server, it registers its UI tools
 * only for clients that declare `capabilities.extensions["io.modelcontextprotocol/ui"]`.
 * The `broken` variant has a wrong MIME type, a link to a missing resource and a malformed CSP; `odd`
 * and `no-resources` the other mistakes (see `registerOddApps`).
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import {
  getUiCapability,
  registerAppResource,
  registerAppTool,
  RESOURCE_MIME_TYPE,
} from '@modelcontextprotocol/ext-apps/server';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { closeServer, listen, type Peer } from './listen.ts';
import { readJson } from './read-json.ts';
import { originProtection } from './origin-policy.ts';

export interface AppsPeer extends Peer {
  /** Client capabilities of every session, as the server saw them. */
  readonly clientCapabilities: unknown[];
}

const page = (title: string) =>
  `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>${title}</title></head><body><div ` +
  `id="app"></div></body></html>`;
/**
 * ext-apps types its helpers against the v2 SDK's McpServer while this peer is a v1 server (`as
 * never` at each call); the helpers only call registerTool/registerResource, which both have.
 */
const resourceConfig = (fields: { description?: string; mimeType?: string }) => ({ _meta: {}, ...fields });
const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });

function registerValidApps(server: McpServer): void {
  registerAppTool(
    server as never,
    'show_weather',
    { description: 'Shows the weather.', _meta: { ui: { resourceUri: 'ui://weather/view.html' } } },
    async () => text('sunny'),
  );
  registerAppResource(
    server as never,
    'Weather view',
    'ui://weather/view.html',
    resourceConfig({ description: 'Weather UI' }),
    async () => ({
      contents: [
        {
          uri: 'ui://weather/view.html',
          mimeType: RESOURCE_MIME_TYPE,
          text: page('Weather'),
          _meta: {
            ui: {
              csp: { connectDomains: ['https://api.weather.example'], resourceDomains: ['https://cdn.example.com'] },
              prefersBorder: true,
            },
          },
        },
      ],
    }),
  );
  server.registerTool(
    'legacy_chart',
    { description: 'Draws a chart (old linkage).', _meta: { 'ui/resourceUri': 'ui://chart/legacy.html' } },
    async () => text('chart'),
  );
  // Not listed: reachable only through resources/read, as the spec allows for UI-only resources.
  server.registerResource(
    'Chart views',
    new ResourceTemplate('ui://chart/{name}', { list: undefined }),
    { mimeType: RESOURCE_MIME_TYPE },
    async (uri) => ({
      contents: [{ uri: uri.href, mimeType: RESOURCE_MIME_TYPE, blob: Buffer.from(page('Chart')).toString('base64') }],
    }),
  );
  server.registerTool(
    'openai_widget',
    { description: 'ChatGPT widget.', _meta: { 'openai/outputTemplate': 'ui://widget/skybridge.html' } },
    async () => text('widget'),
  );
  server.registerResource('Widget', 'ui://widget/skybridge.html', { mimeType: 'text/html+skybridge' }, async () => ({
    contents: [{ uri: 'ui://widget/skybridge.html', mimeType: 'text/html+skybridge', text: page('Widget') }],
  }));
}

function registerBrokenApps(server: McpServer): void {
  registerAppTool(
    server as never,
    'show_weather',
    { description: 'Shows the weather.', _meta: { ui: { resourceUri: 'ui://weather/view.html' } } },
    async () => text('sunny'),
  );
  registerAppResource(
    server as never,
    'Weather view',
    'ui://weather/view.html',
    resourceConfig({ mimeType: 'text/html' }),
    async () => ({
      contents: [
        {
          uri: 'ui://weather/view.html',
          mimeType: 'text/html',
          text: page('Weather'),
          _meta: { ui: { csp: { connectDomains: ["'unsafe-inline'"] } } },
        },
      ],
    }),
  );
  registerAppTool(
    server as never,
    'show_missing',
    { description: 'Links a view that does not exist.', _meta: { ui: { resourceUri: 'ui://missing/none.html' } } },
    async () => text('none'),
  );
}

/**
 * Every other way to get MCP Apps wrong, for the layer's remaining findings: an app-typed resource
 * outside ui://, linkage keys that disagree, a link to a non-ui:// URI, an invalid visibility, and
 * resources that are empty, not HTML, without doctype, without CSP, too open, or with unknown keys.
 */
function registerOddApps(server: McpServer): void {
  const view = (uri: string, content: Record<string, unknown>) =>
    (async () => ({ contents: [{ uri, mimeType: RESOURCE_MIME_TYPE, ...content }] })) as never;
  server.registerTool(
    'two_views',
    {
      description: 'Keys disagree.',
      _meta: { ui: { resourceUri: 'ui://odd/plain.html' }, 'ui/resourceUri': 'ui://odd/other.html' },
    },
    async () => text('two'),
  );
  server.registerTool(
    'web_view',
    { description: 'Links a web page.', _meta: { ui: { resourceUri: 'https://not-ui.example/view.html' } } },
    async () => text('web'),
  );
  server.registerTool(
    'hidden_view',
    { description: 'Bad visibility.', _meta: { ui: { resourceUri: 'ui://odd/open.html', visibility: ['everyone'] } } },
    async () => text('hidden'),
  );
  server.registerResource(
    'Web view',
    'https://not-ui.example/app.html',
    { mimeType: RESOURCE_MIME_TYPE },
    view('https://not-ui.example/app.html', { text: page('Web') }),
  );
  server.registerResource(
    'Empty',
    'ui://odd/empty.html',
    { mimeType: RESOURCE_MIME_TYPE },
    view('ui://odd/empty.html', { text: '' }),
  );
  server.registerResource(
    'Not HTML',
    'ui://odd/data.html',
    { mimeType: RESOURCE_MIME_TYPE },
    view('ui://odd/data.html', { text: '{"rows": [1, 2, 3]}' }),
  );
  server.registerResource(
    'Plain',
    'ui://odd/plain.html',
    { mimeType: RESOURCE_MIME_TYPE },
    view('ui://odd/plain.html', { text: '<html><head><title>No doctype</title></head><body></body></html>' }),
  );
  server.registerResource(
    'Open',
    'ui://odd/open.html',
    { mimeType: RESOURCE_MIME_TYPE },
    view('ui://odd/open.html', {
      text: page('Open'),
      _meta: {
        ui: {
          csp: { connectDomains: ['*'], scriptDomains: ['https://cdn.example'] },
          permissions: { camera: {}, telepathy: {} },
        },
      },
    }),
  );
}

export type AppsVariant = 'valid' | 'broken' | 'odd' | 'no-resources' | 'hostile-blob';

/** A UI resource whose blob is 300 KB of white space between base64 and a stray character. */
function registerHostileBlob(server: McpServer): void {
  registerAppTool(
    server as never,
    'show_blob',
    { description: 'Links a hostile blob.', _meta: { ui: { resourceUri: 'ui://hostile/blob.html' } } },
    async () => text('blob'),
  );
  registerAppResource(
    server as never,
    'Blob',
    'ui://hostile/blob.html',
    resourceConfig({ description: 'Hostile' }),
    async () => ({
      contents: [
        { uri: 'ui://hostile/blob.html', mimeType: RESOURCE_MIME_TYPE, blob: `aGVsbG8${' '.repeat(300_000)}!` },
      ],
    }),
  );
}

function makeServer(variant: AppsVariant, seen: unknown[]): McpServer {
  // The odd server also advertises the UI extension in its own capabilities.
  const server = new McpServer(
    { name: `loopback-apps-${variant}`, version: '3.0.0' },
    variant === 'odd' ? { capabilities: { extensions: { 'io.modelcontextprotocol/ui': {} } } as never } : undefined,
  );
  // Capabilities must exist before connecting; UI tools are added once the client is known.
  server.registerTool('ping_text', { description: 'Plain tool without UI.' }, async () => text('pong'));
  if (variant === 'no-resources') {
    // A tool that links a UI, on a server that declares no resources at all.
    server.registerTool(
      'show_card',
      { description: 'Links a card.', _meta: { ui: { resourceUri: 'ui://card/view.html' } } },
      async () => text('card'),
    );
    return server;
  }
  server.registerResource('About', 'file:///about.txt', { mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, text: 'about' }],
  }));
  server.server.oninitialized = () => {
    const capabilities = server.server.getClientCapabilities();
    seen.push(capabilities);
    if (getUiCapability(capabilities as never)?.mimeTypes?.includes(RESOURCE_MIME_TYPE)) {
      if (variant === 'valid') registerValidApps(server);
      else if (variant === 'odd') registerOddApps(server);
      else if (variant === 'hostile-blob') registerHostileBlob(server);
      else registerBrokenApps(server);
    }
  };
  return server;
}

/** Starts the peer; the endpoint is `<url>` (path `/mcp`). */
export async function startAppsMcpServer(variant: AppsVariant = 'valid'): Promise<AppsPeer> {
  const clientCapabilities: unknown[] = [];
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; server: McpServer }>();
  const http = createServer(async (req, res) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/mcp') {
      res.writeHead(404).end('Not Found');
      return;
    }
    const id = req.headers['mcp-session-id'];
    const existing = typeof id === 'string' ? sessions.get(id) : undefined;
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    if (existing) {
      await existing.transport.handleRequest(req, res, body);
      return;
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      res.writeHead(400).end('No valid session');
      return;
    }
    const server = makeServer(variant, clientCapabilities);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      ...originProtection(),
      onsessioninitialized: (sid) => {
        sessions.set(sid, { transport, server });
      },
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  });
  const port = await listen(http);
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    clientCapabilities,
    close: async () => {
      for (const { server } of sessions.values()) await server.close().catch(() => undefined);
      await closeServer(http);
    },
  };
}
