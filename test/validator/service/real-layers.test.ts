/**
 * The service with the real protocol layers (layers/index.ts) against real loopback peers: the
 * official SDK MCP server is green on MCP, a dead port is red on HTTP, A2A, x402 and ERC-8004 are
 * gray (not detected), a shop with UCP and ACP documents is green on commerce — through the real
 * started server, in the UI (headless Chromium) and both API answers.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { chromium, type Browser } from 'playwright-core';
import { startValidator, type RunningValidator } from '../../../validator-service/server.ts';
import { deadPortUrl } from '../../peers/dead-port.ts';
import { startStreamableMcpServer, type StreamablePeer } from '../../peers/mcp-streamable-server.ts';
import { commerceFixture, startCommerceSite } from '../../peers/commerce-site.ts';
import type { LoopbackPeer } from '../../peers/listen.ts';
import { expectCode } from '../support/expect-code.ts';

const test = suite('real layers');
let peer: StreamablePeer;
let shop: LoopbackPeer;
let dead = '';
let service: RunningValidator;
let browser: Browser;

test.before(async () => {
  peer = await startStreamableMcpServer({ name: 'real-layer-peer' });
  shop = await startCommerceSite({
    '/.well-known/ucp': commerceFixture('ucp-business'),
    '/.well-known/agentic-commerce.json': commerceFixture('agentic-commerce'),
  });
  dead = new URL('/mcp', await deadPortUrl()).href;
  service = await startValidator({
    port: 0,
    env: {
      VALIDATOR_ALLOW_HOSTS: `${new URL(peer.url).host},${new URL(dead).host},${new URL(shop.url).host}`,
      VALIDATOR_DEFAULT_TIMEOUT_MS: '20000',
    },
  });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});
test.after(async () => {
  await browser?.close();
  await service?.close();
  await peer?.close();
  await shop?.close();
});

const validate = async (url: string) => {
  const response = await fetch(`${service.url}/api/validate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url }),
  });
  assert.is(response.status, 200);
  return response.json() as Promise<
    Record<string, { status: string; summary: Record<string, unknown>; messages: { code: string }[] }>
  >;
};

test(
  '/api/validate on the SDK MCP peer: MCP pass with its server name; A2A, x402, ERC-8004 assessed and ' +
    'not detected',
  async () => {
    const sections = await validate(peer.url);
    assert.is(sections['mcp']!.status, 'pass');
    assert.ok(JSON.stringify(sections['mcp']).includes('real-layer-peer'));
    assert.is(sections['oauth']!.status, 'not_detected');
    assert.is(sections['a2a']!.messages[0]?.code, 'A2A-002');
    assert.is(sections['x402']!.messages[0]?.code, 'X402-003');
    assert.is(sections['erc8004']!.messages[0]?.code, 'ERC-025');
    for (const layer of ['a2a', 'x402', 'erc8004']) assert.is(sections[layer]!.status, 'not_detected', layer);
  },
);

test('/api/validate on a dead (allowlisted) port: 200 with HTTP fail, not an error status', async () => {
  const sections = await validate(dead);
  assert.is(sections['http']!.status, 'fail');
  assert.is(sections['mcp']!.status === 'pass', false);
});

test('commerce, the ninth layer, in both API answers: the UCP profile and the ACP path convention named', async () => {
  const sections = await validate(`${shop.url}/`);
  const commerce = sections['commerce']!;
  expectCode(commerce as never, 'COM-001', /UCP business profile 2026-04-08/);
  expectCode(commerce as never, 'COM-002', /agentic-commerce\.json, the path of a scanner convention/);
  expectCode(commerce as never, 'COM-009');
  assert.is(commerce.status, 'fail', 'the scanner convention lacks authentication');
  const response = await fetch(`${service.url}/api/assess`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: `${shop.url}/` }),
  });
  const raw = (await response.json()) as {
    layers: Record<string, { summary: Record<string, unknown>; raw: { documents: { path: string }[] } }>;
  };
  assert.equal(raw.layers['commerce']!.summary['acpPaths'], ['/.well-known/agentic-commerce.json']);
  assert.equal(
    raw.layers['commerce']!.raw.documents.map((d) => d.path),
    ['/.well-known/ucp', '/.well-known/agentic-commerce.json'],
  );
});

test('in the browser: the commerce card names UCP and the ACP path', async () => {
  const page = await browser.newPage();
  await page.goto(`${service.url}/`);
  await page.locator('#url').fill(`${shop.url}/`);
  await page.locator('#url').press('Enter');
  await page.locator('[data-layer="commerce"]').waitFor();
  const card = page.locator('[data-layer="commerce"]');
  assert.is(await card.getAttribute('data-status'), 'fail');
  assert.match(
    await card.locator('.detail').innerText(),
    /UCP 2026-04-08 \(dev\.ucp\.shopping\) · ACP 1\.0 at \/\.well-known\/agentic-commerce\.json/,
  );
  assert.match(await card.locator('.issues').innerText(), /COM-007/);
  assert.match(await page.locator('.target').innerText(), /checks 0\.2\.0/);
  await page.close();
});

test('in the browser: the peer shows a green MCP card, the dead port a red HTTP card', async () => {
  const page = await browser.newPage();
  await page.goto(`${service.url}/`);
  await page.locator('#url').fill(peer.url);
  await page.locator('#url').press('Enter');
  await page.locator('[data-layer="mcp"]').waitFor();
  assert.is(await page.locator('[data-layer="mcp"]').getAttribute('data-status'), 'pass');
  assert.is(
    await page.locator('[data-layer="mcp"]').evaluate((el) => getComputedStyle(el).borderTopColor),
    'rgb(21, 128, 61)',
  );
  assert.is(
    await page.locator('[data-layer="oauth"]').evaluate((el) => getComputedStyle(el).borderTopColor),
    'rgb(107, 114, 128)',
  );

  await page.locator('#url').fill(dead);
  await page.locator('#url').press('Enter');
  await page.locator('[data-layer="http"][data-status="fail"]').waitFor();
  assert.is(
    await page.locator('[data-layer="http"]').evaluate((el) => getComputedStyle(el).borderTopColor),
    'rgb(185, 28, 28)',
  );
  await page.close();
});

test.run();
