/**
 * `docs/schema-format.md` is the user's reference to the format: every rule id of the manifest has a
 * row there with its severity and a one-line fix, the generated table is up to date with the manifest,
 * every link inside the page lands on an anchor, and the diagnostic formatter points each finding to
 * its row. A rule added to the manifest without a documented fix fails here.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { allRules } from '../../compiler/diagnostics/rules.ts';
import { formatDiagnostic } from '../../compiler/diagnostics/format.ts';
import { ruleFixes } from '../../scripts/rule-docs/fixes.ts';
import { BEGIN, END, fixProblems, renderRuleTable } from '../../scripts/rule-docs/rule-table.ts';

const root = resolve(import.meta.dirname, '../..');
const docPath = resolve(root, 'docs/schema-format.md');
const doc = readFileSync(docPath, 'utf8');
const rules = await allRules();

/** Anchors a link can land on: explicit ids and GitHub-style heading slugs. */
function anchors(markdown: string): Set<string> {
  const out = new Set<string>();
  for (const [, id] of markdown.matchAll(/<a id="([^"]+)"><\/a>/g)) out.add(id!);
  for (const [, heading] of markdown.matchAll(/^#{1,6} (.+)$/gm)) {
    out.add(
      heading!
        .trim()
        .toLowerCase()
        .replace(/[^\w\s-]/g, '')
        .replace(/\s/g, '-'),
    );
  }
  return out;
}

test('every rule id of the manifest has a row with its anchor, its severity and a fix', () => {
  const missing: string[] = [];
  for (const [id, info] of Object.entries(rules)) {
    const row = doc.split('\n').find((line) => line.startsWith(`| <a id="${id.toLowerCase()}"></a>${id} |`));
    if (!row) {
      missing.push(id);
      continue;
    }
    const cells = row.split(/(?<!\\)\|/).map((c) => c.trim());
    assert.is(cells[2], info.severity, id);
    assert.ok((cells[4] ?? '').length > 10, `${id}: the fix cell is empty`);
  }
  assert.equal(missing, [], 'rule ids missing from docs/schema-format.md (run npm run docs:rules)');
});

test('every rule has a written fix and no fix is left for a rule that is gone', () => {
  assert.equal(fixProblems(rules, ruleFixes), { missing: [], stale: [] });
});

test('the generated rule table is exactly what the manifest and the fixes give', () => {
  const section = doc.slice(doc.indexOf(BEGIN), doc.indexOf(END) + END.length);
  assert.ok(section.startsWith(BEGIN), 'the doc has the generated section');
  assert.is(section, renderRuleTable(rules, ruleFixes), 'run npm run docs:rules');
});

test('the generator in --check mode agrees', () => {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', resolve(root, 'scripts/rule-docs/generate.ts'), '--check'],
    { cwd: root, encoding: 'utf8' },
  );
  assert.is(run.status, 0, run.stderr);
  assert.match(run.stdout, new RegExp(`^docs/schema-format\\.md: ${Object.keys(rules).length} rules, up to date\\n$`));
});

test('every link inside the page lands on an anchor of the page', () => {
  const known = anchors(doc);
  const broken = [...doc.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]!).filter((target) => !known.has(target));
  assert.equal([...new Set(broken)], []);
});

test('every printed diagnostic points to the row of its rule', () => {
  const known = anchors(doc);
  for (const [id, info] of Object.entries(rules)) {
    const line = formatDiagnostic({
      rule: id,
      severity: info.severity,
      message: info.summary,
      file: 'x.mjs',
      line: 1,
      column: 1,
    });
    const link = /\(docs\/schema-format\.md#([a-z0-9]+)\)$/.exec(line)?.[1];
    assert.ok(link && known.has(link), `${id}: ${line}`);
  }
});

test.run();
