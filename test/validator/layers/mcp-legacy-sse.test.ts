/** MCP layer falls back to the legacy HTTP+SSE transport when the POST is refused with 405. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mcpLayer } from '../../../validator-service/layers/mcp.ts';
import { startSseMcpServer, type SsePeer } from '../../peers/mcp-sse-server.ts';
import { codes, runLayer, testContext } from './support.ts';
import { expectCode, expectNoCode } from '../support/expect-code.ts';

let peer: SsePeer;
test.before(async () => {
  peer = await startSseMcpServer();
});
test.after(async () => {
  await peer.close();
});

test('connects over SSE, lists tools and prompts, and warns about the deprecated transport', async () => {
  const result = await runLayer(mcpLayer, testContext(peer.url));
  assert.is(result.status, 'pass', JSON.stringify(result.messages));
  assert.is(result.summary.transport, 'sse');
  assert.is(result.summary.serverName, 'loopback-sse');
  assert.is(result.summary.toolCount, 1);
  assert.is(result.summary.promptCount, 1);
  assert.is(result.categories.usesLegacySse, true);
  expectCode(result, 'MCP-005');
  expectNoCode(result, 'MCP-030');
  const exchanges = (result.raw as { exchanges: { method: string; status: number }[] }).exchanges;
  assert.is(exchanges[0]?.method, 'POST');
  assert.is(exchanges[0]?.status, 405);
  assert.not.ok(peer.methods.includes('tools/call'));
  expectCode(result, 'MCP-001');
});

test.run();
