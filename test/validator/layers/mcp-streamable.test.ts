/** MCP layer against the official SDK server over Streamable HTTP: handshake, pagination, gating. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { mcpLayer } from '../../../validator-service/layers/mcp.ts';
import { startStreamableMcpServer, type StreamablePeer } from '../../peers/mcp-streamable-server.ts';
import { codes, runLayer, testContext } from './support.ts';
import { expectCode } from '../support/expect-code.ts';

let peer: StreamablePeer;
test.before(async () => {
  peer = await startStreamableMcpServer({ toolCount: 5, pageSize: 2 });
});
test.after(async () => {
  await peer.close();
});

test('passes with server info, negotiated version and instructions', async () => {
  const result = await runLayer(mcpLayer, testContext(peer.url));
  assert.is(result.status, 'pass', JSON.stringify(result.messages));
  assert.is(result.summary.serverName, 'loopback-streamable');
  assert.is(result.summary.serverVersion, '1.2.3');
  assert.is(result.summary.transport, 'streamable-http');
  assert.is(result.summary.protocolVersion, LATEST_PROTOCOL_VERSION);
  assert.is(result.summary.hasInstructions, true);
  assert.is(result.categories.supportsMcp, true);
  expectCode(result, 'MCP-016', /Server loopback-streamable 1\.2\.3/);
  expectCode(result, 'MCP-017');
  expectCode(result, 'MCP-021', /5 tool\(s\), 1 resource\(s\)/);
});

test('failing lists of declared capabilities fail, each named (MCP-010, MCP-018, MCP-011)', async () => {
  const failing = await startStreamableMcpServer({ failingLists: true });
  try {
    const result = await runLayer(mcpLayer, testContext(failing.url));
    assert.is(result.status, 'fail');
    expectCode(result, 'MCP-010', /storage offline/);
    expectCode(result, 'MCP-018', /storage offline/);
    expectCode(result, 'MCP-011', /storage offline/);
  } finally {
    await failing.close();
  }
});

test('tools against the guidance: a space (MCP-013), a duplicate (MCP-014), no description (MCP-015)', async () => {
  const odd = await startStreamableMcpServer({ oddTools: true });
  try {
    const result = await runLayer(mcpLayer, testContext(odd.url));
    assert.is(result.status, 'fail');
    expectCode(result, 'MCP-013', /echo 2/);
    expectCode(result, 'MCP-014', /echo_0/);
    expectCode(result, 'MCP-015', /mute/);
  } finally {
    await odd.close();
  }
});

test('a server answering an older protocol version is told so (MCP-006)', async () => {
  const older = await startStreamableMcpServer({ answerVersion: '2025-03-26' });
  try {
    const result = await runLayer(mcpLayer, testContext(older.url));
    assert.is(result.status, 'pass', JSON.stringify(result.messages.filter((m) => m.severity !== 'info')));
    assert.is(result.summary.protocolVersion, '2025-03-26');
    expectCode(result, 'MCP-006', /chose 2025-03-26/);
  } finally {
    await older.close();
  }
});

test('follows nextCursor through every tools/list page', async () => {
  peer.methods.length = 0;
  const result = await runLayer(mcpLayer, testContext(peer.url));
  assert.is(result.summary.toolCount, 5);
  const raw = result.raw as { tools: { name: string }[]; pages: { tools: number } };
  assert.equal(
    raw.tools.map((t) => t.name),
    ['echo_0', 'echo_1', 'echo_2', 'echo_3', 'echo_4'],
  );
  assert.is(raw.pages.tools, 3);
  assert.is(peer.methods.filter((m) => m === 'tools/list').length, 3);
});

test('lists only declared capabilities and never calls a tool', async () => {
  peer.methods.length = 0;
  const result = await runLayer(mcpLayer, testContext(peer.url));
  assert.is(result.summary.resourceCount, 1);
  assert.is(result.categories.hasPrompts, false);
  assert.not.ok(peer.methods.includes('prompts/list'), peer.methods.join(' '));
  assert.not.ok(peer.methods.includes('tools/call'));
  expectCode(result, 'MCP-020');
});

test.run();
