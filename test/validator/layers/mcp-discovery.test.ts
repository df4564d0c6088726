/** MCP layer beyond the SDK: the 2026-07-28 stateless era via server/discover, and server cards. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mcpLayer } from '../../../validator-service/layers/mcp.ts';
import { startStatelessMcpServer, type StatelessPeer } from '../../peers/mcp-stateless-server.ts';
import { startStreamableMcpServer, type StreamablePeer } from '../../peers/mcp-streamable-server.ts';
import { codes, runLayer, testContext } from './support.ts';
import { expectCode, expectNoCode } from '../support/expect-code.ts';

let modern: StatelessPeer;
let carded: StreamablePeer;
let plain: StreamablePeer;
test.before(async () => {
  modern = await startStatelessMcpServer();
  carded = await startStreamableMcpServer({ serverCard: true });
  plain = await startStreamableMcpServer();
});
test.after(async () => {
  for (const peer of [modern, carded, plain]) await peer.close();
});

test('a stateless-era server is detected through server/discover and its tools are paginated', async () => {
  const result = await runLayer(mcpLayer, testContext(modern.url));
  assert.is(result.status, 'pass', JSON.stringify(result.messages, null, 1));
  assert.is(result.categories.isStateless, true);
  assert.is(result.summary.protocolVersion, '2026-07-28');
  assert.is(result.summary.serverName, 'loopback-stateless');
  assert.is(result.summary.toolCount, 2);
  // Two pages, and the first page once more to check the order is stable.
  assert.is(modern.methods.filter((m) => m === 'tools/list').length, 3);
  assert.not.ok(modern.methods.includes('tools/call'));
  expectCode(result, 'MCP-025');
});

test('reports the server-card convention, and an incomplete card as a warning', async () => {
  const withCard = await runLayer(mcpLayer, testContext(carded.url));
  assert.is(withCard.summary.serverCard, 'sep-2127');
  expectCode(withCard, 'MCP-022');
  expectNoCode(withCard, 'MCP-023');
  expectNoCode(withCard, 'MCP-027');
  const legacyCard = await runLayer(mcpLayer, testContext(modern.url));
  assert.is(legacyCard.summary.serverCard, 'sep-1649');
  expectCode(legacyCard, 'MCP-023', /\$schema/);
  const elsewhere = await startStreamableMcpServer({ serverCard: 'other-remote' });
  try {
    expectCode(await runLayer(mcpLayer, testContext(elsewhere.url)), 'MCP-027');
  } finally {
    await elsewhere.close();
  }
  const none = await runLayer(mcpLayer, testContext(plain.url));
  assert.is(none.summary.serverCard, null);
  expectCode(none, 'MCP-024');
});

test.run();
