/** Secrets in the endpoint URL never appear in any layer's messages, summary or raw data. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { layers } from '../../../validator-service/layers/index.ts';
import { redactText } from '../../../validator-service/layers/shared/redact.ts';
import { startStreamableMcpServer, type StreamablePeer } from '../../peers/mcp-streamable-server.ts';
import { runLayer, testContext } from './support.ts';

let peer: StreamablePeer;
test.before(async () => { peer = await startStreamableMcpServer(); });
test.after(async () => { await peer.close(); });

test('URL credentials and secret query values are redacted, other text is kept', () => {
  assert.is(redactText('see https://alice:pw@host.example/x?api_key=k1&page=2'), 'see https://***@host.example/x?api_key=***&page=2');
  assert.is(redactText('plain text, no URL'), 'plain text, no URL');
});

test('all eight layers on a URL carrying an API key leak it nowhere, and still assess the endpoint', async () => {
  const url = new URL(peer.url);
  url.searchParams.set('api_key', 'abc123secret');
  const results = await Promise.all(layers.map((layer) => runLayer(layer, testContext(url))));
  const text = JSON.stringify(results);
  assert.not.ok(text.includes('abc123secret'), 'api key leaked');
  assert.is(results.find((r) => r.layer === 'mcp')?.status, 'pass', 'the endpoint is still assessed');
});

// The service refuses such URLs at its door (parseTargetUrl); the guarded fetch cannot send them
// (a Request with credentials is a TypeError that names the URL), and no layer may echo them.
test('all eight layers on a URL carrying a password and an API key leak neither', async () => {
  const url = new URL(peer.url);
  url.username = 'alice';
  url.password = 's3cret-pass';
  url.searchParams.set('api_key', 'abc123secret');
  const results = await Promise.all(layers.map((layer) => runLayer(layer, testContext(url))));
  const text = JSON.stringify(results);
  assert.not.ok(text.includes('s3cret-pass'), 'password leaked');
  assert.not.ok(text.includes('abc123secret'), 'api key leaked');
  assert.is(results.length, 8);
});

test.run();
