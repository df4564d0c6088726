/**
 * Each repair of issue 29 through the real CLI, one fixture per defect shape of the wild catalogs
 * (test/fixtures/wild/repairs, written for these tests): as found each fails with the rules of its
 * defect; `--fix` shows a diff, says a change of behaviour in the diff header (MIG002) and writes
 * nothing; `--fix --write` leaves every repaired file validating, format 1.x keys under `tools` are
 * never left beside version 3.0.0, a format 1.x file that cannot be converted whole is not written
 * (MIG003), and a second run is a no-op.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSandbox, repoRoot } from '../cli/support/sandbox.ts';

const DEV = { TOOLKIT_MODE: 'dev' };
const fixtures = join(repoRoot, 'test', 'fixtures', 'wild', 'repairs');
const names = readdirSync(fixtures)
  .filter((n) => n.endsWith('.mjs'))
  .sort();
const original = (name: string) => readFileSync(join(fixtures, name), 'utf8');
const box = createSandbox('migrate-repairs');
test.before(() => cpSync(fixtures, box.path('repairs'), { recursive: true }));
test.after(() => box.remove());

/** The errors each fixture has as found: the defect each repair is for. */
const AS_FOUND: Record<string, string[]> = {
  'enum-values-4.mjs': ['VAL046', 'VAL052'],
  'enum-values.mjs': ['VAL046', 'VAL052'],
  'format-1-handlers.mjs': ['PAR004'],
  'format-1-missing-handler.mjs': ['PAR004'],
  'format-1-tools-keys.mjs': ['PAR004'],
  'half-converted.mjs': ['VAL003', 'VAL032', 'VAL033', 'VAL038'],
  'leftovers-4.mjs': ['PAR002', 'VAL005'],
  'leftovers.mjs': ['PAR002', 'RES004', 'RES007', 'RES021', 'VAL005'],
  'output-mime-types.mjs': ['VAL060'],
  'path-placeholder.mjs': ['VAL027'],
  'path-tool-names-4.mjs': ['VAL030'],
  'path-tool-names.mjs': ['VAL030'],
};
/** Not a defect: a handler map built by a local helper reads statically (no VAL006). */
const CLEAN = ['handler-builder.mjs'];
const NOT_FIXED = ['format-1-missing-handler.mjs'];
const FIXED = names.filter((n) => !CLEAN.includes(n) && !NOT_FIXED.includes(n));
/** How many changes of behaviour each repair says (MIG002). */
const BEHAVIOUR: Record<string, number> = {
  'format-1-handlers.mjs': 1,
  'output-mime-types.mjs': 5,
  'path-tool-names.mjs': 1,
  'path-tool-names-4.mjs': 1,
  'leftovers.mjs': 1,
};

interface Report {
  fixed: number;
  unchanged: number;
  failed: number;
  withDefects: number;
  results: {
    file: string;
    status: string;
    changes: string[];
    behaviour: string[];
    reason: string | null;
    unfixable: { rule: string; message: string }[];
  }[];
}
const base = (file: string) => file.split('/').pop()!;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

async function errorsByFile(): Promise<Record<string, string[]>> {
  const run = await box.toolkit(['validate', 'repairs', '--json'], { env: DEV });
  const report = JSON.parse(run.stdout) as { diagnostics: { rule: string; severity: string; file: string }[] };
  const out: Record<string, string[]> = {};
  for (const d of report.diagnostics.filter((x) => x.severity === 'error')) (out[base(d.file)] ??= []).push(d.rule);
  return Object.fromEntries(Object.entries(out).map(([file, rules]) => [file, [...new Set(rules)].sort()]));
}

test('as found: each fixture fails with the rules of its defect; the map built by a helper validates', async () => {
  assert.equal(await errorsByFile(), AS_FOUND);
});

