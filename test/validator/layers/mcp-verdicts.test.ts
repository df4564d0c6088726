/** MCP layer fail and not-detected verdicts: broken tool lists, websites, dead ports. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mcpLayer } from '../../../validator-service/layers/mcp.ts';
import { startBrokenInitializeServer } from '../../peers/broken-initialize-server.ts';
import { deadPortUrl } from '../../peers/dead-port.ts';
import type { Peer } from '../../peers/listen.ts';
import { startStreamableMcpServer, type StreamablePeer } from '../../peers/mcp-streamable-server.ts';
import { startHttpWebsite } from '../../peers/websites.ts';
import { codes, runLayer, testContext } from './support.ts';
import { expectCode } from '../support/expect-code.ts';

let failing: StreamablePeer;
let invalid: StreamablePeer;
let website: Peer;
let brokenInit: Peer;
test.before(async () => {
  brokenInit = await startBrokenInitializeServer();
  failing = await startStreamableMcpServer({ failingToolList: true });
  invalid = await startStreamableMcpServer({ invalidToolList: true });
  website = await startHttpWebsite();
});
test.after(async () => {
  await failing.close();
  await invalid.close();
  await website.close();
  await brokenInit.close();
});

test('a declared tools capability whose list fails is a fail (MCP-008)', async () => {
  const result = await runLayer(mcpLayer, testContext(failing.url));
  assert.is(result.status, 'fail');
  expectCode(result, 'MCP-008');
  assert.match(result.messages.find((m) => m.code === 'MCP-008')?.message ?? '', /tool registry unavailable/);
});

test('a tools/list result with an invalid tool is a fail (MCP-009)', async () => {
  const result = await runLayer(mcpLayer, testContext(invalid.url));
  assert.is(result.status, 'fail');
  expectCode(result, 'MCP-009');
});

test('a JSON-RPC endpoint whose initialize result is invalid fails the handshake (MCP-004)', async () => {
  const result = await runLayer(mcpLayer, testContext(brokenInit.url));
  assert.is(result.status, 'fail');
  expectCode(result, 'MCP-004');
});

test('a JSON API answering POST with 200 is not MCP', async () => {
  const result = await runLayer(mcpLayer, testContext(new URL('/api', website.url)));
  assert.is(result.status, 'not_detected');
  expectCode(result, 'MCP-002');
});

test('a 401 with a Basic (not Bearer) challenge is not taken for an MCP endpoint', async () => {
  const result = await runLayer(mcpLayer, testContext(new URL('/basic-auth', website.url)));
  assert.is(result.status, 'not_detected');
  assert.is(result.categories.supportsMcp, false);
  expectCode(result, 'MCP-002');
});

test('a website is not an MCP endpoint', async () => {
  const result = await runLayer(mcpLayer, testContext(website.url));
  assert.is(result.status, 'not_detected');
  assert.is(result.categories.isReachable, true);
  expectCode(result, 'MCP-002');
});

test('a dead port is not detected, with a pointer to the HTTP layer', async () => {
  const result = await runLayer(mcpLayer, testContext(await deadPortUrl()));
  assert.is(result.status, 'not_detected');
  assert.is(result.categories.isReachable, false);
  expectCode(result, 'MCP-019');
});

test.run();
