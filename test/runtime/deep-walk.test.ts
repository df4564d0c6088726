/**
 * One deep walk over JSON-like data (`mapStringsDeep`) serves redaction of results, secret resolution
 * in request bodies and the validator's layer redaction: strings mapped, keys only when asked, and a
 * `__proto__` key from parsed JSON stays data.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mapStringsDeep, redactSecretsDeep } from '../../runtime/secrets/redact.ts';
import { redactUrlCredentialsDeep } from '../../validator-service/layers/shared/redact.ts';

test('maps every string, keys only when asked, and copies', () => {
  const value = { a: 'x', list: ['x', 1, null, { x: 'x' }], n: 2, t: true };
  const upper = (s: string) => s.toUpperCase();
  assert.equal(mapStringsDeep(value, upper), { a: 'X', list: ['X', 1, null, { x: 'X' }], n: 2, t: true });
  assert.equal(mapStringsDeep(value, upper, { keys: true }), {
    A: 'X',
    LIST: ['X', 1, null, { X: 'X' }],
    N: 2,
    T: true,
  });
  assert.equal(value, { a: 'x', list: ['x', 1, null, { x: 'x' }], n: 2, t: true }, 'the input is untouched');
});

test('a __proto__ key in parsed data stays an own data property when redacted', () => {
  const parsed = JSON.parse('{"__proto__": {"secret": "s3cr3t-value"}, "ok": "s3cr3t-value"}') as Record<
    string,
    unknown
  >;
  const out = redactSecretsDeep(parsed, (s) => s.split('s3cr3t-value').join('[redacted]'));
  assert.ok(Object.prototype.hasOwnProperty.call(out, '__proto__'));
  assert.is(Object.getPrototypeOf(out), Object.prototype);
  assert.equal(JSON.parse(JSON.stringify(out)), { ['__proto__']: { secret: '[redacted]' }, ok: '[redacted]' });
});

test('the validator redacts layer results through the same walk, keys kept', () => {
  assert.equal(redactUrlCredentialsDeep({ 'https://u:p@h/': ['https://u:p@h/?token=abc'] }), {
    'https://u:p@h/': ['https://***@h/?token=***'],
  });
});

test.run();
