/**
 * `toolkit migrate --fix` through the real CLI (`node cli/bin.mjs`) on a corpus of real-looking
 * schema files with every mechanical defect of issue 13 (test/fixtures/wild/corpus): without
 * `--write` it prints a unified diff and writes nothing; with `--write` every fixable file then
 * validates with no error, comments kept; renamed tools are served under the MCP names they had;
 * what cannot be fixed mechanically is listed per file with its rule; a second run is a no-op.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { splitJoinedOption } from '../../compiler/migrate/fix/joined-options.ts';
import { camelNameFor, camelNameKeepingWire } from '../../compiler/migrate/fix/tool-names.ts';
import { wireName } from '../../runtime/wire-name.ts';
import { createSandbox, repoRoot } from '../cli/support/sandbox.ts';
import { connect } from '../resources/support/servers.ts';

const DEV = { TOOLKIT_MODE: 'dev' };
const corpus = join(repoRoot, 'test', 'fixtures', 'wild', 'corpus');
const names = readdirSync(corpus)
  .filter((n) => n.endsWith('.mjs'))
  .sort();
const original = (name: string) => readFileSync(join(corpus, name), 'utf8');
const box = createSandbox('migrate-fix');
test.after(() => box.remove());
test.before(() => cpSync(corpus, box.path('corpus'), { recursive: true }));

/** What cannot be fixed mechanically, by file: the rules listed. */
const UNFIXABLE: Record<string, string[]> = {
  'fetching-handler.mjs': ['SEC009'],
  'undefined-helper.mjs': ['SEC205'],
  'unlisted-library.mjs': ['SEC024'],
};
const FIXED = [
  'chain-explorer.mjs',
  'coin-market.mjs',
  'fetching-handler.mjs',
  'legacy-holidays.mjs',
  'legacy-quotes.mjs',
  'slash-tool-name.mjs',
  'weather-station.mjs',
];

interface Report {
  write: boolean;
  fixed: number;
  unchanged: number;
  skipped: number;
  withDefects: number;
  results: {
    file: string;
    status: string;
    changes: string[];
    behaviour: string[];
    unfixable: { rule: string; message: string; line: number }[];
  }[];
}
const base = (file: string) => file.split('/').pop()!;

async function validateErrors(path: string): Promise<Record<string, string[]>> {
  const run = await box.toolkit(['validate', path, '--json'], { env: DEV });
  const report = JSON.parse(run.stdout) as { diagnostics: { rule: string; severity: string; file: string }[] };
  const out: Record<string, string[]> = {};
  for (const d of report.diagnostics.filter((x) => x.severity === 'error')) (out[base(d.file)] ??= []).push(d.rule);
  return out;
}

test('the corpus as found: every file but one has errors', async () => {
  const errors = await validateErrors('corpus');
  assert.equal(
    Object.keys(errors).sort(),
    names.filter((n) => n !== 'already-clean.mjs'),
  );
  assert.ok(errors['legacy-quotes.mjs']!.includes('PAR004'));
  assert.ok(errors['coin-market.mjs']!.includes('VAL030'));
  assert.ok(errors['chain-explorer.mjs']!.includes('VAL027'));
});