test('--fix: a diff per repaired file, changes of behaviour in its header (MIG002), nothing written', async () => {
  const run = await box.toolkit(['migrate', '--fix', 'repairs'], { env: DEV });
  assert.is(run.code, 1, run.stderr);
  for (const name of FIXED) {
    const changes = BEHAVIOUR[name] ?? 0;
    const header = new RegExp(
      `^={67}\\n${changes > 0 ? `(# MIG002 changes behaviour: .+\\n){${changes}}` : ''}--- ` +
        `repairs/${escape(name)}\\tas found\\n\\+\\+\\+ ` +
        `repairs/${escape(name)}\\t${changes > 0 ? 'fixed, changes behaviour' : 'fixed'}$`,
      'm',
    );
    assert.match(run.stdout, header, name);
  }
  assert.match(
    run.stdout,
    new RegExp(
      '^# MIG002 changes behaviour: tool getArtwork: its format 1\\.x handlers now run as preRequest and ' +
        'postRequest, wrapped to see the request and result as format 1\\.x showed them$',
      'm',
    ),
  );
  assert.match(
    run.stdout,
    new RegExp(
      '^# MIG002 changes behaviour: tool getSitemap: output application\\/xml declared as object is now ' +
        'text\\/plain, a string: clients get the XML text \\(no hook turns it into an object\\)$',
      'm',
    ),
  );
  assert.match(
    run.stdout,
    new RegExp(
      '^# MIG002 changes behaviour: tool \\/block\\/:block_number_or_hash: clients see it as ' +
        'block_block_number_or_hash_chainscan, no longer _block_block_number_or_hash_chainscan',
      'm',
    ),
  );
  assert.match(
    run.stdout,
    new RegExp(
      `^${names.length} schemas: ${FIXED.length} would be fixed, 1 unchanged, 0 skipped, 1 not fixed \\(nothing ` +
        `written\\), 1 with defects left to fix by hand \\(nothing written: add --write to apply\\)$`,
      'm',
    ),
  );
  for (const name of names) assert.is(box.read(`repairs/${name}`), original(name), `${name} untouched`);
});

test("--json: each repair's changes, and the tool names kept as stable as the rules allow", async () => {
  const report = JSON.parse(
    (await box.toolkit(['migrate', '--fix', 'repairs', '--json'], { env: DEV })).stdout,
  ) as Report;
  const of = (name: string) => report.results.find((r) => base(r.file) === name)!;
  assert.equal(of('enum-values.mjs').changes, [
    'searchBooks: parameter sort enum() + values(relevance, newest, oldest) → enum(relevance,newest,oldest)',
    'searchBooks: parameter sort option values(relevance, newest, oldest) removed',
  ]);
  assert.equal(of('path-placeholder.mjs').changes, [
    "getQuote: parameter range 'days:{{DAYS}}' → 'days:{{USER_PARAM}}' (its tests pass it)",
    'getQuote: path /quote/{{SYMBOL}} → /quote/{{symbol}}',
    'getQuote: user parameter symbol (for {{SYMBOL}}) added',
    'getQuote: test 0 passes SYMBOL as symbol',
    'getQuote: test 1 passes SYMBOL as symbol',
  ]);
  assert.equal(of('leftovers.mjs').changes, [
    'tools.getReadings.parameters.0.z.options: an array hole removed',
    'resource stations: database ~/.flowmcp/data/air-stations.db → air-stations.db',
    "resource stations: origin 'global' added (where ~/.flowmcp/data/air-stations.db is)",
    "resource stations: the author's freeQuery dropped (the runtime injects its own)",
    'handlers: getForecast dropped (no tool or resource is named getForecast; its hooks never ran)',
  ]);
  assert.ok(
    of('path-tool-names.mjs').changes.includes('tool tx/by-hash → txByHash (MCP name stays tx_by_hash_chainscan)'),
  );
  assert.ok(
    of('path-tool-names.mjs').changes.includes('handlers: /block/:block_number_or_hash → blockBlockNumberOrHash'),
  );
  assert.ok(of('format-1-handlers.mjs').changes.includes('main: API_ROOT written in as its value'));
  for (const name of FIXED) assert.equal(of(name).behaviour.length, BEHAVIOUR[name] ?? 0, name);
});

test(
  'a format 1.x file that cannot be converted whole is not written: MIG003 with the reason, and what a ' +
    'person must do',
  async () => {
    const run = await box.toolkit(['migrate', '--fix', '--write', 'repairs/format-1-missing-handler.mjs'], {
      env: DEV,
    });
    assert.is(run.code, 1);
    assert.match(
      run.stdout,
      new RegExp(
        '^repairs\\/format-1-missing-handler\\.mjs: not fixed: the repairs would leave it half converted \\(format ' +
          '1\\.x main\\.handlers, getLevels\\.modifiers still there\\): nothing written$',
        'm',
      ),
    );
    assert.match(run.stdout, /^ {2}MIG003 {2}the repairs would leave it half converted/m);
    assert.match(
      run.stdout,
      new RegExp(
        '^ {2}VAL038 {2}tool getLevels: format 1\\.x modifiers not moved: handler "roundLevels" is not in ' +
          'main\\.handlers; write the hook by hand$',
        'm',
      ),
    );
    assert.not.match(run.stdout, /^--- /m);
    assert.is(box.read('repairs/format-1-missing-handler.mjs'), original('format-1-missing-handler.mjs'));
  },
);

test(
  '--fix --write: every repaired file validates with no error, comments kept; no format 1.x key is left beside ' +
    'version 3.0.0',
  async () => {
    const run = await box.toolkit(['migrate', '--fix', '--write', 'repairs'], { env: DEV });
    assert.match(
      run.stdout,
      new RegExp(
        `^${names.length} schemas: ${FIXED.length} fixed, 1 unchanged, 0 skipped, 1 not fixed \\(nothing ` +
          `written\\), 1 ` +
          `with defects left to fix by hand$`,
        'm',
      ),
    );
    assert.equal(await errorsByFile(), { 'format-1-missing-handler.mjs': ['PAR004'] });
    for (const name of FIXED) {
      const text = box.read(`repairs/${name}`);
      for (const line of original(name)
        .split('\n')
        .filter((l) => l.trim().startsWith('//')))
        assert.ok(text.includes(line), `${name}: lost ${line}`);
    }
    for (const name of ['format-1-tools-keys.mjs', 'half-converted.mjs', 'format-1-handlers.mjs']) {
      // `main` as written (the generated factory after it speaks format 1.x to the old handlers).
      const text = box.read(`repairs/${name}`).split('\nexport const handlers')[0]!;
      assert.match(text, /version: '3\.0\.0'/, name);
      assert.not.match(text, /\b(requestMethod|route|modifiers|flowMCP)\s*:|^\s{4}handlers\s*:/m, name);
    }
    // The defaults format 1.x assumed, one per line as the tool is written.
    assert.match(
      box.read('repairs/format-1-tools-keys.mjs'),
      /getSummary: \{\n {12}method: 'GET',\n {12}path: '\/',\n {12}description/,
    );
    // Unchanged: the map a helper builds.
    assert.is(box.read('repairs/handler-builder.mjs'), original('handler-builder.mjs'));
  },
);

test('a second --fix is a no-op, with or without --write', async () => {
  const snapshot = names.map((name) => box.read(`repairs/${name}`));
  const report = JSON.parse(
    (await box.toolkit(['migrate', '--fix', 'repairs', '--json'], { env: DEV })).stdout,
  ) as Report;
  assert.equal([report.fixed, report.unchanged, report.failed], [0, names.length - 1, 1]);
  const again = await box.toolkit(['migrate', '--fix', '--write', 'repairs'], { env: DEV });
  assert.not.match(again.stdout, /^--- /m);
  assert.equal(
    names.map((name) => box.read(`repairs/${name}`)),
    snapshot,
  );
});

test.run();
