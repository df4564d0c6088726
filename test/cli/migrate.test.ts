/**
 * `toolkit migrate` on a directory of format 2.0.0 schemas as found in the wild (test/fixtures/format-2):
 * every one becomes a 3.x schema that validates, rewritten through the AST with comments and
 * formatting kept; `--dry-run` shows the diff and writes nothing; a result that would not validate is
 * not written; a second run leaves 3.x schemas alone.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSandbox, repoRoot } from './support/sandbox.ts';

const box = createSandbox('migrate');
test.after(() => box.remove());
const DEV = { TOOLKIT_MODE: 'dev' };
const fixtures = join(repoRoot, 'test', 'fixtures', 'format-2');
const names = readdirSync(fixtures)
  .filter((n) => n.endsWith('.mjs'))
  .sort();

test.before(() => {
  cpSync(fixtures, box.path('legacy'), { recursive: true });
});

test('the fixtures are format 2.0.0 schemas that validate as such', async () => {
  assert.ok(names.length >= 5);
  const run = await box.toolkit(['validate', 'legacy', '--json'], { env: DEV });
  assert.is(run.code, 0, run.stdout);
  const report = JSON.parse(run.stdout) as { errors: number; diagnostics: { rule: string }[] };
  assert.equal([...new Set(report.diagnostics.map((d) => d.rule))], ['VAL019']);
});

test('--dry-run shows a unified diff of each schema and writes nothing', async () => {
  const run = await box.toolkit(['migrate', 'legacy', '--dry-run'], { env: DEV });
  assert.is(run.code, 0, run.stdout);
  assert.match(run.stdout, /^--- legacy\/coin-prices\.mjs\tformat 2\n\+\+\+ legacy\/coin-prices\.mjs\tformat 3$/m);
  assert.match(run.stdout, /^-    version: '2\.0\.0',\n\+    version: '3\.0\.0',$/m);
  assert.match(run.stdout, /^-    routes: \{\n\+    tools: \{$/m);
  assert.match(
    run.stdout,
    new RegExp(
      `^${names.length} schemas: ${names.length} would be migrated, 0 unchanged, 0 failed \\(dry run: ` +
        `nothing written\\)$`,
      'm',
    ),
  );
  for (const name of names) assert.is(box.read(`legacy/${name}`), readFileSync(join(fixtures, name), 'utf8'), name);
});

test('migrate rewrites every schema to 3.x: each validates with no error, comments and formatting kept', async () => {
  const run = await box.toolkit(['migrate', 'legacy'], { env: DEV });
  assert.is(run.code, 0, run.stdout);
  const after = await box.toolkit(['validate', 'legacy', '--json'], { env: DEV });
  assert.is(after.code, 0, after.stdout);
  const report = JSON.parse(after.stdout) as { schemas: number; errors: number; warnings: number };
  assert.equal([report.schemas, report.errors, report.warnings], [names.length, 0, 0]);
  for (const name of names) {
    const before = readFileSync(join(fixtures, name), 'utf8');
    const text = box.read(`legacy/${name}`);
    assert.match(text, /['"]?version['"]?: ['"`]3\.0\.0['"`]/, name);
    assert.not.match(text, /['"]?routes['"]?\s*:/, name);
    assert.not.match(text, /postProcess:/, name);
    // Everything but the rewritten lines is byte for byte as it was: comments, blank lines, indentation.
    const kept = before
      .split('\n')
      .filter((line) => !/version|routes|\{\{[A-Z_]+\}\}|postProcess|^\s*\}\s*$/.test(line));
    for (const line of kept) assert.ok(text.includes(line), `${name}: lost the line ${JSON.stringify(line)}`);
  }
  const coins = box.read('legacy/coin-prices.mjs');
  assert.match(
    coins,
    /\/\/ The key goes in a header on every call\.\n {8}'x-api-key': 'Bearer \{\{COINPRICES_KEY\}\}'/,
  );
  assert.match(coins, /path: '\/coins\/\{\{coin\}\}\/price'/);
  assert.match(coins, /\{ key: 'currency', value: '\{\{USER_PARAM\}\}', location: 'query' \}/);
  assert.match(coins, /\{ key: 'apikey', value: '\{\{SERVER_PARAM:COINPRICES_KEY\}\}', location: 'query' \}/);
  assert.match(
    coins,
    new RegExp(
      'postRequest: async \\(\\{ response \\}\\) => \\(\\{ response: await \\(\\( \\{ data \\} \\) => \\( \\{ price: ' +
        'data\\.price, currency: data\\.currency \\} \\)\\)\\(\\{ data: response \\}\\) \\}\\)',
    ),
  );
  assert.match(box.read('legacy/quoted-keys.mjs'), /"tools": \{/);
  assert.match(box.read('legacy/eight-routes.mjs'), /'tools': \{/);
});

test('a second run leaves 3.x schemas alone', async () => {
  const run = await box.toolkit(['migrate', 'legacy', '--json'], { env: DEV });
  assert.is(run.code, 0);
  const report = JSON.parse(run.stdout) as {
    migrated: number;
    unchanged: number;
    results: { status: string; reason: string }[];
  };
  assert.equal([report.migrated, report.unchanged], [0, names.length]);
  assert.ok(report.results.every((r) => r.reason === 'already format 3.x'));
});

test('a schema whose 3.x form would not validate is not written, its findings are shown, exit 1', async () => {
  const broken = `export const main = {
  namespace: 'broken', name: 'Broken', description: 'A route with an unknown primitive.', version: '2.0.0',
  root: 'https://api.broken.example', requiredServerParams: [], requiredLibraries: [], headers: {},
  routes: { getThing: { method: 'GET', path: '/thing', description: 'A thing.', parameters: [
    { position: { key: 'when', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'date()', options: [] } }
  ] } }
};
`;
  box.write('mixed/broken.mjs', broken);
  cpSync(join(fixtures, 'plain.mjs'), box.path('mixed', 'plain.mjs'));
  const run = await box.toolkit(['migrate', 'mixed'], { env: DEV });
  assert.is(run.code, 1);
  assert.match(run.stdout, /mixed\/broken\.mjs:\d+:\d+ {2}VAL044 /);
  assert.match(
    run.stdout,
    /mixed\/broken\.mjs: not migrated: the converted schema does not validate \(nothing written\)/,
  );
  assert.match(run.stdout, /2 schemas: 1 migrated, 0 unchanged, 1 failed/);
  assert.is(box.read('mixed/broken.mjs'), broken);
  assert.match(box.read('mixed/plain.mjs'), /version: '3\.0\.0'/);
});

test.run();
