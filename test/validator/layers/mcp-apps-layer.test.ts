/** MCP Apps layer against servers built with @modelcontextprotocol/ext-apps server helpers. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mcpAppsLayer } from '../../../validator-service/layers/mcp-apps.ts';
import { startAppsMcpServer, type AppsPeer } from '../../peers/mcp-apps-server.ts';
import { startStreamableMcpServer, type StreamablePeer } from '../../peers/mcp-streamable-server.ts';
import { codes, runLayer, testContext } from './support.ts';
import { expectCode } from '../support/expect-code.ts';
import { startHttpWebsite } from '../../peers/websites.ts';

let valid: AppsPeer;
let broken: AppsPeer;
let plain: StreamablePeer;
test.before(async () => {
  valid = await startAppsMcpServer('valid');
  broken = await startAppsMcpServer('broken');
  plain = await startStreamableMcpServer();
});
test.after(async () => {
  for (const peer of [valid, broken, plain]) await peer.close();
});

test('declares the UI extension in initialize, so the server shows its apps', async () => {
  valid.clientCapabilities.length = 0;
  const result = await runLayer(mcpAppsLayer, testContext(valid.url));
  assert.equal(valid.clientCapabilities[0], {
    extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
  });
  assert.is(result.status, 'pass', JSON.stringify(result.messages, null, 1));
  assert.is(result.categories.supportsMcpApps, true);
  assert.is(result.categories.hasValidHtml, true);
  assert.is(result.categories.hasValidCsp, true);
  expectCode(result, 'UI-001');
});

test('every other mistake is named: non-ui:// URIs, keys, visibility, empty, not HTML, no doctype, CSP', async () => {
  const odd = await startAppsMcpServer('odd');
  try {
    const result = await runLayer(mcpAppsLayer, testContext(odd.url));
    assert.is(result.status, 'fail');
    expectCode(result, 'UI-020');
    expectCode(result, 'UI-005', /https:\/\/not-ui\.example\/app\.html/);
    expectCode(result, 'UI-008', /two_views/);
    expectCode(result, 'UI-009', /web_view/);
    expectCode(result, 'UI-019', /hidden_view/);
    expectCode(result, 'UI-012', /ui:\/\/odd\/empty\.html: the content is empty/);
    expectCode(result, 'UI-013', /ui:\/\/odd\/data\.html/);
    expectCode(result, 'UI-014', /ui:\/\/odd\/plain\.html/);
    expectCode(result, 'UI-015');
    expectCode(result, 'UI-017', /connectDomains allows "\*"/);
    expectCode(result, 'UI-018', /scriptDomains/);
    expectCode(result, 'UI-018', /telepathy/);
  } finally {
    await odd.close();
  }
});

test('a UI link without resources (UI-021), a failing tools/list (UI-022), no MCP at all (UI-003)', async () => {
  const bare = await startAppsMcpServer('no-resources');
  const failing = await startStreamableMcpServer({ failingToolList: true });
  const site = await startHttpWebsite();
  try {
    const noResources = await runLayer(mcpAppsLayer, testContext(bare.url));
    assert.is(noResources.status, 'fail');
    expectCode(noResources, 'UI-021');
    expectCode(await runLayer(mcpAppsLayer, testContext(failing.url)), 'UI-022');
    const website = await runLayer(mcpAppsLayer, testContext(site.url));
    assert.is(website.status, 'not_detected');
    expectCode(website, 'UI-003', /not an MCP endpoint/);
  } finally {
    await bare.close();
    await failing.close();
    await site.close();
  }
});

test('labels standard, deprecated and vendor linkage and reads every linked resource', async () => {
  const result = await runLayer(mcpAppsLayer, testContext(valid.url));
  const raw = result.raw as {
    links: { tool: string; form: string }[];
    reads: { uri: string; encoding: string; isHtml: boolean; csp: { declared: boolean } }[];
  };
  const forms = Object.fromEntries(raw.links.map((l) => [l.tool, l.form]));
  assert.equal(forms, { show_weather: 'standard', legacy_chart: 'deprecated', openai_widget: 'vendor-openai' });
  expectCode(result, 'UI-007');
  expectCode(result, 'UI-006');
  const chart = raw.reads.find((r) => r.uri === 'ui://chart/legacy.html');
  assert.is(chart?.encoding, 'blob', 'unlisted resource resolved through resources/read and decoded');
  assert.is(chart?.isHtml, true);
  assert.is(raw.reads.find((r) => r.uri === 'ui://weather/view.html')?.csp.declared, true);
});

test('wrong MIME type, a link to a missing resource and a malformed CSP fail', async () => {
  const result = await runLayer(mcpAppsLayer, testContext(broken.url));
  assert.is(result.status, 'fail');
  expectCode(result, 'UI-004');
  expectCode(result, 'UI-010', /ui:\/\/missing\/none\.html/);
  expectCode(result, 'UI-011');
  expectCode(result, 'UI-016');
});

test('an MCP server without UI is not detected', async () => {
  const result = await runLayer(mcpAppsLayer, testContext(plain.url));
  assert.is(result.status, 'not_detected');
  expectCode(result, 'UI-002');
});

test.run();
