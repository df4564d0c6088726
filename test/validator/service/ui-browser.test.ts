/**
 * The browser UI in real headless Chromium: keyboard only, type the URL of a real loopback MCP peer,
 * press Enter, see one card per layer in the right colour, expand one, read its messages, see the
 * raw JSON; switch to the Lookup tab and see the API's answer as an error box.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Layer } from '../../../validator-service/layers/layer.ts';
import { startValidator, type RunningValidator } from '../../../validator-service/server.ts';
import { fetchingLayer, mcpProbeLayer } from './support/fake-layers.ts';
import { startStreamableMcpServer, type StreamablePeer } from '../../peers/mcp-streamable-server.ts';

const test = suite('validator UI');
let peer: StreamablePeer;
let service: RunningValidator;
let browser: Browser;
let page: Page;

// Real probes through the guarded fetch: MCP initialize (green), an agent card that is absent
// (gray), and an "HTTP" probe of a path the peer answers 404 for... reported as fail (red).
const redHttp: Layer = {
  name: 'http',
  async run(ctx) {
    const https = ctx.url.protocol === 'https:';
    return {
      layer: 'http', status: https ? 'pass' : 'fail', categories: { isHttps: https }, summary: { scheme: ctx.url.protocol }, raw: null,
      messages: https ? [] : [{ code: 'FAKE-HTTP-004', severity: 'error', message: 'The endpoint is served over plain HTTP.', location: ctx.url.href }],
    };
  },
};

test.before(async () => {
  peer = await startStreamableMcpServer({ name: 'ui-peer', jsonResponse: true });
  service = await startValidator({
    port: 0,
    env: { VALIDATOR_ALLOW_HOSTS: new URL(peer.url).host, API_TOKEN: 'ui-test-token-abcdef0123456789' },
    layers: [mcpProbeLayer(), fetchingLayer('a2a', '/.well-known/agent-card.json'), redHttp],
  });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  page = await browser.newPage();
});
test.after(async () => {
  await browser?.close();
  await service?.close();
  await peer?.close();
});

const colour = (layer: string) => page.locator(`[data-layer="${layer}"]`).evaluate((el) => getComputedStyle(el).borderTopColor);

test('keyboard only: Tab to the URL field, type, Enter → eight cards in green, red and gray', async () => {
  await page.goto(`${service.url}/`);
  await page.keyboard.press('Tab'); // the Validate tab
  await page.keyboard.press('Tab'); // the URL field
  assert.is(await page.evaluate(() => document.activeElement?.id), 'url');
  await page.keyboard.type(peer.url);
  await page.keyboard.press('Enter');
  await page.locator('#cards [data-layer]').nth(7).waitFor();
  assert.is(await page.locator('#cards [data-layer]').count(), 8);
  assert.is(await page.locator('[data-layer="mcp"]').getAttribute('data-status'), 'pass');
  assert.is(await page.locator('[data-layer="http"]').getAttribute('data-status'), 'fail');
  assert.is(await page.locator('[data-layer="a2a"]').getAttribute('data-status'), 'not_detected');
  assert.is(await colour('mcp'), 'rgb(21, 128, 61)', 'green');
  assert.is(await colour('http'), 'rgb(185, 28, 28)', 'red');
  assert.is(await colour('a2a'), 'rgb(107, 114, 128)', 'gray');
  assert.match(await page.locator('[data-layer="mcp"] .verdict').innerText(), /Pass/);
});

test('a card expands from the keyboard to show its messages and summary', async () => {
  const summary = page.locator('[data-layer="http"] > summary');
  await summary.focus();
  const outline = await summary.evaluate((el) => getComputedStyle(el).outlineStyle);
  assert.is(outline, 'solid', 'focus is visible');
  assert.is(await page.locator('[data-layer="http"]').evaluate((el) => (el as HTMLDetailsElement).open), false);
  await page.keyboard.press('Enter');
  assert.is(await page.locator('[data-layer="http"]').evaluate((el) => (el as HTMLDetailsElement).open), true);
  const body = await page.locator('[data-layer="http"] .card-body').innerText();
  assert.match(body, /FAKE-HTTP-004/);
  assert.match(body, /plain HTTP/);
  await page.locator('[data-layer="mcp"] > summary').focus();
  await page.keyboard.press('Space');
  assert.match(await page.locator('[data-layer="mcp"] .card-body').innerText(), /ui-peer/);
});

test('the raw JSON is the assessment the API returned', async () => {
  await page.locator('#raw > summary').focus();
  await page.keyboard.press('Enter');
  const raw = JSON.parse(await page.locator('#raw-json').innerText()) as { url: string; layers: Record<string, unknown> };
  assert.is(raw.url, peer.url);
  assert.equal(Object.keys(raw.layers).length, 8);
});

test('a refused URL shows the API error in the alert box', async () => {
  await page.locator('#url').fill('http://169.254.169.254/latest/');
  await page.locator('#url').focus();
  await page.keyboard.press('Enter');
  const alert = page.locator('#error');
  await alert.waitFor({ state: 'visible' });
  assert.match(await alert.innerText(), /169\.254\.169\.254.*link-local/);
  assert.is(await page.locator('#results').isHidden(), true);
});

test('the Lookup tab is reached with arrow keys and shows the API answer', async () => {
  await page.locator('#tab-validate').focus();
  await page.keyboard.press('ArrowRight');
  assert.is(await page.evaluate(() => document.activeElement?.id), 'tab-lookup');
  assert.is(await page.locator('#panel-lookup').isVisible(), true);
  const chains = await page.locator('#chain option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  assert.equal(chains, ['1', '8453', '42161', '11155111', '84532']);
  await page.keyboard.press('Tab');
  await page.keyboard.type('42');
  await page.keyboard.press('Enter');
  const alert = page.locator('#error');
  await alert.waitFor({ state: 'visible' });
  assert.match(await alert.innerText(), /not available/);
});

test.run();
