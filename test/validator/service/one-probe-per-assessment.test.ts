/**
 * One assessment asks the network each question once: the http and html layers share one TLS
 * handshake per origin and one browser-style GET, counted on the peer, through the production
 * guarded fetch and TLS probe.
 */
import { createServer } from 'node:https';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createGuardedFetch, createTlsInfo, parseAllowList } from '../../../validator-service/net/index.ts';
import { systemResolver } from '../../../validator-service/net/resolve-target.ts';
import { loadLayers } from '../../../validator-service/pipeline/load-layers.ts';
import { runAssessment } from '../../../validator-service/pipeline/run-assessment.ts';
import { browserAccept } from '../../../validator-service/layers/shared/browser-get.ts';
import { goodPage } from '../../peers/websites.ts';
import { closeServer, listen } from '../../peers/listen.ts';
import { createTestCa } from '../../support/tls.ts';

const ca = createTestCa();
/** TLS handshakes that offered ALPN: the TLS probe does, the guarded fetch over HTTP/1.1 does not. */
let probes = 0;
let browserGets = 0;
const server = createServer(
  {
    key: ca.key,
    cert: ca.cert,
    ALPNCallback: ({ protocols }) => {
      probes += 1;
      return protocols.includes('http/1.1') ? 'http/1.1' : undefined;
    },
  },
  (req, res) => {
    if (req.method === 'GET' && req.headers.accept === browserAccept) browserGets += 1;
    if (req.method === 'GET' && new URL(req.url ?? '/', 'https://x').pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(goodPage);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
  },
);
let url = '';
test.before(async () => {
  url = `https://localhost:${await listen(server)}/`;
});
test.after(() => closeServer(server));

test('the http and html layers share one TLS probe and one browser GET per assessment', async () => {
  const policy = { allowList: parseAllowList('127.0.0.1,localhost'), resolve: systemResolver };
  const assessment = await runAssessment(
    { url: new URL(url), timeoutMs: 15_000 },
    {
      layers: await loadLayers(),
      openNetwork: () => ({
        fetch: createGuardedFetch({ ...policy, ca: ca.ca, timeoutMs: 10_000 }),
        tlsInfo: createTlsInfo({ ...policy, ca: ca.ca, timeoutMs: 10_000 }),
      }),
    },
  );
  assert.is(assessment.layers.http.status, 'pass', JSON.stringify(assessment.layers.http.messages));
  assert.is(assessment.layers.html.status, 'pass', JSON.stringify(assessment.layers.html.messages));
  assert.is(assessment.layers.http.summary['sslIssuer'], 'toolkit test CA');
  assert.is(assessment.layers.html.summary['ssl'], 'valid');
  assert.is(assessment.layers.html.summary['title'], 'Loopback site');
  assert.is(probes, 1, 'TLS probes');
  assert.is(browserGets, 1, 'browser-style GETs');
});

test.run();
