/**
 * The x402 layer against endpoints protected by the real x402 packages (v1 `x402-express`, v2
 * `@x402/express` + `@x402/evm`) and an MCP server with paid tools built on `@x402/core`: pass,
 * fail (malformed offers), not detected; and proof that free tools are never called.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { x402Layer } from '../../../validator-service/layers/x402.ts';
import { mcpAppsLayer } from '../../../validator-service/layers/mcp-apps.ts';
import { startX402HttpPeer } from '../../peers/x402-http.ts';
import { startPaidMcpServer, type PaidMcpPeer } from '../../peers/x402-mcp.ts';
import type { LoopbackPeer } from '../../peers/listen.ts';
import { deadPortUrl } from '../../peers/dead-port.ts';
import { codes, runLayer, testContext } from './support.ts';
import { expectCode, expectNoCode } from '../support/expect-code.ts';

const test = suite('x402 layer');
let http: LoopbackPeer;
let paid: PaidMcpPeer;
let free: PaidMcpPeer;

test.before(async () => {
  [http, paid, free] = await Promise.all([
    startX402HttpPeer(),
    startPaidMcpServer(),
    startPaidMcpServer({ freeOnly: true }),
  ]);
});
test.after(async () => {
  await Promise.all([http?.close(), paid?.close(), free?.close()]);
});

const summary = (r: { summary: Record<string, unknown> }) =>
  r.summary as {
    offers: string[];
    networks: string[];
    schemes: string[];
    assets: string[];
    x402Versions: string[];
    transports: string[];
    paidTools: string[];
  };

test('v1 over HTTP (x402-express): pass, offer named as USDC on Base Sepolia', async () => {
  const r = await runLayer(x402Layer, testContext(`${http.url}/v1/weather`));
  assert.is(r.status, 'pass', JSON.stringify(r.messages));
  assert.ok(r.categories['overHttp']);
  assert.ok(r.categories['hasValidPaymentRequirements']);
  assert.ok(r.categories['supportsEvm']);
  assert.equal(summary(r).x402Versions, ['1']);
  assert.equal(summary(r).transports, ['HTTP 402 (body)']);
  assert.match(summary(r).offers[0]!, /^0\.01 USDC on Base Sepolia \(exact\) to 0x2096…287C, 60 s$/);
});

test('v2 over HTTP (@x402/express): the PAYMENT-REQUIRED header is read, two offers on two networks', async () => {
  const one = await runLayer(x402Layer, testContext(`${http.url}/v2/weather`));
  assert.is(one.status, 'pass', JSON.stringify(one.messages));
  assert.equal(summary(one).transports, ['HTTP 402 (header)']);
  assert.match(summary(one).offers[0]!, /^0\.001 USDC on Base Sepolia \(exact\)/);
  expectCode(one, 'X402-001', /PAYMENT-REQUIRED header/);
  expectCode(one, 'X402-017');
  const multi = await runLayer(x402Layer, testContext(`${http.url}/v2/multi`));
  assert.is(multi.status, 'pass');
  assert.equal(summary(multi).networks, ['Base Sepolia', 'Base']);
  assert.equal(summary(multi).assets, ['USDC']);
  assert.ok(codes(multi).filter((c) => c === 'X402-017').length === 2);
});

test('malformed offers fail with the exact codes and locations', async () => {
  const cases: [string, string[]][] = [
    ['v1-fields', ['X402-011', 'X402-013', 'X402-011']],
    ['v2-header', ['X402-005']],
    ['v2-empty', ['X402-009']],
    ['v2-offer', ['X402-012', 'X402-015', 'X402-013', 'X402-014', 'X402-015', 'X402-018']],
    ['plain', ['X402-004']],
  ];
  for (const [kind, expected] of cases) {
    const r = await runLayer(x402Layer, testContext(`${http.url}/broken/${kind}`));
    assert.is(r.status, 'fail', kind);
    const found = codes(r).filter((c) => expected.includes(c));
    for (const code of new Set(expected)) assert.ok(found.includes(code), `${kind}: ${code} in ${codes(r).join(',')}`);
  }
  const at = async (kind: string) => runLayer(x402Layer, testContext(`${http.url}/broken/${kind}`));
  expectCode(await at('v1-fields'), 'X402-011');
  expectCode(await at('v1-fields'), 'X402-013');
  expectCode(await at('v2-header'), 'X402-005');
  expectCode(await at('v2-empty'), 'X402-009');
  const broken = await at('v2-offer');
  expectCode(broken, 'X402-012', /Unknown scheme "teleport" \(known: exact, upto, batch-settlement, auth-capture\)/);
  expectCode(broken, 'X402-014');
  expectCode(broken, 'X402-015');
  expectCode(broken, 'X402-018');
  expectCode(await at('plain'), 'X402-004');
  const offer = await runLayer(x402Layer, testContext(`${http.url}/broken/v2-offer`));
  const payTo = offer.messages.find((m) => m.code === 'X402-015' && /payTo/.test(m.message));
  assert.match(payTo!.location!, /accepts\[0\]\.payTo$/);
  assert.match(
    offer.messages.find((m) => m.code === 'X402-013')!.message,
    /"solana:mainnet" is not one|solana:mainnet/,
  );
  assert.is(offer.categories['hasValidPaymentRequirements'], false);
});

test('v1 and v2 with two schemes (exact and upto), listed in the Bazaar: the real packages pass', async () => {
  const v2 = await runLayer(x402Layer, testContext(`${http.url}/v2/listed`));
  assert.is(v2.status, 'pass', JSON.stringify(v2.messages.filter((m) => m.severity !== 'info')));
  assert.equal(summary(v2).schemes, ['exact', 'upto']);
  assert.match(summary(v2).offers[1]!, /^up to 0\.01 USDC on Base Sepolia \(upto\)/);
  expectCode(v2, 'X402-026', /declares HTTP GET with a schema that describes it: listable/);
  expectNoCode(v2, 'X402-025');
  expectNoCode(v2, 'X402-027');
  const v1 = await runLayer(x402Layer, testContext(`${http.url}/v1/listed`));
  assert.is(v1.status, 'pass');
  expectCode(v1, 'X402-026', /1 of 1 offer\(s\) carry a discoverable outputSchema \(v1\)/);
  expectNoCode(v1, 'X402-036');
  const plain = await runLayer(x402Layer, testContext(`${http.url}/v1/weather`));
  expectCode(plain, 'X402-036', /outputSchema\.output is missing/);
  const unlisted = await runLayer(x402Layer, testContext(`${http.url}/v2/weather`));
  expectCode(unlisted, 'X402-027', /No extensions\.bazaar/);
});

test("each scheme's extra fields: upto, batch-settlement and auth-capture name what is missing", async () => {
  const ok = await runLayer(x402Layer, testContext(`${http.url}/broken/schemes-ok`));
  assert.is(ok.status, 'pass', JSON.stringify(ok.messages.filter((m) => m.severity !== 'info')));
  assert.equal(summary(ok).schemes, ['exact', 'upto', 'batch-settlement', 'auth-capture']);
  expectNoCode(ok, 'X402-012');
  const bad = await runLayer(x402Layer, testContext(`${http.url}/broken/schemes`));
  assert.is(bad.status, 'fail');
  const messages = bad.messages.filter((m) => m.code === 'X402-025');
  const where = messages.map((m) => m.location?.replace(/^.* accepts/, 'accepts'));
  assert.equal(where.sort(), [
    'accepts[0].extra.assetTransferMethod',
    'accepts[0].extra.facilitatorAddress',
    'accepts[1].extra.withdrawDelay',
    'accepts[2].extra.maxFeeBps',
    'accepts[2].extra.paymentFlow',
    'accepts[2].extra.refundDeadline',
  ]);
  expectCode(bad, 'X402-025', /The upto scheme needs extra\.facilitatorAddress/);
});

test('Bazaar discovery: one finding per failure mode, each naming the field', async () => {
  const at = async (kind: string) => runLayer(x402Layer, testContext(`${http.url}/broken/${kind}`));
  const noSchema = await at('bazaar-no-schema');
  assert.is(noSchema.status, 'fail');
  assert.match(expectCode(noSchema, 'X402-028').location!, /extensions\.bazaar\.schema$/);
  expectCode(await at('bazaar-body-schema'), 'X402-030', /must describe info/);
  assert.match(expectCode(await at('bazaar-external-ref'), 'X402-031').location!, /schema\.properties\.input$/);
  assert.match(
    expectCode(await at('bazaar-input'), 'X402-029', /toolName is missing/).location!,
    /info\.input\.toolName$/,
  );
  const mismatch = await at('bazaar-mismatch');
  expectCode(
    mismatch,
    'X402-032',
    /info\.input\.headers is required by the schema; info\.input\.queryParams is not allowed/,
  );
  const metadata = await at('bazaar-metadata');
  const dropped = metadata.messages.filter((m) => m.code === 'X402-034').map((m) => m.location?.split(/[ .]/).pop());
  assert.equal(dropped.sort(), ['iconUrl', 'routeTemplate', 'serviceName', 'tags']);
  expectCode(metadata, 'X402-034');
  expectCode(metadata, 'X402-035', /resource\.description is missing/);
  const v1Ext = await at('v1-bazaar');
  expectCode(v1Ext, 'X402-033', /never indexed/);
  expectCode(v1Ext, 'X402-027', /discoverable is false/);
  expectCode(await at('v1-unlisted'), 'X402-027', /No outputSchema/);
  expectCode(await at('v1-bad-schema'), 'X402-029', /method must be one of .*"FETCH"/);
  const noDomain = await at('exact-no-domain');
  assert.is(noDomain.status, 'pass');
  expectCode(noDomain, 'X402-019', /No extra\.name \/ extra\.version/);
});

test('version, placement, resource and address findings (X402-006, 008, 010, 016, 020)', async () => {
  const at = async (kind: string) => runLayer(x402Layer, testContext(`${http.url}/broken/${kind}`));
  expectCode(await at('v2-body'), 'X402-006');
  expectCode(await at('v3'), 'X402-008', /x402Version is 3/);
  expectCode(await at('v2-no-resource'), 'X402-010');
  const odd = await at('odd-offer');
  expectCode(odd, 'X402-016', /not checksummed/);
  expectCode(odd, 'X402-020', /0x1234567890123456789012345678901234567890/);
});

test(
  'paid MCP tools getting it wrong: no price (X402-021), text ≠ structured (X402-022), ' + 'failure (X402-024)',
  async () => {
    const faulty = await startPaidMcpServer({ faultyTools: true });
    try {
      const r = await runLayer(x402Layer, testContext(faulty.url));
      assert.is(r.status, 'fail');
      expectCode(r, 'X402-002');
      expectCode(r, 'X402-021', /generous/);
      expectCode(r, 'X402-022', /mismatched/);
      expectCode(r, 'X402-024', /crashing .*payment backend down/);
    } finally {
      await faulty.close();
    }
  },
);

test('an unreachable endpoint is not checked (X402-023)', async () => {
  const r = await runLayer(x402Layer, testContext(await deadPortUrl()));
  assert.is(r.status, 'not_detected');
  expectCode(r, 'X402-023');
});

test('a free route and a free MCP server are not detected', async () => {
  const r = await runLayer(x402Layer, testContext(`${http.url}/free`));
  assert.is(r.status, 'not_detected');
  assert.equal(codes(r), ['X402-003']);
  expectCode(r, 'X402-003');
  const m = await runLayer(x402Layer, testContext(free.url));
  assert.is(m.status, 'not_detected');
  assert.match(m.messages[0]!.message, /none of the 2 MCP tool\(s\) is marked payment-gated/);
  assert.equal(free.toolCalls, [], 'no tool of a free server is called');
});

test(
  'over MCP: only the tools marked paid are called; current form, legacy error form and v1 ' + 'are all read',
  async () => {
    const r = await runLayer(x402Layer, testContext(paid.url));
    assert.equal(
      [...paid.toolCalls].sort(),
      ['forecast', 'legacy_report', 'v1_quote'],
      'echo and delete_everything are never called',
    );
    assert.is(r.status, 'pass', JSON.stringify(r.messages.filter((m) => m.severity !== 'info')));
    assert.ok(r.categories['overMcp']);
    assert.ok(r.categories['usesLegacyMcpError']);
    expectCode(r, 'X402-007');
    assert.equal(summary(r).paidTools, ['forecast', 'legacy_report', 'v1_quote']);
    assert.equal([...summary(r).x402Versions].sort(), ['1', '2']);
    assert.is(summary(r).offers.length, 3);
    assert.ok(summary(r).offers.every((o) => /USDC on Base Sepolia/.test(o)));
  },
);

test('MCP Apps and x402 in one assessment share one MCP handshake and one tools/list', async () => {
  const ctx = testContext(paid.url);
  const before = paid.methods.length;
  const [ui, pay] = await Promise.all([runLayer(mcpAppsLayer, ctx), runLayer(x402Layer, ctx)]);
  const methods = paid.methods.slice(before);
  assert.is(methods.filter((m) => m === 'initialize').length, 1, methods.join(','));
  assert.is(methods.filter((m) => m === 'tools/list').length, 1);
  assert.is(ui.status, 'not_detected');
  assert.is(pay.status, 'pass');
});

test.run();
