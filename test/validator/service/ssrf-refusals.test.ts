/**
 * Every way of pointing the service at a non-public address is refused before any layer runs, with
 * a 400 naming `url` and a message that says what was refused and why.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Resolver } from '../../../validator-service/net/resolve-target.ts';
import { fetchingLayer } from './support/fake-layers.ts';
import { inProcess, postJson } from './support/service.ts';

// Hostile DNS for made-up names; everything else is an IP literal or resolved by the system (localhost).
const zone: Record<string, string[]> = {
  'rebind.attacker.test': ['127.0.0.1'],
  'metadata.attacker.test': ['169.254.169.254'],
  'mixed.attacker.test': ['93.184.216.34', '10.1.2.3'],
  'v6only.attacker.test': ['fd12:3456::1'],
  'mapped.attacker.test': ['::ffff:192.168.1.1'],
};
const resolve: Resolver = async (host) => {
  const answers = zone[host];
  if (answers) return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const { systemResolver } = await import('../../../validator-service/net/resolve-target.ts');
  return systemResolver(host);
};

let layerRuns = 0;
const countingLayer = {
  ...fetchingLayer('http'),
  run: async (...args: Parameters<ReturnType<typeof fetchingLayer>['run']>) => {
    layerRuns++;
    return fetchingLayer('http').run(...args);
  },
};
const call = inProcess({ resolve, layers: [countingLayer], env: { VALIDATOR_RATE_LIMIT: '1000' } });

const attempts: [string, RegExp][] = [
  ['http://127.0.0.1/', /127\.0\.0\.1.*loopback/],
  ['http://2130706433/', /127\.0\.0\.1.*loopback/],
  ['http://0177.0.0.1/', /127\.0\.0\.1.*loopback/],
  ['http://0x7f.1/', /127\.0\.0\.1.*loopback/],
  ['http://0x7f000001/', /127\.0\.0\.1.*loopback/],
  ['http://127.1/', /127\.0\.0\.1.*loopback/],
  ['http://127.0.0.1.:8080/', /loopback/],
  ['http://[::1]/', /::1.*loopback/],
  ['http://[0:0:0:0:0:0:0:1]/', /loopback/],
  ['http://[::]/', /unspecified/],
  ['http://[::ffff:0:7f00:1]/', /translated.*127\.0\.0\.1.*loopback/],
  ['http://[::ffff:0:127.0.0.1]:8080/', /translated.*loopback/],
  ['http://[::ffff:127.0.0.1]/', /IPv4-mapped form of 127\.0\.0\.1/],
  ['http://[::ffff:7f00:1]/', /IPv4-mapped form of 127\.0\.0\.1/],
  ['http://[64:ff9b::a9fe:a9fe]/', /NAT64 form of 169\.254\.169\.254/],
  ['http://[2002:c0a8:0101::1]/', /6to4 form of 192\.168\.1\.1/],
  ['http://[fe80::1]/', /link-local/],
  ['http://[fd00::1]/', /unique-local/],
  ['http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254.*link-local/],
  ['http://10.0.0.1/', /private/],
  ['http://172.16.5.4/', /private/],
  ['http://192.168.0.1/', /private/],
  ['http://100.64.0.1/', /carrier-grade NAT/],
  ['http://0.0.0.0/', /unspecified/],
  ['http://0/', /unspecified/],
  ['http://224.0.0.1/', /multicast/],
  ['http://255.255.255.255/', /reserved/],
  ['http://192.0.2.10/', /documentation/],
  ['http://localhost/', /127\.0\.0\.1|::1/],
  ['http://LOCALHOST./', /127\.0\.0\.1|::1/],
  ['http://www.example.com@127.0.0.1/', /credentials/],
  ['http://rebind.attacker.test/', /127\.0\.0\.1 \(resolved from rebind\.attacker\.test\).*loopback/],
  ['http://metadata.attacker.test/', /169\.254\.169\.254 \(resolved from metadata\.attacker\.test\)/],
  ['http://mixed.attacker.test/', /10\.1\.2\.3 \(resolved from mixed\.attacker\.test\).*private/],
  ['http://v6only.attacker.test/', /fd12:3456::1.*unique-local/],
  ['http://mapped.attacker.test/', /IPv4-mapped form of 192\.168\.1\.1/],
];

test(`all ${attempts.length} SSRF attempts are refused with 400 naming url and the reason`, async () => {
  assert.ok(attempts.length >= 20);
  for (const [url, reason] of attempts) {
    for (const path of ['/api/validate', '/api/assess']) {
      const response = await call(path, postJson({ url }));
      const body = (await response.json()) as { error: { code: string; message: string; field: string } };
      assert.is(response.status, 400, `${path} ${url}: status ${response.status} ${JSON.stringify(body)}`);
      assert.is(body.error.field, 'url', url);
      assert.match(body.error.message, reason, `${url}: ${body.error.message}`);
    }
  }
  assert.is(layerRuns, 0, 'no layer ran for a refused target');
});

test('a public-looking URL that does not resolve is not an input error: the layers report it', async () => {
  const response = await call('/api/assess', postJson({ url: 'http://no-such-host.invalid/' }));
  assert.is(response.status, 200);
  const body = (await response.json()) as { layers: { http: { status: string; messages: { message: string }[] } } };
  assert.is(body.layers.http.status, 'fail');
  assert.match(body.layers.http.messages[0]!.message, /could not reach|ENOTFOUND|EAI_AGAIN/);
});

test(
  'a redirect from an allowlisted loopback peer into a loopback port not on the list is ' + 'refused at the hop',
  async () => {
    const { startLoopback } = await import('../../peers/listen.ts');
    let forbiddenHits = 0;
    const forbidden = await startLoopback((_req, res) => {
      forbiddenHits++;
      res.end('internal admin page');
    });
    const peer = await startLoopback((_req, res) => res.writeHead(302, { location: `${forbidden.url}/admin` }).end());
    try {
      const viaPeer = inProcess({
        layers: [fetchingLayer('http')],
        env: { VALIDATOR_ALLOW_HOSTS: `127.0.0.1:${peer.port}` },
      });
      const response = await viaPeer('/api/assess', postJson({ url: `${peer.url}/` }));
      assert.is(response.status, 200);
      const body = (await response.json()) as { layers: { http: { status: string; messages: { message: string }[] } } };
      assert.is(body.layers.http.status, 'fail');
      assert.match(body.layers.http.messages[0]!.message, /refused to contact 127\.0\.0\.1: loopback/);
      assert.is(forbiddenHits, 0, 'the forbidden server was never contacted');
      assert.not.ok(JSON.stringify(body).includes('internal admin page'));
    } finally {
      await peer.close();
      await forbidden.close();
    }
  },
);

test.run();
