/**
 * The network of one assessment: each host name is resolved once for the whole assessment, sequential
 * requests reuse pooled connections, nothing stays open after it, and a pooled connection the server
 * dropped while idle is retried once on a fresh one — against real loopback servers.
 */
import { createServer, type Server } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readConfig } from '../../../validator-service/config.ts';
import type { Layer } from '../../../validator-service/layers/layer.ts';
import { openAssessmentNetwork } from '../../../validator-service/net/assessment-network.ts';
import { parseAllowList, type Resolver } from '../../../validator-service/net/index.ts';
import { loadLayers } from '../../../validator-service/pipeline/load-layers.ts';
import { createValidatorCore } from '../../../validator-service/validator-core.ts';
import { closeServer, listen } from '../../peers/listen.ts';
import { startPaidMcpServer, type PaidMcpPeer } from '../../peers/x402-mcp.ts';

let paid: PaidMcpPeer;
test.before(async () => {
  paid = await startPaidMcpServer();
});
test.after(() => paid.close());

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

test('an assessment asks DNS once per host name, however many requests and layers need it', async () => {
  const port = new URL(paid.url).port;
  const asked: string[] = [];
  const resolve: Resolver = async (hostname) => {
    asked.push(hostname);
    return [{ address: '127.0.0.1', family: 4 }];
  };
  const core = createValidatorCore({
    config: readConfig({ VALIDATOR_ALLOW_HOSTS: `agent.test:${port}` }),
    layers: await loadLayers(),
    resolve,
  });
  const assessment = await core.assess({ url: new URL(`http://agent.test:${port}/mcp`), timeoutMs: 15_000 });
  assert.is(assessment.layers.mcp.status, 'pass', JSON.stringify(assessment.layers.mcp.messages));
  assert.is(assessment.layers.x402.status, 'pass');
  assert.equal(asked, ['agent.test'], 'the pre-check and every layer request share one answer');
  await core.assess({ url: new URL(`http://agent.test:${port}/mcp`), timeoutMs: 15_000 });
  assert.equal(asked, ['agent.test', 'agent.test'], 'the next assessment asks again');
});

test("the layers find the assessment's DNS answers in their context, the target check's answer first", async () => {
  const port = new URL(paid.url).port;
  const asked: string[] = [];
  const resolve: Resolver = async (hostname) => {
    asked.push(hostname);
    return [{ address: '127.0.0.1', family: 4 }];
  };
  const seen: unknown[] = [];
  const layer: Layer = {
    name: 'http',
    async run(ctx) {
      seen.push(await ctx.assessment.dns.get('agent.test'));
      const response = await ctx.fetch(ctx.url);
      await response.arrayBuffer();
      seen.push([...ctx.assessment.dns.keys()]);
      return { layer: 'http', status: 'pass', categories: {}, summary: {}, messages: [], raw: null };
    },
  };
  const core = createValidatorCore({
    config: readConfig({ VALIDATOR_ALLOW_HOSTS: `agent.test:${port}` }),
    layers: [layer],
    resolve,
  });
  await core.assess({ url: new URL(`http://agent.test:${port}/mcp`), timeoutMs: 15_000 });
  assert.equal(seen, [[{ address: '127.0.0.1', family: 4 }], ['agent.test']]);
  assert.equal(asked, ['agent.test'], "the layer's request used the answer in its context");
});

test('sequential requests reuse pooled connections, and none is left open after the assessment', async () => {
  const core = createValidatorCore({
    config: readConfig({ VALIDATOR_ALLOW_HOSTS: new URL(paid.url).host }),
    layers: await loadLayers(),
  });
  const before = { ...paid.traffic };
  await core.assess({ url: new URL(paid.url), timeoutMs: 15_000 });
  const requests = paid.traffic.requests - before.requests;
  const connections = paid.traffic.connections - before.connections;
  assert.ok(requests >= 20, `requests ${requests}`);
  assert.ok(connections < requests, `${connections} connections for ${requests} requests`);
  await settle();
  assert.is(await paid.openConnections(), 0, 'the pool is closed with the assessment');
});

test('after close the network still answers, without keeping connections', async () => {
  const network = openAssessmentNetwork({
    allowList: parseAllowList(new URL(paid.url).host),
    resolve: async () => [],
    dns: new Map(),
  });
  network.close();
  const response = await network.fetch(new URL('/nothing', paid.url));
  await response.arrayBuffer();
  assert.is(response.status, 404);
  await settle();
  assert.is(await paid.openConnections(), 0);
});

test('a pooled connection the server dropped while idle is retried once on a fresh connection', async () => {
  let connections = 0;
  let received = 0;
  const server: Server = createServer((req, res) => {
    received += 1;
    const seen = (req.socket as { served?: number }).served ?? 0;
    (req.socket as { served?: number }).served = seen + 1;
    // Second request on a kept-alive connection: drop it without an answer, as a server whose idle
    // timeout just passed does.
    if (seen >= 1) {
      req.socket.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`answer ${received}`);
  });
  server.on('connection', () => {
    connections += 1;
  });
  const port = await listen(server);
  const network = openAssessmentNetwork({
    allowList: parseAllowList(`127.0.0.1:${port}`),
    resolve: async () => [],
    dns: new Map(),
  });
  try {
    const first = await network.fetch(`http://127.0.0.1:${port}/a`);
    assert.is(await first.text(), 'answer 1');
    const second = await network.fetch(`http://127.0.0.1:${port}/b`, { method: 'POST', body: '{"jsonrpc":"2.0"}' });
    assert.is(second.status, 200);
    assert.is(await second.text(), 'answer 3', 'the dropped request was sent again');
    assert.is(received, 3);
    assert.is(connections, 2);
  } finally {
    network.close();
    await closeServer(server);
  }
});

test.run();
