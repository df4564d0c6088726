/**
 * The browser UI in real headless Chromium, keyboard first: a result with every card state (pass,
 * pass with warnings, issues, not detected, not assessed) from the real MCP layer and fixed layers;
 * readable expanded cards (no value squeezed to a sliver) at 1280 px and 390 px with screenshots taken
 * and checked; the grade explained; a real ERC-8004 lookup on a local chain rendered as a card.
 * Screenshots go to $VALIDATOR_SCREENSHOTS (default: <tmp>/toolkit-validator-ui).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { chromium, type Browser, type Page } from 'playwright-core';
import { mcpLayer } from '../../../validator-service/layers/mcp.ts';
import type { Layer, LayerMessage, LayerName, LayerStatus } from '../../../validator-service/layers/layer.ts';
import { startValidator, type RunningValidator } from '../../../validator-service/server.ts';
import { startStreamableMcpServer, type StreamablePeer } from '../../peers/mcp-streamable-server.ts';
import { startWorld, type World } from '../../peers/erc8004-world.ts';

const test = suite('validator UI');
const shots = process.env['VALIDATOR_SCREENSHOTS'] ?? join(tmpdir(), 'toolkit-validator-ui');
mkdirSync(shots, { recursive: true });
let peer: StreamablePeer;
let world: World;
let service: RunningValidator;
let browser: Browser;
let page: Page;

const msg = (
  code: string,
  severity: LayerMessage['severity'],
  message: string,
  location: string | null = null,
): LayerMessage => ({ code, severity, message, location });
const fixed = (
  name: LayerName,
  status: LayerStatus,
  messages: LayerMessage[],
  summary: Record<string, unknown> = {},
  categories: Record<string, boolean> = {},
): Layer => ({
  name,
  async run() {
    return { layer: name, status, categories, summary, messages, raw: null };
  },
});

// Every state on one page: http clean pass, oauth pass with warnings, ui issues, html and x402 not
// detected, a2a, erc8004 and commerce not assessed (no layer), mcp from the real layer against the SDK peer.
const layers: Layer[] = [
  mcpLayer,
  fixed(
    'http',
    'pass',
    [msg('HTTP-010', 'info', 'HTTPS with a valid certificate, HTTP/2.')],
    {
      statusCode: 200,
      responseTimeMs: 41,
      tlsIssuer: 'CN=Test CA, O=Loopback Certificates Incorporated, L=Somewhere very far away',
    },
    { isHttps: true, hasValidSsl: true },
  ),
  fixed(
    'oauth',
    'pass',
    [
      msg('OAUTH-006', 'info', 'Protected-resource metadata found.'),
      msg(
        'OAUTH-017',
        'warning',
        'No registration mechanism: clients need pre-registration.',
        'https://auth.example/.well-known/oauth-authorization-server',
      ),
      msg('OAUTH-018', 'warning', 'The issuer is not on HTTPS.', 'issuer'),
    ],
    {
      issuer: 'http://auth.example/',
      scopesSupported: ['read', 'write', 'admin:everything-including-a-very-long-scope-name'],
    },
    { supportsOAuth: true, supportsPkce: true },
  ),
  fixed(
    'ui',
    'fail',
    [msg('UI-007', 'error', 'ui://weather/card is not text/html;profile=mcp-app.', 'ui://weather/card')],
    { uiResourceCount: 1 },
    { supportsMcpApps: true },
  ),
  fixed('html', 'not_detected', [msg('HTML-002', 'info', 'Not a website: the endpoint answers application/json.')]),
  fixed('x402', 'not_detected', [msg('X402-003', 'info', 'No payment asked: the URL answered 405.')]),
];

test.before(async () => {
  [peer, world] = await Promise.all([
    startStreamableMcpServer({ name: 'ui-peer-with-a-rather-long-server-name', jsonResponse: true }),
    startWorld(),
  ]);
  service = await startValidator({
    port: 0,
    ca: world.ca.ca,
    env: {
      VALIDATOR_ALLOW_HOSTS: `${new URL(peer.url).host},${world.allowHosts}`,
      API_TOKEN: 'ui-test-token-abcdef0123456789',
      VALIDATOR_IPFS_GATEWAY: world.files.url,
    },
    layers,
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
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});
test.after(async () => {
  await browser?.close();
  await service?.close();
  await Promise.all([peer?.close(), world?.close()]);
});

const card = (layer: string) => page.locator(`[data-layer="${layer}"]`);
const border = (layer: string) => card(layer).evaluate((el) => getComputedStyle(el).borderTopColor);

/** Width and height of a PNG from its IHDR chunk. */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  assert.equal([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47], 'a PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Narrowest fact value (dd) in open cards, and the page's horizontal overflow. */
async function layoutFacts(): Promise<{ narrowestDd: number; overflow: number; tallestOpenCard: number }> {
  return page.evaluate(() => {
    const dds = [...document.querySelectorAll('.card[open] dd')] as HTMLElement[];
    const cards = [...document.querySelectorAll('.card[open]')] as HTMLElement[];
    return {
      narrowestDd: Math.min(...dds.map((d) => d.getBoundingClientRect().width)),
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      tallestOpenCard: Math.max(...cards.map((c) => c.getBoundingClientRect().height)),
    };
  });
}

test('keyboard only: Tab to the URL field, type, Enter → every state looks different and says so', async () => {
  await page.goto(`${service.url}/`);
  assert.is(await page.locator('link[rel="icon"]').getAttribute('href'), '/favicon.svg');
  const icon = await page.request.get(`${service.url}/favicon.svg`);
  assert.is(icon.headers()['content-type'], 'image/svg+xml');
  await page.keyboard.press('Tab'); // the Validate tab
  await page.keyboard.press('Tab'); // the URL field
  assert.is(await page.evaluate(() => document.activeElement?.id), 'url');
  await page.keyboard.type(peer.url);
  await page.keyboard.press('Enter');
  await page.locator('#cards [data-layer]').nth(7).waitFor();
  const states = Object.fromEntries(
    await Promise.all(
      ['http', 'mcp', 'oauth', 'ui', 'html', 'x402', 'a2a', 'erc8004', 'commerce'].map(async (l) => [
        l,
        await card(l).getAttribute('data-state'),
      ]),
    ),
  );
  assert.equal(states, {
    http: 'pass',
    mcp: states['mcp'],
    oauth: 'warn',
    ui: 'fail',
    html: 'not_detected',
    x402: 'not_detected',
    a2a: 'not_assessed',
    erc8004: 'not_assessed',
    commerce: 'not_assessed',
  });
  assert.ok(['pass', 'warn'].includes(states['mcp']!), 'the real MCP layer passes');
  const colours = new Set([
    await border('http'),
    await border('oauth'),
    await border('ui'),
    await border('html'),
    await border('a2a'),
  ]);
  assert.is(colours.size, 5, 'five states, five border colours');
  assert.is(await card('http').locator('.verdict').innerText(), '✓ Pass');
  assert.is(await card('oauth').locator('.verdict').innerText(), '✓ Pass with warnings');
  assert.is(await card('html').locator('.verdict').innerText(), '– Not detected');
  assert.is(await card('a2a').locator('.verdict').innerText(), '○ Not assessed');
  assert.is(await card('a2a').evaluate((el) => getComputedStyle(el).borderTopStyle), 'dashed');
  // Warnings are visible on the closed card.
  assert.is(await card('oauth').evaluate((el) => (el as HTMLDetailsElement).open), false);
  assert.ok(await card('oauth').locator('.issues').isVisible());
  assert.match(await card('oauth').locator('.issues').innerText(), /OAUTH-017.*pre-registration[\s\S]*OAUTH-018/);
  assert.match(await card('ui').locator('summary').innerText(), /UI-007/);
  // Cards say they expand.
  assert.match(await card('http').locator('.expand-hint').innerText(), /Show details \(1 message\)/);
  // The grade is explained.
  assert.match(
    await page.locator('#overview').innerText(),
    /Grade C: 1 error, \d+ warnings?\.[\s\S]*A = no errors or warnings, B = warnings only, C = at least one error/,
  );
  await page.screenshot({ path: join(shots, 'validate-1280.png'), fullPage: true });
  const size = pngSize(join(shots, 'validate-1280.png'));
  assert.is(size.width, 1280);
});

test('an expanded card lays out its facts readably at 1280 px and at 390 px', async () => {
  const summary = card('mcp').locator('summary');
  await summary.focus();
  assert.is(await summary.evaluate((el) => getComputedStyle(el).outlineStyle), 'solid', 'focus is visible');
  await page.keyboard.press('Enter');
  await card('oauth').locator('summary').focus();
  await page.keyboard.press('Space');
  assert.ok(await card('mcp').evaluate((el) => (el as HTMLDetailsElement).open));
  assert.match(await card('mcp').locator('.card-body').innerText(), /ui-peer-with-a-rather-long-server-name/);
  assert.match(await card('mcp').locator('.expand-hint').innerText(), /Hide details/);
  const wide = await layoutFacts();
  assert.ok(wide.narrowestDd >= 150, `narrowest value column ${wide.narrowestDd} px at 1280`);
  assert.ok(wide.tallestOpenCard < 1400, `tallest open card ${wide.tallestOpenCard} px`);
  assert.is(wide.overflow, 0);
  await page.screenshot({ path: join(shots, 'validate-expanded-1280.png'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  const narrow = await layoutFacts();
  assert.ok(
    narrow.narrowestDd >= 250,
    `narrowest value column ${narrow.narrowestDd} px at 390 (labels stack above values)`,
  );
  assert.is(narrow.overflow, 0, 'no horizontal scrolling on a phone');
  await page.screenshot({ path: join(shots, 'validate-expanded-390.png'), fullPage: true });
  await card('mcp').screenshot({ path: join(shots, 'mcp-card-390.png') });
  await card('oauth').screenshot({ path: join(shots, 'oauth-card-390.png') });
  assert.is(pngSize(join(shots, 'validate-expanded-390.png')).width, 390);
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('the raw JSON is the assessment the API returned', async () => {
  await page.locator('#raw > summary').focus();
  await page.keyboard.press('Enter');
  const raw = JSON.parse(await page.locator('#raw-json').innerText()) as {
    url: string;
    layers: Record<string, unknown>;
    notAssessed: string[];
  };
  assert.is(raw.url, peer.url);
  assert.equal(Object.keys(raw.layers).length, 9);
  assert.equal(raw.notAssessed, ['a2a', 'erc8004', 'commerce']);
});

test('a refused URL shows the API error in the alert box', async () => {
  await page.locator('#url').fill('http://[::ffff:0:7f00:1]/');
  await page.locator('#url').focus();
  await page.keyboard.press('Enter');
  const alert = page.locator('#error');
  await alert.waitFor({ state: 'visible' });
  assert.match(await alert.innerText(), /127\.0\.0\.1.*loopback/);
  assert.is(await page.locator('#results').isHidden(), true);
});

test('the Lookup tab renders a real on-chain lookup as a card: owner, endpoints, skills, reputation', async () => {
  await page.locator('#tab-validate').focus();
  await page.keyboard.press('ArrowRight');
  assert.is(await page.evaluate(() => document.activeElement?.id), 'tab-lookup');
  const chains = await page
    .locator('#chain option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  assert.equal(chains, ['1', '8453', '42161', '10', '137', '11155111', '84532', '421614']);
  await page.locator('#chain').selectOption('84532');
  await page.locator('#agent-id').fill(String(world.agents.data));
  await page.locator('#rpc').fill(world.sepolia.rpcUrl);
  await page.locator('#agent-id').focus();
  await page.keyboard.press('Enter');
  const lookup = card('erc8004');
  await lookup.waitFor();
  assert.is(await lookup.getAttribute('data-state'), 'pass');
  const text = await lookup.innerText();
  assert.match(text, /Owner\s+0x[0-9a-fA-F]{40}/);
  assert.match(text, /MCP\s+http:\/\/127\.0\.0\.1:\d+\/mcp\s*✓ domain verified/);
  assert.match(text, /retail\/e_commerce/);
  assert.match(text, /Average 89\.885 from 2 feedback by 2 clients\./);
  assert.is(await page.locator('#legend').isHidden(), true);
  const facts = await layoutFacts();
  assert.ok(facts.narrowestDd >= 150, `narrowest lookup value ${facts.narrowestDd} px`);
  await page.screenshot({ path: join(shots, 'lookup-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  assert.is((await layoutFacts()).overflow, 0);
  await page.screenshot({ path: join(shots, 'lookup-390.png'), fullPage: true });
  await lookup.screenshot({ path: join(shots, 'lookup-card-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('lookup errors are shown in words: unknown agent', async () => {
  await page.locator('#agent-id').fill('4242');
  await page.locator('#agent-id').press('Enter');
  const alert = page.locator('#error');
  await alert.waitFor({ state: 'visible' });
  assert.match(await alert.innerText(), /Agent 4242 is not registered/);
});

test.run();
