/**
 * The web-standard handler the validator mounts at `/mcp`: a real SDK Client talks to it through
 * its `fetch` option, with no socket; the runtime's upstream HTTP client is injected too (a small stub,
 * which is how odd upstream behaviour, an abort mid-call or a closing runtime, is tested in-process),
 * except for a huge body, which goes through the real client to a loopback server.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createMcpFetchHandler, createMcpServer, createRuntime } from '../../runtime/index.ts';
import { createUpstreamHttpClient, type UpstreamHttpClient } from '../../runtime/upstream/upstream-http.ts';
import { param, schema, str, tool } from './support/models.ts';

// 25 MiB of text, streamed without a content-length, from a loopback server.
const hugeServer = createServer((_, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  const chunk = Buffer.alloc(1024 * 1024, 120);
  let sent = 0;
  const pump = () => {
    while (sent < 25) {
      sent++;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  res.on('error', () => {});
  pump();
});
await new Promise<void>((resolve) => hugeServer.listen(0, '127.0.0.1', resolve));
const hugeUrl = `http://127.0.0.1:${(hugeServer.address() as AddressInfo).port}/huge`;
const real = createUpstreamHttpClient();

const seen: string[] = [];
const upstream: UpstreamHttpClient = {
  async request(url, call) {
    seen.push(`${call.method} ${url}`);
    if (url === hugeUrl) return real.request(url, call);
    if (url.includes('/hang')) {
      return new Promise((_, reject) =>
        call.signal.addEventListener('abort', () =>
          reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
        ),
      );
    }
    return {
      status: 200,
      statusText: 'OK',
      headers: new Headers({ 'content-type': 'application/json' }),
      bytes: new TextEncoder().encode(JSON.stringify({ echo: url })),
    };
  },
  close() {},
};

const runtime = createRuntime({
  schemas: [
    schema('embed', [
      tool('echo', 'GET', ['https://api.example/echo'], [param('q', 'query', str)]),
      tool('hang', 'GET', ['https://api.example/hang']),
      tool('huge', 'GET', [hugeUrl]),
    ]),
  ],
  serverParams: {},
  http: upstream,
  timeoutMs: 5000,
});
const handle = createMcpFetchHandler(() => createMcpServer(runtime.tools, { name: 'embedded', version: '1.0.0' }));

async function connect(): Promise<Client> {
  const client = new Client({ name: 'embed-test', version: '0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('http://validator.local/mcp'), {
      fetch: (url, init) => handle(new Request(url, init)),
    }),
  );
  return client;
}

test('a real client lists and calls tools through the handler, with no socket', async () => {
  const client = await connect();
  assert.is(client.getServerVersion()?.name, 'embedded');
  const { tools } = await client.listTools();
  assert.equal(
    tools.map((t) => t.name),
    ['echo_embed', 'hang_embed', 'huge_embed'],
  );
  const result = await client.callTool({ name: 'echo_embed', arguments: { q: 'a b' } });
  assert.equal(result.content, [{ type: 'text', text: '{"echo":"https://api.example/echo?q=a%20b"}' }]);
  assert.equal(seen, ['GET https://api.example/echo?q=a%20b']);
  await client.close();
});

test(
  'an upstream body over 8 MiB is refused by the runtime HTTP client with a tool error instead of ' + 'being passed on',
  async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'huge_embed', arguments: {} });
    assert.ok(result.isError);
    assert.equal(result.content, [
      { type: 'text', text: `upstream ${new URL(hugeUrl).host} answered with more than 8 MiB; narrow the request` },
    ]);
    await client.close();
  },
);

test('GET and DELETE are 405 with Allow: POST', async () => {
  for (const method of ['GET', 'DELETE']) {
    const response = await handle(new Request('http://validator.local/mcp', { method }));
    assert.is(response.status, 405);
    assert.is(response.headers.get('allow'), 'POST');
  }
});

test('closing the runtime ends a call in flight with a tool error, not a hang', async () => {
  const client = await connect();
  const pending = client.callTool({ name: 'hang_embed', arguments: {} });
  await new Promise((resolve) => setTimeout(resolve, 100));
  await runtime.close();
  const result = await pending;
  assert.ok(result.isError);
  assert.match((result.content as { text: string }[])[0]!.text, /cancelled/);
  await client.close();
});

test.after(async () => {
  real.close();
  await new Promise<void>((resolve) => {
    hugeServer.close(() => resolve());
    hugeServer.closeAllConnections();
  });
});

test.run();