test('--fix without --write prints a unified diff per fixed file and writes nothing', async () => {
  const run = await box.toolkit(['migrate', '--fix', 'corpus'], { env: DEV });
  assert.is(run.code, 1, run.stdout + run.stderr);
  for (const name of FIXED)
    assert.match(
      run.stdout,
      new RegExp(
        `^--- corpus/${name.replace('.', '\\.')}\\tas found\\n\\+\\+\\+ corpus/${name.replace('.', '\\.')}` +
          `\\tfixed${name === 'slash-tool-name.mjs' ? ', changes behaviour' : ''}$`,
        'm',
      ),
      name,
    );
  assert.match(
    run.stdout,
    new RegExp(
      "^-    root: 'https:\\/\\/api\\.chainexplorer\\.example\\/',\\n-    requiredServerParams: \\[ " +
        "'SERVER_PARAM:CHAINEXPLORER_API_KEY' \\],\\n\\+    root: 'https:\\/\\/api\\.chainexplorer\\.example'," +
        "\\n\\+    requiredServerParams: \\[ 'CHAINEXPLORER_API_KEY' \\],$",
      'm',
    ),
  );
  assert.match(run.stdout, /^-export const schema = \{\n\+export const main = \{$/m);
  assert.match(
    run.stdout,
    new RegExp(
      '^corpus\\/fetching-handler\\.mjs: 1 defect cannot be fixed mechanically:\\n ' +
        '{2}corpus\\/fetching-handler\\.mjs:25:33 {2}SEC009 ',
      'm',
    ),
  );
  assert.match(
    run.stdout,
    new RegExp(
      `^${names.length} schemas: ${FIXED.length} would be fixed, ${names.length - FIXED.length} unchanged, 0 ` +
        `skipped, 3 with defects left to fix by hand \\(nothing written: add --write to apply\\)$`,
      'm',
    ),
  );
  for (const name of names) assert.is(box.read(`corpus/${name}`), original(name), `${name} untouched`);
});

test("--json lists each file's repairs and what cannot be repaired, with its rule", async () => {
  const run = await box.toolkit(['migrate', '--fix', 'corpus', '--json'], { env: DEV });
  const report = JSON.parse(run.stdout) as Report;
  assert.equal(
    [report.write, report.fixed, report.unchanged, report.withDefects],
    [false, FIXED.length, names.length - FIXED.length, 3],
  );
  for (const result of report.results) {
    const name = base(result.file);
    assert.is(result.status, FIXED.includes(name) ? 'fixed' : 'unchanged', name);
    assert.equal(result.unfixable.map((u) => u.rule).sort(), UNFIXABLE[name] ?? [], name);
  }
  const changes = (name: string) => report.results.find((r) => base(r.file) === name)!.changes;
  assert.equal(changes('chain-explorer.mjs'), [
    'requiredServerParams: SERVER_PARAM:CHAINEXPLORER_API_KEY → CHAINEXPLORER_API_KEY',
    'getBalance: parameter address {{ADDRESS}} → {{USER_PARAM}} (its tests pass it)',
    'listTransactions: parameter address {{ADDRESS}} → {{USER_PARAM}} (its tests pass it)',
    'root: trailing slash removed (https://api.chainexplorer.example)',
    "listTransactions: option 'optional(), default(100)' split into 'optional()', 'default(100)'",
  ]);
  assert.ok(
    changes('weather-station.mjs').includes(
      'getLatestObservation: parameter units {{UNITS}} → {{USER_PARAM}} (UNITS is not in requiredServerParams)',
    ),
  );
  // No camelCase name keeps `/v1/items`'s MCP name: the nearest is taken, and said as a change of behaviour.
  const slash = report.results.find((r) => base(r.file) === 'slash-tool-name.mjs')!;
  assert.equal(slash.behaviour, [
    'tool /v1/items: clients see it as v1_items_pathnames, no longer _v1_items_pathnames (no camelCase name keeps ' +
      'the old one)',
  ]);
});

test(
  '--fix --write: every fixable file validates with no error, comments kept; the rest keep exactly their ' +
    'unfixable rule',
  async () => {
    const run = await box.toolkit(['migrate', '--fix', '--write', 'corpus'], { env: DEV });
    assert.is(run.code, 1);
    assert.match(run.stdout, /^10 schemas: 7 fixed, 3 unchanged, 0 skipped, 3 with defects left to fix by hand$/m);
    const errors = await validateErrors('corpus');
    const expected = Object.fromEntries(Object.entries(UNFIXABLE).map(([name, rules]) => [name, [...new Set(rules)]]));
    assert.equal(errors, expected);
    for (const name of FIXED) {
      const comments = original(name)
        .split('\n')
        .filter((line) => line.trim().startsWith('//'));
      const text = box.read(`corpus/${name}`);
      for (const line of comments) assert.ok(text.includes(line), `${name}: lost ${line}`);
    }
    const coins = box.read('corpus/coin-market.mjs');
    assert.match(coins, /^ {8}getCoinPrice: \{$/m);
    assert.match(coins, /^ {8}coinsMarkets: \{$/m);
    assert.match(coins, /^ {4}getCoinPrice: \{\n {8}postRequest/m);
    assert.match(coins, /options: \[ 'optional\(\)', 'default\(1000\)', 'min\(1\)' \]/);
    assert.match(box.read('corpus/legacy-holidays.mjs'), /^export \{ main \}$/m);
  },
);

test('renamed tools are served under the MCP names they had', async () => {
  mkdirSync(box.path('served'), { recursive: true });
  cpSync(box.path('corpus', 'coin-market.mjs'), box.path('served', 'coin-market.mjs'));
  const server = await connect({ kind: 'server', schemasDir: box.path('served'), projectDir: box.project }, 'stdio', {
    HOME: box.home,
  });
  try {
    const { tools } = await server.client.listTools();
    const before = ['get_coin_price', 'coins/markets', 'get-trending'].map((tool) => wireName('coinmarket', tool));
    assert.equal(tools.map((t) => t.name).sort(), [...before].sort());
    assert.equal(before.sort(), ['coins_markets_coinmarket', 'get_coin_price_coinmarket', 'get_trending_coinmarket']);
  } finally {
    await server.close();
  }
});

test('a second --fix is a no-op, with or without --write', async () => {
  const snapshot = names.map((name) => box.read(`corpus/${name}`));
  const run = await box.toolkit(['migrate', '--fix', 'corpus', '--json'], { env: DEV });
  const report = JSON.parse(run.stdout) as Report;
  assert.equal([report.fixed, report.unchanged], [0, names.length]);
  const again = await box.toolkit(['migrate', '--fix', '--write', 'corpus'], { env: DEV });
  assert.match(again.stdout, /^10 schemas: 0 fixed, 10 unchanged/m);
  assert.not.match(again.stdout, /^--- /m);
  assert.equal(
    names.map((name) => box.read(`corpus/${name}`)),
    snapshot,
  );
});

test('--write without --fix, or --fix with --to, is a usage mistake', async () => {
  assert.is((await box.toolkit(['migrate', '--write', 'corpus'], { env: DEV })).code, 2);
  assert.is((await box.toolkit(['migrate', '--fix', '--to', '3', 'corpus'], { env: DEV })).code, 2);
});

test('options are split only where two options meet; tool names keep their wire name or are left', () => {
  assert.equal(splitJoinedOption('optional(), default(1000)'), ['optional()', 'default(1000)']);
  assert.equal(splitJoinedOption('default(score desc, metadata_modified desc)'), [
    'default(score desc, metadata_modified desc)',
  ]);
  assert.equal(splitJoinedOption('min(1),max(5), optional()'), ['min(1)', 'max(5)', 'optional()']);
  assert.is(camelNameKeepingWire('ns', 'get_ETH_price'), 'getEthPrice');
  assert.is(camelNameKeepingWire('ns', 'get:balance/of'), 'getbalanceOf');
  assert.is(camelNameKeepingWire('ns', 'GetPrice'), 'getPrice');
  assert.is(camelNameKeepingWire('ns', 'get_2d_map'), undefined);
  assert.is(camelNameKeepingWire('ns', '/v1/items'), undefined);
  assert.equal(camelNameFor('ns', '/v1/items'), { name: 'v1Items', keepsWire: false });
  assert.equal(camelNameFor('ns', 'coins/markets'), { name: 'coinsMarkets', keepsWire: true });
  assert.is(camelNameFor('ns', '/1inch/quote'), undefined);
});

test.run();
