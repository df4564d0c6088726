/**
 * The rules of `--fix` itself, on their fixtures (test/fixtures/migrate-fix): a failing MIG002
 * fixture is repaired with a change of behaviour said, a passing one without; a failing MIG003
 * fixture is not repaired (nothing to write, MIG003 listed), a passing one is, and validates.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fixSource } from '../../compiler/migrate/fix/index.ts';

const dir = resolve(import.meta.dirname, '../fixtures/migrate-fix');
const names = readdirSync(dir)
  .filter((n) => n.endsWith('.mjs'))
  .sort();

test('the fixture directory has a failing and a passing fixture of each --fix rule', () => {
  for (const rule of ['MIG002', 'MIG003']) {
    for (const expect of ['fails', 'passes'])
      assert.ok(
        names.some((n) => n.startsWith(`${rule}.`) && n.includes(`.${expect}.`)),
        `${rule} ${expect}`,
      );
  }
});

for (const name of names) {
  const [rule, , expect] = name.split('.');
  test(`${name}: ${expect === 'fails' ? `raises ${rule}` : `repaired without ${rule}`}`, () => {
    const file = join(dir, name);
    const result = fixSource(file, readFileSync(file, 'utf8'));
    if (rule === 'MIG002') {
      assert.is(result.status, 'fixed', result.reason);
      assert.equal(result.unfixable, []);
      assert.is(result.behaviour.length > 0, expect === 'fails', result.behaviour.join('\n'));
    } else {
      assert.is(result.status, expect === 'fails' ? 'failed' : 'fixed', result.reason);
      assert.is(
        result.unfixable.some((u) => u.rule === 'MIG003'),
        expect === 'fails',
        JSON.stringify(result.unfixable),
      );
      if (expect === 'passes') assert.equal(result.unfixable, []);
    }
  });
}

test.run();
