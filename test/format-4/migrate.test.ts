/**
 * `toolkit migrate --to 4` then `--to 3` with the real CLI on real-looking 3.x files with comments
 * (test/fixtures/format-4/_migrate): each result validates, comments and untouched lines stay byte
 * for byte, what format 3 cannot hold is named per file (MIG001), and a result that would not
 * validate is not written.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSandbox, repoRoot } from '../cli/support/sandbox.ts';

const box = createSandbox('fmt4-migrate');
test.after(() => box.remove());
const DEV = { TOOLKIT_MODE: 'dev' };
const fixtures = join(repoRoot, 'test', 'fixtures', 'format-4', '_migrate');
const files = ['providers/books/catalog.mjs', 'providers/weather/forecast.mjs'];
const original = (file: string) => readFileSync(join(fixtures, file), 'utf8');
const comments = (text: string) => text.split('\n').filter((line) => /^\s*(\/\/|\/\*|\*)/.test(line));

interface Report {
  schemas: number;
  errors: number;
  diagnostics: { rule: string; file: string; severity: string }[];
}
const validate = async (dir: string): Promise<Report> => {
  const run = await box.toolkit(['validate', dir, '--json'], { env: DEV });
  return JSON.parse(run.stdout) as Report;
};

test.before(() => {
  cpSync(fixtures, box.path('catalog'), { recursive: true });
});

test('the fixtures are 3.x schemas that validate', async () => {
  const report = await validate('catalog');
  assert.is(report.schemas, 2);
  assert.is(report.errors, 0, JSON.stringify(report.diagnostics));
});

test(
  '--to 4 rewrites each file as 4.0.0; the results validate as format 4; comments and untouched ' + 'lines are kept',
  async () => {
    const run = await box.toolkit(['migrate', '--to', '4', 'catalog'], { env: DEV });
    assert.is(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^2 schemas: 2 migrated, 0 unchanged, 0 failed$/m);
    assert.match(run.stdout, /^\+ {4}version: '4\.0\.0',\n\+ {4}schemaVersion: '1\.0\.0',$/m);
    const report = await validate('catalog');
    assert.is(report.errors, 0, JSON.stringify(report.diagnostics));
    // Format-4 rules ran: the provenance warning is theirs, and no 3.x-only finding is left.
    assert.ok(report.diagnostics.some((d) => d.rule === 'VAL086'));
    for (const file of files) {
      const text = box.read(`catalog/${file}`);
      assert.match(text, /version: ["']4\.0\.0["']/, file);
      for (const line of comments(original(file)))
        assert.ok(text.includes(line), `${file}: lost the comment ${JSON.stringify(line)}`);
    }
    const weather = box.read('catalog/providers/weather/forecast.mjs');
    assert.match(weather, /mode: 'in-memory',\n {12}origin: 'inline',\n {12}name: 'stations\.db',/);
    assert.match(weather, /postRequest: async \( \{ response \} \) => \{/);
    assert.match(
      box.read('catalog/providers/books/catalog.mjs'),
      /schemaVersion: "1\.0\.0",/,
      'the inserted field is quoted like the file',
    );
  },
);

test(
  '--to 3 brings 4.x back: meta and schemaVersion are named per file as MIG001, the results ' + 'validate as 3.x',
  async () => {
    const path = box.path('catalog', 'providers', 'weather', 'forecast.mjs');
    const withMeta = readFileSync(path, 'utf8').replace(
      "tests: [ { _description: 'three days in Berlin', city: 'berlin' } ]",
      "tests: [ { _description: 'three days in Berlin', city: 'berlin' } ],\n            meta: { isReadOnly: true, " +
        "isConcurrencySafe: true, isDestructive: false, searchHint: 'weather forecast for a city', aliases: [ " +
        "'weather outlook' ], alwaysLoad: false }",
    );
    assert.ok(withMeta.includes('meta:'));
    writeFileSync(path, withMeta);
    const run = await box.toolkit(['migrate', '--to', '3', 'catalog'], { env: DEV });
    assert.is(run.code, 0, run.stdout + run.stderr);
    assert.match(
      run.stdout,
      /catalog\/providers\/weather\/forecast\.mjs:\d+:\d+ +MIG001 warning +tool getForecast: meta .*removed/,
    );
    assert.match(
      run.stdout,
      /catalog\/providers\/books\/catalog\.mjs:9:\d+ +MIG001 warning +main\.schemaVersion has no format-3 equivalent/,
    );
    const report = await validate('catalog');
    assert.is(report.errors, 0, JSON.stringify(report.diagnostics));
    // The round trip gives back the original file, except the version and the reprinted resources.
    assert.is(box.read('catalog/providers/books/catalog.mjs'), original('providers/books/catalog.mjs'));
    const weather = box.read('catalog/providers/weather/forecast.mjs');
    assert.not.match(weather, /meta:|schemaVersion|mode:/);
    assert.match(weather, /database: 'stations\.db'/);
    const before = original('providers/weather/forecast.mjs');
    const head = (text: string) =>
      text
        .slice(0, text.indexOf('    resources:'))
        .replace("version: '3.1.0'", "version: '3.0.0'")
        .replace(/\],\n(\s+\},\n\s+\/\* Station)/, ']\n$1');
    assert.is(head(weather), head(before));
    assert.is(
      weather.slice(weather.indexOf('// The station endpoint')),
      before.slice(before.indexOf('// The station endpoint')),
    );
  },
);

test(
  'a 4.x schema that 3.x cannot hold (a namespace with digits and dashes) is not written: exit 1, ' +
    'findings printed',
  async () => {
    const four = original('providers/books/catalog.mjs')
      .replace('"bookshelf"', '"book-shelf-2"')
      .replace('version: "3.0.0"', 'version: "4.0.0"');
    box.write('other/providers/book-shelf-2/catalog.mjs', four);
    const run = await box.toolkit(['migrate', '--to', '3', 'other'], { env: DEV });
    assert.is(run.code, 1, run.stdout);
    assert.match(run.stdout, /VAL011 +namespace must contain only lowercase letters, got "book-shelf-2"/);
    assert.match(run.stdout, /not migrated: the converted schema does not validate \(nothing written\)/);
    assert.is(box.read('other/providers/book-shelf-2/catalog.mjs'), four);
  },
);

test('--to 5 is a usage mistake naming the formats', async () => {
  const run = await box.toolkit(['migrate', '--to', '5', 'catalog'], { env: DEV });
  assert.is(run.code, 2);
  assert.match(run.stdout + run.stderr, /the target format is 3 or 4/);
});

test.run();
