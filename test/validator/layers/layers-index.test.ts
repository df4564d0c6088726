/** The layer list the pipeline runs: all nine layers, own code families, deterministic, and abortable. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { layers } from '../../../validator-service/layers/index.ts';
import { startSilentServer } from '../../peers/dead-port.ts';
import type { Peer } from '../../peers/listen.ts';
import { startAppsMcpServer, type AppsPeer } from '../../peers/mcp-apps-server.ts';
import { runLayer, testContext } from './support.ts';

const family: Record<string, string> = {
  http: 'HTTP-',
  html: 'HTML-',
  mcp: 'MCP-',
  oauth: 'OAUTH-',
  ui: 'UI-',
  a2a: 'A2A-',
  x402: 'X402-',
  erc8004: 'ERC-',
  commerce: 'COM-',
};

let apps: AppsPeer;
let silent: Peer;
test.before(async () => {
  apps = await startAppsMcpServer('valid');
  silent = await startSilentServer();
});
test.after(async () => {
  await apps.close();
  await silent.close();
});

test('exports all nine layers', () => {
  assert.equal(
    layers.map((l) => l.name),
    ['http', 'mcp', 'oauth', 'ui', 'html', 'a2a', 'x402', 'erc8004', 'commerce'],
  );
});

test('all layers run concurrently on one endpoint, each with its own verdict and code family', async () => {
  const results = await Promise.all(layers.map((layer) => runLayer(layer, testContext(apps.url))));
  const verdicts = Object.fromEntries(results.map((r) => [r.layer, r.status]));
  assert.equal(verdicts, {
    http: 'pass',
    mcp: 'pass',
    oauth: 'not_detected',
    ui: 'pass',
    html: 'not_detected',
    a2a: 'not_detected',
    x402: 'not_detected',
    erc8004: 'not_detected',
    commerce: 'not_detected',
  });
  for (const result of results) {
    for (const message of result.messages)
      assert.ok(message.code.startsWith(family[result.layer] ?? '?'), `${result.layer}: ${message.code}`);
  }
});

test('the same endpoint gives the same messages twice', async () => {
  const once = await Promise.all(layers.map((layer) => runLayer(layer, testContext(apps.url))));
  const twice = await Promise.all(layers.map((layer) => runLayer(layer, testContext(apps.url))));
  assert.equal(JSON.stringify(twice.map((r) => r.messages)), JSON.stringify(once.map((r) => r.messages)));
});

test('every layer returns soon after the overall deadline aborts', async () => {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException('deadline', 'TimeoutError')), 300);
  const started = performance.now();
  const results = await Promise.all(
    layers.map((layer) => runLayer(layer, testContext(silent.url, { timeoutMs: 60_000, signal: controller.signal }))),
  );
  const elapsed = performance.now() - started;
  assert.ok(elapsed < 5000, `took ${Math.round(elapsed)} ms`);
  assert.is(results.find((r) => r.layer === 'http')?.status, 'fail');
});

test.run();
