/** MCP Apps layer against servers built with @modelcontextprotocol/ext-apps server helpers. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mcpAppsLayer } from '../../../validator-service/layers/mcp-apps.ts';
import { startAppsMcpServer, type AppsPeer } from '../../peers/mcp-apps-server.ts';
import { startStreamableMcpServer, type StreamablePeer } from '../../peers/mcp-streamable-server.ts';
import { codes, runLayer, testContext } from './support.ts';
import { expectCode } from '../support/expect-code.ts';

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
  assert.equal(valid.clientCapabilities[0], { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } });
  assert.is(result.status, 'pass', JSON.stringify(result.messages, null, 1));
  assert.is(result.categories.supportsMcpApps, true);
  assert.is(result.categories.hasValidHtml, true);
  assert.is(result.categories.hasValidCsp, true);
});

test('labels standard, deprecated and vendor linkage and reads every linked resource', async () => {
  const result = await runLayer(mcpAppsLayer, testContext(valid.url));
  const raw = result.raw as { links: { tool: string; form: string }[]; reads: { uri: string; encoding: string; isHtml: boolean; csp: { declared: boolean } }[] };
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
  for (const code of ['UI-004', 'UI-010', 'UI-011', 'UI-016']) assert.ok(codes(result).includes(code), `${code} in ${codes(result).join(' ')}`);
  assert.match(result.messages.find((m) => m.code === 'UI-010')?.message ?? '', /ui:\/\/missing\/none\.html/);
});

test('an MCP server without UI is not detected', async () => {
  const result = await runLayer(mcpAppsLayer, testContext(plain.url));
  assert.is(result.status, 'not_detected');
  expectCode(result, 'UI-002');
});

test.run();
