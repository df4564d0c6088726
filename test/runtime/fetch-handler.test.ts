/**
 * The web-standard handler the validator mounts at `/mcp`: a real SDK Client talks to it through
 * its `fetch` option, with no socket; the runtime's own upstream `fetch` is injected too, which is
 * how odd upstream behaviour (an abort mid-call, a closing runtime) is tested in-process.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createMcpFetchHandler, createMcpServer, createRuntime } from '../../runtime/index.ts';
import { param, schema, str, tool } from './support/models.ts';

const seen: string[] = [];
const upstreamFetch: typeof fetch = async (input, init) => {
  const url = String(input);
  seen.push(`${init?.method} ${url}`);
  if (url.includes('/hang')) {
    return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
  }
  if (url.includes('/huge')) {
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024).fill(120);
    return new Response(new ReadableStream({ pull(controller) { if (sent++ < 25) controller.enqueue(chunk); else controller.close(); } }), { headers: { 'content-type': 'text/plain' } });
  }
  return new Response(JSON.stringify({ echo: url }), { headers: { 'content-type': 'application/json' } });
};

const runtime = createRuntime({
  schemas: [schema('embed', [
    tool('echo', 'GET', ['https://api.example/echo'], [param('q', 'query', str)]),
    tool('hang', 'GET', ['https://api.example/hang']),
    tool('huge', 'GET', ['https://api.example/huge']),
  ])],
  serverParams: {},
  fetch: upstreamFetch,
  timeoutMs: 5000,
});
const handle = createMcpFetchHandler(() => createMcpServer(runtime.tools, { name: 'embedded', version: '1.0.0' }));

async function connect(): Promise<Client> {
  const client = new Client({ name: 'embed-test', version: '0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('http://validator.local/mcp'), { fetch: (url, init) => handle(new Request(url, init)) }));
  return client;
}

test('a real client lists and calls tools through the handler, with no socket', async () => {
  const client = await connect();
  assert.is(client.getServerVersion()?.name, 'embedded');
  const { tools } = await client.listTools();
  assert.equal(tools.map((t) => t.name), ['echo_embed', 'hang_embed', 'huge_embed']);
  const result = await client.callTool({ name: 'echo_embed', arguments: { q: 'a b' } });
  assert.equal(result.content, [{ type: 'text', text: '{"echo":"https://api.example/echo?q=a%20b"}' }]);
  assert.equal(seen, ['GET https://api.example/echo?q=a%20b']);
  await client.close();
});

test('an upstream body over 20 MiB is refused with a tool error instead of being passed on', async () => {
  const client = await connect();
  const result = await client.callTool({ name: 'huge_embed', arguments: {} });
  assert.ok(result.isError);
  assert.equal(result.content, [{ type: 'text', text: 'upstream api.example answered with more than 20 MiB; narrow the request' }]);
  await client.close();
});

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

test.run();
