/**
 * Evidence before verdict, against real peers of other protocols on loopback: an A2A JSON-RPC
 * endpoint (`@a2a-js/sdk`), an Ethereum JSON-RPC node (ganache) and a plain Bearer-protected REST
 * API (express) are "not detected" for MCP (and the REST API for OAuth), never red; and the Origin
 * check: an SDK server that accepts any Origin gets MCP-030, ours (the runtime) and origin-checking
 * servers get MCP-031 in both eras, a refusal with another status MCP-032.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import express from 'express';
import ganache from 'ganache';
import { createMcpServer, createRuntime, serveHttp } from '../../../runtime/index.ts';
import type { UpstreamHttpClient } from '../../../runtime/upstream/upstream-http.ts';
import { mcpLayer } from '../../../validator-service/layers/mcp.ts';
import { oauthLayer } from '../../../validator-service/layers/oauth.ts';
import { startA2aAgent } from '../../peers/a2a-agent.ts';
import { startLoopback } from '../../peers/listen.ts';
import { startStatelessMcpServer } from '../../peers/mcp-stateless-server.ts';
import { startStreamableMcpServer } from '../../peers/mcp-streamable-server.ts';
import { startAuthorizationServerWithoutPkce } from '../../peers/authorization-servers.ts';
import { startProtectedMcpServer } from '../../peers/oauth-protected-mcp.ts';
import { schema, tool } from '../../runtime/support/models.ts';
import { expectCode, expectNoCode } from '../support/expect-code.ts';
import { runLayer, testContext } from './support.ts';

const test = suite('MCP evidence');

test('an A2A JSON-RPC endpoint (@a2a-js/sdk) is not detected as MCP: its -32601 is no MCP evidence', async () => {
  const agent = await startA2aAgent('v1-ap2');
  try {
    const result = await runLayer(mcpLayer, testContext(`${agent.url}/a2a/jsonrpc`));
    assert.is(result.status, 'not_detected');
    assert.is(result.categories['supportsMcp'], false);
    expectCode(result, 'MCP-002', /JSON-RPC error -32601 .*a JSON-RPC service of another protocol/);
    expectNoCode(result, 'MCP-004');
  } finally {
    await agent.close();
  }
});

test('an Ethereum JSON-RPC node (ganache) is not detected as MCP', async () => {
  const node = ganache.server({ logging: { quiet: true }, wallet: { totalAccounts: 1 } } as never);
  await node.listen(0, '127.0.0.1');
  try {
    const { port } = node.address() as { port: number };
    const result = await runLayer(mcpLayer, testContext(`http://127.0.0.1:${port}/`));
    assert.is(result.status, 'not_detected', JSON.stringify(result.messages));
    expectCode(result, 'MCP-002', /JSON-RPC error -32\d{3}/);
    expectNoCode(result, 'MCP-004');
  } finally {
    await node.close();
  }
});

test('a plain Bearer-protected REST API is not detected for MCP or OAuth', async () => {
  const app = express();
  app.use((req, res, next) => {
    if (req.headers.authorization === 'Bearer sesame') {
      next();
      return;
    }
    res
      .status(401)
      .set('www-authenticate', 'Bearer realm="orders", error="invalid_token"')
      .json({ error: 'unauthorized' });
  });
  app.all('/api/orders', (_req, res) => {
    res.json({ orders: [] });
  });
  const api = await startLoopback(app);
  try {
    const url = `${api.url}/api/orders`;
    const mcp = await runLayer(mcpLayer, testContext(url));
    assert.is(mcp.status, 'not_detected');
    expectCode(mcp, 'MCP-002', /Bearer challenge that names no protected-resource metadata/);
    expectNoCode(mcp, 'MCP-003');
    const oauth = await runLayer(oauthLayer, testContext(url));
    assert.is(oauth.status, 'not_detected');
    expectCode(oauth, 'OAUTH-021');
    expectNoCode(oauth, 'OAUTH-003');
  } finally {
    await api.close();
  }
});

test('a challenge naming unreadable metadata: MCP needing authorization, OAUTH-005 and OAUTH-003', async () => {
  const issuer = await startAuthorizationServerWithoutPkce();
  const peer = await startProtectedMcpServer({ issuer: issuer.issuer, metadataMissing: true, checkOrigin: true });
  try {
    const mcp = await runLayer(mcpLayer, testContext(peer.url));
    expectCode(mcp, 'MCP-003');
    expectCode(mcp, 'MCP-031', /initialize \(2025 era\).* refused with 403/);
    const oauth = await runLayer(oauthLayer, testContext(peer.url));
    assert.is(oauth.status, 'fail');
    expectCode(oauth, 'OAUTH-005');
    expectCode(oauth, 'OAUTH-003');
  } finally {
    await peer.close();
    await issuer.close();
  }
});

test('an SDK server accepting any Origin gets MCP-030 (fail); the same server checking it MCP-031', async () => {
  const open = await startStreamableMcpServer({ acceptAnyOrigin: true });
  const guarded = await startStreamableMcpServer();
  try {
    const bad = await runLayer(mcpLayer, testContext(open.url));
    assert.is(bad.status, 'fail');
    expectCode(bad, 'MCP-030', /Origin: https:\/\/dns-rebinding-probe\.example was accepted/);
    const good = await runLayer(mcpLayer, testContext(guarded.url));
    assert.is(good.status, 'pass');
    expectCode(good, 'MCP-031');
    expectNoCode(good, 'MCP-030');
    assert.not.ok(guarded.methods.includes('tools/call'), 'no tool was called');
  } finally {
    await open.close();
    await guarded.close();
  }
});

test('our runtime refuses a foreign Origin in both eras (two MCP-031, no MCP-030)', async () => {
  const upstream: UpstreamHttpClient = {
    async request() {
      return { status: 200, statusText: 'OK', headers: new Headers(), bytes: new Uint8Array() };
    },
    close() {},
  };
  const runtime = createRuntime({
    schemas: [schema('weather', [tool('getForecast', 'GET', ['https://api.weather.example/forecast'])])],
    serverParams: {},
    http: upstream,
  });
  const ours = await serveHttp(() => createMcpServer(runtime.tools, { name: 'ours', version: '1.0.0' }), { port: 0 });
  try {
    const result = await runLayer(mcpLayer, testContext(ours.url));
    assert.is(result.status, 'pass', JSON.stringify(result.messages.filter((m) => m.severity !== 'info')));
    const refusals = result.messages.filter((m) => m.code === 'MCP-031').map((m) => m.message);
    assert.is(refusals.length, 2, refusals.join('\n'));
    assert.match(refusals.join('\n'), /initialize \(2025 era\)/);
    assert.match(refusals.join('\n'), /server\/discover \(2026-07-28 era\)/);
    expectNoCode(result, 'MCP-030');
  } finally {
    await ours.close();
  }
});

test('a server refusing a foreign Origin with another status than 403 gets MCP-032', async () => {
  const peer = await startStatelessMcpServer({ originStatus: 400 });
  try {
    const result = await runLayer(mcpLayer, testContext(peer.url));
    expectCode(result, 'MCP-032', /server\/discover \(2026-07-28 era\).* refused with 400, not 403/);
    expectNoCode(result, 'MCP-030');
  } finally {
    await peer.close();
  }
});

test.run();
