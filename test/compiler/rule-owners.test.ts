/**
 * Every rule id is declared and detected where `compiler/diagnostics/rule-owners.ts` says: the family's
 * manifest declares it, and each source file that writes the id (as a string) is the family's owner,
 * inside the owner folder, or named in `alsoIn`. Moving a detection to a file the table does not name,
 * or a family without an owner, fails here; so does a named file that no longer writes an id of it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { allRules } from '../../compiler/diagnostics/rules.ts';
import { RULE_OWNERS } from '../../compiler/diagnostics/rule-owners.ts';
import { LEFT_OUT, WARNINGS } from '../../compiler/import/openapi/reasons.ts';

const IMPORT_REASONS = { ...LEFT_OUT, ...WARNINGS };

const root = resolve(import.meta.dirname, '..', '..');
const SOURCE_FOLDERS = ['cli', 'compiler', 'runtime', 'validator-service', 'scripts', 'templates', 'packaging'];
const ID = /['"`]([A-Z]{3})\d{3}['"`]/g;

/** Family → the source files that write one of its ids as a string (comments left out). */
function writers(): Map<string, Set<string>> {
  const files = execFileSync('git', ['ls-files', '-z', '--', ...SOURCE_FOLDERS], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => /\.(ts|mts|mjs|js|tpl)$/.test(file));
  const found = new Map<string, Set<string>>();
  for (const file of files) {
    for (const line of readFileSync(join(root, file), 'utf8').split('\n')) {
      const text = line.trim();
      if (text.startsWith('*') || text.startsWith('/*') || text.startsWith('//')) continue;
      for (const match of text.matchAll(ID)) {
        if (file === 'compiler/diagnostics/rule-owners.ts') continue;
        const family = match[1]!;
        if (!found.has(family)) found.set(family, new Set());
        found.get(family)!.add(file);
      }
    }
  }
  return found;
}

const ownedBy = (file: string, owner: string) => (owner.endsWith('/') ? file.startsWith(owner) : file === owner);
const familyOf = (id: string) => id.slice(0, 3);

test('every family of the manifest (and the import reasons) has an owner, declared where the table says', async () => {
  const manifest = await allRules();
  const families = new Set([...Object.keys(manifest), ...Object.keys(IMPORT_REASONS)].map(familyOf));
  assert.equal(
    [...families].filter((family) => RULE_OWNERS[family] === undefined),
    [],
    'families without an owner',
  );
  for (const id of [...Object.keys(manifest), ...Object.keys(IMPORT_REASONS)]) {
    const { declaredIn } = RULE_OWNERS[familyOf(id)]!;
    const text = readFileSync(join(root, declaredIn), 'utf8');
    assert.ok(new RegExp(`^\\s+${id}:`, 'm').test(text), `${id} is not declared in ${declaredIn}`);
  }
});

test('every file that writes a rule id is its family owner or named in alsoIn', () => {
  const stray: string[] = [];
  for (const [family, files] of writers()) {
    const entry = RULE_OWNERS[family];
    if (entry === undefined) continue; // three capitals and three digits that are no rule (checked above)
    for (const file of files) {
      if (file === entry.declaredIn || ownedBy(file, entry.owner) || entry.alsoIn[file] !== undefined) continue;
      stray.push(`${family} in ${file}`);
    }
  }
  assert.equal(
    stray,
    [],
    'name these files in compiler/diagnostics/rule-owners.ts, or move the detection to the owner',
  );
});

test('the table names no file or folder that does not exist or writes no id of its family', () => {
  const found = writers();
  const stale: string[] = [];
  for (const [family, entry] of Object.entries(RULE_OWNERS)) {
    const files = [...(found.get(family) ?? [])];
    if (!files.some((file) => ownedBy(file, entry.owner))) stale.push(`${family} owner ${entry.owner}`);
    for (const file of Object.keys(entry.alsoIn)) if (!files.includes(file)) stale.push(`${family} alsoIn ${file}`);
  }
  assert.equal(stale, []);
});

test.run();
