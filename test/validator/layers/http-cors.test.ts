/** HTTP layer judges CORS by a real preflight with the MCP headers, and checks exposed headers. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { httpLayer } from '../../../validator-service/layers/http.ts';
import { htmlLayer } from '../../../validator-service/layers/html.ts';
import { startStreamableMcpServer, type StreamablePeer } from '../../peers/mcp-streamable-server.ts';
import { codes, runLayer, testContext } from './support.ts';
import { expectCode } from '../support/expect-code.ts';

let open: StreamablePeer;
let hidden: StreamablePeer;
let closed: StreamablePeer;
test.before(async () => {
  open = await startStreamableMcpServer();
  hidden = await startStreamableMcpServer({ exposeSessionId: false });
  closed = await startStreamableMcpServer({ cors: false });
});
test.after(async () => {
  for (const peer of [open, hidden, closed]) await peer.close();
});

test('a server allowing the MCP headers and exposing Mcp-Session-Id supports CORS', async () => {
  const result = await runLayer(httpLayer, testContext(open.url));
  assert.is(result.categories.supportsCors, true);
  assert.is(result.categories.exposesMcpSessionId, true);
  expectCode(result, 'HTTP-012');
  const cors = (result.raw as { cors: { allowOrigin: string } }).cors;
  assert.is(cors.allowOrigin, 'https://validator-probe.example');
  assert.not.ok(open.methods.includes('tools/call'));
});

test('not exposing Mcp-Session-Id is a warning', async () => {
  const result = await runLayer(httpLayer, testContext(hidden.url));
  assert.is(result.categories.supportsCors, true);
  assert.is(result.categories.exposesMcpSessionId, false);
  expectCode(result, 'HTTP-022');
});

test('a refused preflight means no CORS', async () => {
  const result = await runLayer(httpLayer, testContext(closed.url));
  assert.is(result.categories.supportsCors, false);
  expectCode(result, 'HTTP-019');
});

test('the MCP endpoint refusing a browser GET is "not a website" for the HTML layer', async () => {
  const result = await runLayer(htmlLayer, testContext(open.url));
  assert.is(result.status, 'not_detected');
  expectCode(result, 'HTML-002');
});

test.run();
