/**
 * One full assessment (all nine real layers, the production network of one assessment) holds one
 * 2025-era MCP conversation: the MCP, MCP Apps and x402 layers share its handshake and its lists, and
 * the OAuth layer reads its challenge from the same `initialize` answer — counted on the peers. The
 * MCP layer's foreign-Origin probe (`initialize` and `server/discover` with a foreign `Origin`, which
 * the peers refuse with 403) is counted apart.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openAssessmentNetwork, type DnsAnswers } from '../../../validator-service/net/assessment-network.ts';
import { parseAllowList, systemResolver } from '../../../validator-service/net/index.ts';
import { loadLayers } from '../../../validator-service/pipeline/load-layers.ts';
import { runAssessment } from '../../../validator-service/pipeline/run-assessment.ts';
import type { Fetch } from '../../../validator-service/layers/layer.ts';
import { FOREIGN_ORIGIN } from '../../../validator-service/layers/mcp/origin-probe.ts';
import { expectCode } from '../support/expect-code.ts';
import { startProtectedMcpServer, type ProtectedMcpPeer } from '../../peers/oauth-protected-mcp.ts';
import { startPaidMcpServer, type PaidMcpPeer } from '../../peers/x402-mcp.ts';

let paid: PaidMcpPeer;
let gated: ProtectedMcpPeer;
test.before(async () => {
  paid = await startPaidMcpServer();
  // The issuer is never reached in this test (an unused loopback port): only the challenge matters.
  gated = await startProtectedMcpServer({ issuer: 'http://127.0.0.1:9/issuer' });
});
test.after(async () => {
  await paid.close();
  await gated.close();
});

/** Runs all nine layers on `url`; `spy` sees every request the assessment sends (and its Origin header). */
async function assess(
  url: string,
  spy: (method: string, url: string, body: string, origin: string | null) => void = () => undefined,
) {
  const openNetwork = (dns: DnsAnswers) => {
    const network = openAssessmentNetwork({
      allowList: parseAllowList('127.0.0.1'),
      resolve: systemResolver,
      timeoutMs: 10_000,
      dns,
    });
    const fetch: Fetch = (input, init) => {
      spy(
        (init?.method ?? 'GET').toUpperCase(),
        String(input instanceof URL ? input.href : input),
        typeof init?.body === 'string' ? init.body : '',
        new Headers(init?.headers).get('origin'),
      );
      return network.fetch(input, init);
    };
    return { ...network, fetch };
  };
  return await runAssessment({ url: new URL(url), timeoutMs: 15_000 }, { layers: await loadLayers(), openNetwork });
}

const count = (methods: readonly string[], name: string) => methods.filter((m) => m === name).length;

test('MCP, MCP Apps and x402 share one handshake and one tools/list; OAuth asks no initialize of its own', async () => {
  paid.methods.length = 0;
  paid.toolCalls.length = 0;
  const sent: { method: string; foreign: boolean }[] = [];
  const assessment = await assess(paid.url, (method, url, body, origin) => {
    const rpc = /"method":"([^"]+)"/.exec(body)?.[1];
    if (method === 'POST' && url === paid.url && rpc) sent.push({ method: rpc, foreign: origin === FOREIGN_ORIGIN });
  });
  const methods = [...paid.methods];
  const own = sent.filter((m) => !m.foreign).map((m) => m.method);
  assert.is(count(own, 'initialize'), 1, own.join(' '));
  assert.is(count(methods, 'notifications/initialized'), 1, methods.join(' '));
  assert.is(count(methods, 'tools/list'), 1, methods.join(' '));
  assert.is(count(own, 'server/discover'), 1, 'the 2026-07-28 probe stays its own request');
  assert.equal(
    sent
      .filter((m) => m.foreign)
      .map((m) => m.method)
      .sort(),
    ['initialize', 'server/discover'],
    'one Origin probe per era',
  );
  expectCode(assessment.layers.mcp, 'MCP-031');
  assert.equal(
    [...paid.toolCalls].sort(),
    ['forecast', 'legacy_report', 'v1_quote'],
    'only the payment-gated tools, once each',
  );

  const { mcp, oauth, ui, x402 } = assessment.layers;
  assert.is(mcp.status, 'pass', JSON.stringify(mcp.messages));
  assert.is(mcp.summary['toolCount'], 5);
  assert.is(mcp.summary['serverName'], 'paid-peer');
  assert.is(ui.status, 'not_detected');
  assert.is(x402.status, 'pass', JSON.stringify(x402.messages.filter((m) => m.severity !== 'info')));
  assert.equal(x402.summary['paidTools'], ['forecast', 'legacy_report', 'v1_quote']);
  assert.is(oauth.status, 'not_detected');
  expectCode(oauth, 'OAUTH-002', /POST answered 200/);
});

test('on a gated endpoint the 401 of the one initialize is both the MCP and the OAuth finding', async () => {
  let initializes = 0;
  const assessment = await assess(gated.url, (method, url, body, origin) => {
    if (method === 'POST' && url === gated.url && body.includes('"initialize"') && origin !== FOREIGN_ORIGIN)
      initializes += 1;
  });
  assert.is(initializes, 1, 'one initialize POST in the whole assessment (besides the Origin probe)');
  expectCode(assessment.layers.mcp, 'MCP-003');
  expectCode(assessment.layers.oauth, 'OAUTH-001');
  assert.is(assessment.layers.oauth.summary['protectedResourceMetadataUrl'], gated.metadataUrl);
  assert.is((assessment.layers.oauth.raw as { probe: { status: number } }).probe.status, 401);
});

test.run();
