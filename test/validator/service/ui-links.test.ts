/**
 * Links in real headless Chromium: `/?url=<endpoint>` runs the assessment at once and offers its
 * permalink; `/r/<id>` shows the stored result without assessing again (the endpoint receives
 * nothing), with JSON and Markdown exports; a second assessment shows what changed since the first.
 * Screenshots at 1280 and 390 px go to $VALIDATOR_SCREENSHOTS (default <tmp>/toolkit-validator-ui).
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { chromium, type Browser } from 'playwright-core';
import { startValidator, type RunningValidator } from '../../../validator-service/server.ts';
import { startStreamableMcpServer, type StreamablePeer } from '../../peers/mcp-streamable-server.ts';

const test = suite('validator UI links');
const shots = process.env['VALIDATOR_SCREENSHOTS'] ?? join(tmpdir(), 'toolkit-validator-ui');
mkdirSync(shots, { recursive: true });
let peer: StreamablePeer;
let service: RunningValidator;
let browser: Browser;

test.before(async () => {
  peer = await startStreamableMcpServer({ name: 'linked-peer' });
  service = await startValidator({
    port: 0,
    env: {
      API_TOKEN: 'ui-links-token',
      VALIDATOR_ALLOW_HOSTS: new URL(peer.url).host,
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
});

let permalink = '';

test('/?url= runs the assessment at once and links its permalink and exports', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${service.url}/?url=${encodeURIComponent(peer.url)}`);
  await page.locator('[data-layer="mcp"]').waitFor({ timeout: 60_000 });
  assert.is(await page.locator('#url').inputValue(), peer.url);
  assert.is(await page.locator('[data-layer="mcp"]').getAttribute('data-status'), 'pass');
  assert.match(await page.locator('#profile').innerText(), /MCP server/);
  await page.locator('#links').waitFor();
  permalink = (await page.locator('#permalink').getAttribute('href'))!;
  assert.match(permalink, /^\/r\/[A-Za-z0-9_-]{16}$/);
  assert.is(
    await page.locator('#export-markdown').getAttribute('href'),
    `/api/assessments/${permalink.slice(3)}?format=markdown&download`,
  );
  await page.screenshot({ path: join(shots, 'deep-link-1280.png'), fullPage: true });
  await page.close();
});

test('/r/<id> shows the stored result without a new assessment; the exports download with the session', async () => {
  const received = peer.methods.length;
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${service.url}${permalink}`);
  await page.locator('[data-layer="mcp"]').waitFor();
  assert.is(await page.locator('#results-title').innerText(), 'Stored result');
  assert.match(await page.locator('#status').innerText(), /not assessed again/);
  assert.is(await page.locator('[data-layer="mcp"]').getAttribute('data-status'), 'pass');
  assert.match(await page.locator('#overview').innerText(), /Grade [AB]/);
  assert.is(peer.methods.length, received, 'the endpoint received nothing');
  const exported = await page.evaluate(
    async (href) => (await fetch(href!)).text(),
    await page.locator('#export-markdown').getAttribute('href'),
  );
  assert.match(exported, /### .* Grade [AB] · MCP server/);
  await page.screenshot({ path: join(shots, 'permalink-390.png'), fullPage: true });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no horizontal scroll at 390 px (${width})`);
  await page.close();
});

test('a second run of the same URL shows the changes since the first (here: none)', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${service.url}/?url=${encodeURIComponent(peer.url)}`);
  await page.locator('#changes').waitFor({ timeout: 60_000 });
  assert.match(await page.locator('#changes-title').innerText(), /Changes since the previous assessment/i);
  assert.match(await page.locator('#changes-list').innerText(), /Nothing changed since/);
  await page.screenshot({ path: join(shots, 'changes-1280.png'), fullPage: true });
  await page.close();
});

test('an unknown permalink says so', async () => {
  const page = await browser.newPage();
  await page.goto(`${service.url}/r/AAAAAAAAAAAAAAAA`);
  await page.locator('#error').waitFor();
  assert.match(await page.locator('#error').innerText(), /no stored assessment/);
  await page.close();
});

test.run();
