/**
 * Regenerates the rule reference of `docs/schema-format.md` from the rule manifest and `fixes.ts`
 * (`npm run docs:rules`); `--check` only reports whether the doc is up to date (exit 1 when not).
 * A rule without a fix, or a fix for a rule that no longer exists, is an error either way.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { allRules } from '../../compiler/diagnostics/rules.ts';
import { ruleFixes } from './fixes.ts';
import { fixProblems, renderRuleTable, spliceRuleTable } from './rule-table.ts';

const docPath = resolve(import.meta.dirname, '../../docs/schema-format.md');
const check = process.argv.includes('--check');
const rules = await allRules();
const { missing, stale } = fixProblems(rules, ruleFixes);
if (missing.length > 0 || stale.length > 0) {
  if (missing.length > 0)
    process.stderr.write(`scripts/rule-docs/fixes.ts: no fix written for ${missing.join(', ')}\n`);
  if (stale.length > 0)
    process.stderr.write(
      `scripts/rule-docs/fixes.ts: fixes for rules the manifest does not have: ${stale.join(', ')}\n`,
    );
  process.exit(1);
}
const doc = readFileSync(docPath, 'utf8');
const next = spliceRuleTable(doc, renderRuleTable(rules, ruleFixes));
if (check) {
  if (next !== doc) {
    process.stderr.write('docs/schema-format.md: the rule reference is out of date; run npm run docs:rules\n');
    process.exit(1);
  }
  process.stdout.write(`docs/schema-format.md: ${Object.keys(rules).length} rules, up to date\n`);
} else {
  writeFileSync(docPath, next);
  process.stdout.write(`docs/schema-format.md: ${Object.keys(rules).length} rules written\n`);
}
