/** Secrets in the endpoint URL never appear in any layer's messages, summary or raw data. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { layers } from '../../../validator-service/layers/index.ts';
import { redactText } from '../../../validator-service/layers/shared/redact.ts';
import { seededRandom } from '../../support/seeded-random.ts';
import { startStreamableMcpServer, type StreamablePeer } from '../../peers/mcp-streamable-server.ts';
import { runLayer, testContext } from './support.ts';

let peer: StreamablePeer;
test.before(async () => {
  peer = await startStreamableMcpServer();
});
test.after(async () => {
  await peer.close();
});

test('URL credentials and secret query values are redacted, other text is kept', () => {
  assert.is(
    redactText('see https://alice:pw@host.example/x?api_key=k1&page=2'),
    'see https://***@host.example/x?api_key=***&page=2',
  );
  assert.is(redactText('plain text, no URL'), 'plain text, no URL');
});

// The two patterns the scanners replace. They backtrack in cubic / quadratic time on text such as
// `?key?key?key…` (an 8 KB Server header froze the service for seconds), so they live on only here,
// as the reference the linear scanners must agree with on short generated text.
const SECRET_WORDS = 'token|key|secret|password|passwd|pwd|auth|signature|sig|credential|session|code';
const referenceUserinfo = new RegExp('(\\b[a-z][a-z0-9+.-]*:\\/\\/)[^\\s/?#@]+@', 'gi');
const referenceParam = new RegExp(`([?&][^=&\\s#"]*(?:${SECRET_WORDS})[^=&\\s#"]*=)[^&\\s#"]+`, 'gi');
const reference = (text: string) => text.replace(referenceUserinfo, '$1***@').replace(referenceParam, '$1***');

test('the linear scanners redact exactly what the reference patterns do (seeded, 20,000 strings)', () => {
  const random = seededRandom(23);
  const pieces = [
    'https://',
    'ftp://',
    'Xa',
    '1a',
    '://',
    'a:b@',
    '@',
    '?',
    '&',
    '=',
    '#',
    '"',
    ' ',
    '\n',
    '/',
    ':',
    'key',
    'KEY',
    'Token',
    'sig',
    'code',
    'x',
    'y_',
    '_',
    '.',
    '+',
    '-',
    '9',
    'é',
    '\u00a0',
    'pass',
    'word',
    'api_key=',
    '?token=',
    'user@',
  ];
  for (let i = 0; i < 20_000; i += 1) {
    let text = '';
    const length = 1 + Math.floor(random() * 14);
    for (let j = 0; j < length; j += 1) text += pieces[Math.floor(random() * pieces.length)];
    assert.is(redactText(text), reference(text), JSON.stringify(text));
  }
});

test('all nine layers on a URL carrying an API key leak it nowhere, and still assess the endpoint', async () => {
  const url = new URL(peer.url);
  url.searchParams.set('api_key', 'abc123secret');
  const results = await Promise.all(layers.map((layer) => runLayer(layer, testContext(url))));
  const text = JSON.stringify(results);
  assert.not.ok(text.includes('abc123secret'), 'api key leaked');
  assert.is(results.find((r) => r.layer === 'mcp')?.status, 'pass', 'the endpoint is still assessed');
});

// The service refuses such URLs at its door (parseTargetUrl); the guarded fetch cannot send them
// (a Request with credentials is a TypeError that names the URL), and no layer may echo them.
test('all nine layers on a URL carrying a password and an API key leak neither', async () => {
  const url = new URL(peer.url);
  url.username = 'alice';
  url.password = 's3cret-pass';
  url.searchParams.set('api_key', 'abc123secret');
  const results = await Promise.all(layers.map((layer) => runLayer(layer, testContext(url))));
  const text = JSON.stringify(results);
  assert.not.ok(text.includes('s3cret-pass'), 'password leaked');
  assert.not.ok(text.includes('abc123secret'), 'api key leaked');
  assert.is(results.length, 9);
});

test.run();
