/**
 * An upstream that echoes the API key base64-encoded — at byte offsets 0, 1 and 2 (after 0, 1 or 2
 * other bytes, as in `Basic base64("user:" + key)`), in the standard and the URL-safe alphabet, alone
 * and run on inside longer base64 text — gets every key-derived character redacted before the client
 * sees the answer. The key is chosen so its base64 holds `+` and `/` at every offset: the URL-safe
 * form differs from the standard one in each (with a key whose base64 has neither, one alphabet
 * would cover both and a missing alphabet would go unnoticed).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestCa, type TestCa } from '../support/tls.ts';
import { schema, tool } from './support/models.ts';
import { assertNoCanary, spawnStdio, textOf, type Spawned } from './support/spawn-server.ts';
import { startUpstream, type Upstream } from './support/upstream.ts';

const test = suite('base64 redaction, end to end');
/** `>>>` and `???` encode to `+` and `/` at every alignment. */
const KEY = 'sk_live_>>>???>~>?~0123456789abcdef';

const standard = (bytes: Buffer) => bytes.toString('base64');
const urlSafe = (bytes: Buffer) => bytes.toString('base64url');
/** The characters of `encoded` (base64 of some bytes) that depend only on bytes [start, start + length). */
function keyPart(encoded: string, start: number, length: number): string {
  let from = 0;
  while (Math.floor((6 * from) / 8) < start) from += 1;
  let to = from;
  while (Math.floor((6 * to + 5) / 8) < start + length) to += 1;
  return encoded.slice(from, to);
}

/** Every echo: [name, text the upstream writes, the key-derived part that must not come back]. */
function echoes(key: string): [string, string, string][] {
  const size = Buffer.byteLength(key);
  const out: [string, string, string][] = [];
  for (const prefix of ['', 'u', 'us']) {
    for (const [alphabet, encode] of [
      ['standard', standard],
      ['url-safe', urlSafe],
    ] as const) {
      const encoded = encode(Buffer.from(prefix + key));
      out.push([`offset ${prefix.length}, ${alphabet}`, encoded, keyPart(encoded, prefix.length, size)]);
      // Run on inside other base64 text: the encoding of filler (12 bytes: the alignment stays) + prefix + key + more.
      const inside = encode(Buffer.from(`filler bytes${prefix}${key} and more`));
      const name = `offset ${prefix.length}, ${alphabet}, inside longer text`;
      out.push([name, inside, keyPart(inside, 12 + prefix.length, size)]);
    }
  }
  const basic = standard(Buffer.from(`user:${key}`));
  out.push(['Basic user:key', `Basic ${basic}`, keyPart(basic, 5, size)]);
  return out;
}

let ca: TestCa;
let upstream: Upstream;
let served: Spawned;

test.before(async () => {
  ca = createTestCa();
  upstream = await startUpstream(ca, {
    '/echo': (request) => {
      const key = String(request.headers['x-key'] ?? '');
      const body = Object.fromEntries(echoes(key).map(([name, text]) => [name, text]));
      return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    },
  });
  served = await spawnStdio({
    caFile: ca.caFile,
    env: { B64_KEY: KEY },
    schemas: [
      schema('b64', [tool('echo', 'GET', [`${upstream.origin}/echo`])], {
        requiredServerParams: ['B64_KEY'],
        headers: { 'x-key': [{ server: 'B64_KEY' }] },
      }),
    ],
  });
});

test.after(async () => {
  await served?.close();
  await upstream?.close();
  assertNoCanary();
});

test('the key has + and / in its base64 at every offset (so each alphabet is tested on its own)', () => {
  for (const prefix of ['', 'u', 'us']) {
    const part = keyPart(standard(Buffer.from(prefix + KEY)), prefix.length, KEY.length);
    assert.match(part, /\+/, `offset ${prefix.length}`);
    assert.match(part, /\//, `offset ${prefix.length}`);
  }
});

test('every base64 form the upstream echoes is redacted in the answer', async () => {
  const result = await served.client.callTool({ name: 'echo_b64', arguments: {} });
  assert.not.ok(result.isError, textOf(result));
  const answer = JSON.parse(textOf(result)) as Record<string, string>;
  const wire = JSON.stringify(result);
  for (const [name, , part] of echoes(KEY)) {
    assert.ok(part.length >= 20, `${name}: the key-derived part is long enough to mean something`);
    assert.ok(answer[name]?.includes('[redacted]'), `${name}: ${answer[name]}`);
    assert.not.ok(wire.includes(part), `${name}: key-derived base64 came through: ${answer[name]}`);
  }
  assert.ok(
    upstream.seen.some((r) => r.headers['x-key'] === KEY),
    'the upstream was sent the key',
  );
});

test.run();
