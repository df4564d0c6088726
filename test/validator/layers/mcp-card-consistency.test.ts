/**
 * The MCP layer compares a served server card with what the server answers (SEP-2127 draft,
 * "Consistency with Runtime Behavior"): a toolkit bundle served with `--http`, whose card is built
 * from the same data, has no difference; an official-SDK server whose card disagrees gets one
 * warning per difference, located in the card, and nothing else of the kind.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mcpLayer } from '../../../validator-service/layers/mcp.ts';
import { namesAgree } from '../../../validator-service/layers/mcp/card-consistency.ts';
import type { LayerResult } from '../../../validator-service/layers/layer.ts';
import { buildWorkspace } from '../../build/support/run-cli.ts';
import { createWorkspace } from '../../build/support/workspace.ts';
import { startStreamableMcpServer } from '../../peers/mcp-streamable-server.ts';
import { startHttpBundle } from '../../support/http-server.ts';
import { surfaceCatalog } from '../../support/surface-catalog.ts';
import { expectCode, expectNoCode } from '../support/expect-code.ts';
import { runLayer, testContext } from './support.ts';

const CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
const CONSISTENCY = ['MCP-033', 'MCP-034', 'MCP-035', 'MCP-036', 'MCP-037', 'MCP-038'];

const differences = (result: LayerResult) =>
  result.messages
    .filter((m) => CONSISTENCY.includes(m.code))
    .map((m) => `${m.code} ${m.location?.replace(/^http:\/\/[^/]+/, '')}`)
    .sort();

const ws = createWorkspace('validator-card');
test.after(() => ws.remove());

test('a toolkit bundle served with --http says on its card what it answers: no difference', async () => {
  for (const [path, contents] of Object.entries(surfaceCatalog('https://127.0.0.1:9'))) {
    ws.write(path, contents as string);
  }
  const build = await buildWorkspace(ws.dir);
  assert.is(build.code, 0, build.stdout + build.stderr);
  const env = { ...(process.env as Record<string, string>), HOME: ws.path('home') };
  const server = await startHttpBundle(ws.path('out', 'catalog.mjs'), env);
  try {
    const result = await runLayer(mcpLayer, testContext(server.url, { timeoutMs: 30_000 }));
    assert.is(result.summary.serverCard, 'sep-2127');
    assert.equal(result.summary.eras, ['2026-07-28', '2025-11-25']);
    assert.ok(Number(result.summary.toolCount) > 0);
    assert.equal(differences(result), [], JSON.stringify(result.messages, null, 1));
    for (const code of CONSISTENCY) expectNoCode(result, code);
  } finally {
    await server.stop();
  }
});

test('an SDK server whose card agrees with it in every field it states: no difference', async () => {
  const peer = await startStreamableMcpServer({
    serverCard: (endpoint) => ({
      $schema: CARD_SCHEMA,
      name: 'example-org/loopback-streamable',
      version: '1.2.3',
      description: 'Loopback echo server',
      capabilities: { tools: {}, resources: {} },
      tools: ['echo_0', 'echo_1', 'echo_2', 'echo_3', 'echo_4'],
      resources: [{ uri: 'file:///readme.txt', name: 'readme' }],
      remotes: [{ type: 'streamable-http', url: endpoint, supportedProtocolVersions: ['2025-11-25', '2025-06-18'] }],
    }),
  });
  try {
    const result = await runLayer(mcpLayer, testContext(peer.url));
    expectCode(result, 'MCP-022');
    assert.equal(differences(result), [], JSON.stringify(result.messages, null, 1));
  } finally {
    await peer.close();
  }
});

test('an SDK server whose card disagrees gets one warning per difference, located in the card', async () => {
  const peer = await startStreamableMcpServer({
    serverCard: (endpoint) => ({
      $schema: CARD_SCHEMA,
      name: 'example-org/weather',
      title: 'Weather',
      version: '2.0.0',
      description: 'Loopback echo server',
      capabilities: { tools: {}, resources: {}, prompts: {} },
      tools: ['echo_0', 'echo_1', 'echo_2', 'echo_3', 'echo_4', 'translate'],
      remotes: [
        { type: 'sse', url: endpoint, supportedProtocolVersions: ['2026-07-28', '2025-11-25'] },
        // Another deployment's remote says nothing about this endpoint.
        { type: 'sse', url: 'https://mcp.elsewhere.example/mcp', supportedProtocolVersions: ['2024-11-05'] },
      ],
    }),
  });
  try {
    const result = await runLayer(mcpLayer, testContext(peer.url));
    assert.is(result.status, 'pass');
    assert.equal(differences(result), [
      'MCP-033 /mcp/server-card#name',
      'MCP-034 /mcp/server-card#version',
      'MCP-035 /mcp/server-card#remotes[0].supportedProtocolVersions',
      'MCP-036 /mcp/server-card#remotes[0].type',
      'MCP-037 /mcp/server-card#capabilities.prompts',
      'MCP-038 /mcp/server-card#tools',
    ]);
    expectCode(result, 'MCP-033', /"example-org\/weather".*"loopback-streamable"/);
    expectCode(result, 'MCP-034', /version 2\.0\.0.*version 1\.2\.3/);
    expectCode(result, 'MCP-035', /claims protocol 2026-07-28; the server does not answer server\/discover/);
    expectCode(result, 'MCP-036', /"sse".*"streamable-http"/);
    expectCode(result, 'MCP-037', /"prompts" capability; the server does not declare it/);
    expectCode(result, 'MCP-038', /tool "translate"; tools\/list does not list it/);
    assert.ok(result.messages.filter((m) => CONSISTENCY.includes(m.code)).every((m) => m.severity === 'warning'));
  } finally {
    await peer.close();
  }
});

test('a registry name and a free-form serverInfo name agree when one names the other', () => {
  assert.ok(namesAgree('local.toolkit/catalog', 'toolkit-catalog'));
  assert.ok(namesAgree('io.github.acme/weather', 'weather-mcp-server'));
  assert.ok(namesAgree('example-org/loopback-streamable', 'loopback-streamable'));
  assert.not.ok(namesAgree('io.github.acme/library', 'toolkit-catalog'));
  assert.not.ok(namesAgree('io.github.acme/weather', 'mcp-server'));
});

test.run();
