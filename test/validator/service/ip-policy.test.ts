/** The address policy on its own: public unicast passes, every special-purpose range is named. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseAllowList } from '../../../validator-service/net/allow-list.ts';
import { blockedReason } from '../../../validator-service/net/ip-policy.ts';

test('public IPv4 and IPv6 addresses pass, including public ones in 6to4 and mapped forms', () => {
  for (const address of [
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '2002:808:808::1',
    '172.32.0.1',
    '100.128.0.1',
  ]) {
    assert.is(blockedReason(address), null, address);
  }
});

test('special-purpose addresses are refused with a reason', () => {
  const cases: [string, RegExp][] = [
    ['127.0.0.1', /loopback/],
    ['127.255.255.254', /loopback/],
    ['10.255.0.1', /private/],
    ['172.31.255.255', /private/],
    ['192.168.100.1', /private/],
    ['169.254.169.254', /metadata/],
    ['100.127.255.255', /carrier-grade/],
    ['0.1.2.3', /unspecified/],
    ['239.255.255.250', /multicast/],
    ['255.255.255.255', /broadcast/],
    ['198.18.0.1', /benchmarking/],
    ['203.0.113.9', /documentation/],
    ['::1', /loopback/],
    ['::', /unspecified/],
    ['fc00::1', /unique-local/],
    ['fdff:ffff::1', /unique-local/],
    ['fe80::abcd', /link-local/],
    ['ff02::1', /multicast/],
    ['2001:db8::1', /documentation/],
    ['2001:0:4136:e378::1', /Teredo/],
    ['::ffff:10.0.0.1', /IPv4-mapped form of 10\.0\.0\.1/],
    ['::ffff:a9fe:a9fe', /IPv4-mapped form of 169\.254\.169\.254/],
    ['64:ff9b::7f00:1', /NAT64 form of 127\.0\.0\.1/],
    ['::ffff:0:7f00:1', /IPv4-translated \(SIIT\) form of 127\.0\.0\.1/],
    ['::ffff:0:169.254.169.254', /translated.*metadata/],
    ['::ffff:0:a00:1', /translated.*private/],
    ['2002:0a00:0001::', /6to4 form of 10\.0\.0\.1/],
    ['::7f00:1', /IPv4-compatible/],
    ['fe80::1%eth0', /link-local/],
    ['not-an-ip', /not an IP/],
  ];
  for (const [address, reason] of cases) assert.match(blockedReason(address) ?? 'null', reason, address);
});

test('the allowlist matches host and optional port, normalised like URL hosts', () => {
  const list = parseAllowList(' 127.0.0.1:4001 , LocalHost , [::1]:9000, peer.example. ');
  assert.ok(list.allows('127.0.0.1', 4001));
  assert.not.ok(list.allows('127.0.0.1', 4002));
  assert.ok(list.allows('localhost', 1234));
  assert.ok(list.allows('localhost.', 1234));
  assert.ok(list.allows('[::1]', 9000));
  assert.not.ok(list.allows('[::1]', 9001));
  assert.ok(list.allows('peer.example', 443));
  assert.not.ok(list.allows('evil.example', 443));
  assert.equal(parseAllowList('a.example,http://b/').invalid, ['http://b/']);
});

test.run();
