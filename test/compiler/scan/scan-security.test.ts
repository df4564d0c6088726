import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanSecurity } from '../../../compiler/scan/index.ts';
import { formatDiagnostic } from '../../../compiler/diagnostics/format.ts';

const dir = mkdtempSync(join(tmpdir(), 'scan-security-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

test('a missing file is one clear finding, not an exception', async () => {
  const filePath = join(dir, 'does-not-exist.mjs');
  const result = await scanSecurity({ filePath });
  assert.is(result.status, false);
  assert.equal(
    result.diagnostics.map((d) => [d.rule, d.file, d.line, d.column]),
    [['SEC028', filePath, 0, 0]],
  );
  assert.match(result.messages[0]!, /file not found/);
  assert.is(result.messages[0], formatDiagnostic(result.diagnostics[0]!), 'the one formatter');
  assert.is(
    result.messages[0],
    `${filePath}  SEC028  Cannot scan: file not found  (docs/schema-format.md#sec028)`,
    'a whole-file finding has no :0:0',
  );
});

test('a directory is reported as not a file', async () => {
  const result = await scanSecurity({ filePath: dir });
  assert.equal(
    result.diagnostics.map((d) => d.rule),
    ['SEC028'],
  );
  assert.match(result.messages[0]!, /directory/);
});

test('a syntax error is reported and the rest of the file is still scanned', async () => {
  const filePath = join(dir, 'broken.mjs');
  writeFileSync(filePath, 'export const main = { namespace: "x" \nconst key = process.env.KEY\n');
  const result = await scanSecurity({ filePath });
  const rules = result.diagnostics.map((d) => d.rule);
  assert.ok(rules.includes('SEC029'), rules.join());
  assert.ok(rules.includes('SEC007'), rules.join());
});

test('every violation is reported with its position, and messages read file:line:col  RULE  message', async () => {
  const filePath = join(dir, 'many.mjs');
  writeFileSync(
    filePath,
    [
      'export const main = { namespace: "demo", tools: {} }',
      'export const handlers = () => ({',
      '  a: { postRequest: async ({ response }) => { await fetch("https://x.example"); return { response } } },',
      '  b: { postRequest: async ({ response }) => ({ response: eval(response) }) },',
      '})',
      "import os from 'node:os'",
    ].join('\n'),
  );
  const result = await scanSecurity({ filePath });
  assert.is(result.status, false);
  assert.equal(
    result.diagnostics.map((d) => `${d.line}:${d.column} ${d.rule}`),
    ['3:53 SEC009', '4:58 SEC005', '6:1 SEC001'],
  );
  assert.is(
    result.messages[0],
    `${filePath}:3:53  SEC009  ${result.diagnostics[0]!.message}  (docs/schema-format.md#sec009)`,
  );
});

test('the same file gives byte-identical results', async () => {
  const filePath = join(dir, 'same.mjs');
  writeFileSync(filePath, "const a = process.env; const b = ''['con' + 'structor']; const c = globalThis[a]\n");
  const first = JSON.stringify(await scanSecurity({ filePath }));
  const second = JSON.stringify(await scanSecurity({ filePath }));
  assert.is(first, second);
});

test('reading goes through injected I/O, and a clean file has status true', async () => {
  const read: string[] = [];
  const result = await scanSecurity(
    { filePath: 'virtual/clean.mjs' },
    {
      readText: async (path) => {
        read.push(path);
        return (
          "export const main = { namespace: 'demo', description: 'import process.env from " +
          "global.api.example.com' }\n"
        );
      },
    },
  );
  assert.equal(read, ['virtual/clean.mjs']);
  assert.equal(result, { status: true, messages: [], diagnostics: [] });
});

test.run();
