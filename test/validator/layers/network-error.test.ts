/** The guarded fetch's own failures are classified like the system errors they stand for. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { classifyNetworkError } from '../../../validator-service/layers/shared/network-error.ts';
import { GuardedFetchError, SsrfBlockedError } from '../../../validator-service/net/errors.ts';

test('a guarded-fetch time cap is a timeout, not a generic failure', () => {
  assert.is(
    classifyNetworkError(new GuardedFetchError('TIMEOUT', 'no complete response within 10000 ms')).kind,
    'timeout',
  );
});

test('an address refused by the SSRF guard is "blocked"', () => {
  assert.is(classifyNetworkError(new SsrfBlockedError('refused to contact 10.0.0.1')).kind, 'blocked');
});

test('a refused connection under the guarded fetch keeps its system code', () => {
  const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
  assert.is(classifyNetworkError(new GuardedFetchError('NETWORK', 'could not reach', { cause })).kind, 'refused');
});

test.run();
