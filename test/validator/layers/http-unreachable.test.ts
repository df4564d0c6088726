/** HTTP layer verdicts for endpoints that cannot be reached: refused, DNS failure, timeout. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { httpLayer } from '../../../validator-service/layers/http.ts';
import { deadPortUrl, startSilentServer } from '../../peers/dead-port.ts';
import type { Peer } from '../../peers/listen.ts';
import { codes, runLayer, testContext } from './support.ts';
import { expectCode } from '../support/expect-code.ts';

let silent: Peer;
test.before(async () => {
  silent = await startSilentServer();
});
test.after(async () => {
  await silent.close();
});

test('a dead port fails with "connection refused"', async () => {
  const result = await runLayer(httpLayer, testContext(await deadPortUrl()));
  assert.is(result.status, 'fail');
  assert.is(result.categories.isHttpReachable, false);
  expectCode(result, 'HTTP-002');
  assert.is(result.messages.find((m) => m.code === 'HTTP-002')?.severity, 'error');
});

test('a host that does not resolve fails with a DNS finding', async () => {
  const result = await runLayer(httpLayer, testContext('http://nothing-here.invalid/'));
  assert.is(result.status, 'fail');
  expectCode(result, 'HTTP-001');
});

test('a server that never answers fails with a timeout before the deadline', async () => {
  const result = await runLayer(httpLayer, testContext(silent.url, { timeoutMs: 1000 }));
  assert.is(result.status, 'fail');
  expectCode(result, 'HTTP-003');
  assert.ok(result.durationMs < 5000, `took ${result.durationMs} ms`);
});

test.run();
