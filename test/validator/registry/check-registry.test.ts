/**
 * The check registry tells the truth about what the validator emits:
 *  - every code written in the validator's source is a registry entry (nothing emitted unregistered;
 *    `expectCode` also checks every code of every result the tests assert on, with its severity);
 *  - every registry entry is asserted by some validator test: the test files are scanned for
 *    `expectCode(subject, 'CODE'` calls, so an entry nobody emits makes this test fail;
 *  - `GET /api/checks` serves it, answers carry its version and digest, docs/validator-checks.md is
 *    the rendered registry.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkRegistry, registryStamp } from '../../../validator-service/checks/registry.ts';
import { CHECKS_PAGE, renderChecksMarkdown } from '../../../validator-service/checks/render-docs.ts';
import { fixedLayer } from '../service/support/fake-layers.ts';
import { inProcess, postJson } from '../service/support/service.ts';

const root = new URL('../../../', import.meta.url).pathname;

function files(dir: string, suffix: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path, suffix) : path.endsWith(suffix) ? [path] : [];
  });
}

const CODE_LITERAL = /'((?:A2A|COM|ERC|HTML|HTTP|MCP|OAUTH|PIPE|UI|X402)-\d{3})'/g;
const codes = new Set(checkRegistry.checks.map((c) => c.code));

test('every code written in the validator source is in the registry', () => {
  const unregistered: string[] = [];
  for (const file of files(join(root, 'validator-service'), '.ts')) {
    for (const match of readFileSync(file, 'utf8').matchAll(CODE_LITERAL)) {
      if (!codes.has(match[1]!)) unregistered.push(`${match[1]} in ${file.slice(root.length)}`);
    }
  }
  assert.equal(unregistered, []);
});

test('every registry entry is emitted and asserted by some validator test (expectCode)', () => {
  const asserted = new Set<string>();
  // The first argument may hold calls two levels deep (`await runLayer(layer, testContext(url))`).
  const call = /expectCode\(\s*(?:[^,;()]|\((?:[^()]|\([^()]*\))*\))+,\s*'([A-Z0-9]+-\d{3})'/g;
  for (const file of files(join(root, 'test', 'validator'), '.test.ts')) {
    for (const match of readFileSync(file, 'utf8').matchAll(call)) asserted.add(match[1]!);
  }
  const never = checkRegistry.checks.map((c) => c.code).filter((code) => !asserted.has(code));
  assert.equal(never, [], `registry entries no test emits: ${never.join(', ')}`);
});

test('every entry is complete: code form, severity, title, a requirement with document and section, a version', () => {
  for (const entry of checkRegistry.checks) {
    assert.match(entry.code, /^[A-Z][A-Z0-9]{1,5}-\d{3}$/);
    assert.ok(['error', 'warning', 'info'].includes(entry.severity), entry.code);
    assert.ok(entry.title.length > 5, entry.code);
    assert.ok(entry.specRequirement.document.length > 3 && entry.specRequirement.section.length > 3, entry.code);
    assert.match(entry.since, /^\d+\.\d+\.\d+$/, entry.code);
  }
  assert.is(checkRegistry.version, registryStamp.version);
  assert.match(registryStamp.digest, /^sha256:[0-9a-f]{64}$/);
});

test('GET /api/checks lists every code; assess, validate and health answers carry its version', async () => {
  const call = inProcess({ layers: [fixedLayer('mcp', 'pass')], env: { VALIDATOR_RATE_LIMIT: '1000' } });
  const response = await call('/api/checks');
  assert.is(response.status, 200);
  const served = (await response.json()) as typeof checkRegistry;
  assert.equal(served, JSON.parse(JSON.stringify(checkRegistry)));
  assert.equal(served.checks.map((c) => c.code).sort(), [...codes].sort());
  for (const path of ['/api/assess', '/api/validate']) {
    const body = (await (await call(path, postJson({ url: 'https://a.example/' }))).json()) as { checks: unknown };
    assert.equal(body.checks, registryStamp, path);
  }
  assert.equal(((await (await call('/api/health')).json()) as { checks: unknown }).checks, registryStamp);
});

test('docs/validator-checks.md is the rendered registry (run npm run docs:checks after changing a code table)', () => {
  assert.is(readFileSync(CHECKS_PAGE, 'utf8'), renderChecksMarkdown());
});

test.run();
