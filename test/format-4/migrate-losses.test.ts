/**
 * The migration engine on what format 3 cannot hold (in-process): http and markdown resources, a
 * file-based mode, outputSchema, provenance, namespace skills and selection files are each named as
 * MIG001 at their line, never dropped silently; a 3.x schema with skills and resources becomes 4.x.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { conversionPath, migrateSource } from '../../compiler/migrate/index.ts';

const fixtures = resolve(import.meta.dirname, '../fixtures/format-4');
const dir = mkdtempSync(join(tmpdir(), 'fmt4-losses-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const FOUR =
  `export const main = {
  namespace: 'stations', name: 'Stations', description: 'Weather stations.', version: '4.2.0',
  schemaVersion: '1.0.0', docs: [ 'https://stations.example/docs' ], termsOfService: 'no-tos-found', dataLicense: null,
  root: 'https://stations.example',
  tools: {
    getStation: { method: 'GET', path: '/stations/{{id}}', description: 'One station.', outputSchema: { id: 'string' },
      parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: ` +
  `'string()' }, description: 'Station id.' } ] }
  },
  resources: {
    // The station list, downloaded daily.
    published: { source: 'http', url: 'https://data.stations.example/all.db', cacheTtl: 86400, description: 'All ` +
  `stations.',
      queries: { count: { sql: 'SELECT COUNT(*) AS n FROM stations', description: 'How many.', parameters: [] } } },
    local: { source: 'sqlite', mode: 'file-based', origin: 'project', name: 'stations-local.db', description: 'Local ` +
  `notes.',
      queries: { byId: { sql: 'SELECT note FROM notes WHERE id = ?', description: 'Notes of one station.', ` +
  `parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}' }, z: { primitive: 'string()' } } ] } } }
  }
};
`;

test('the engine chains 2 → 3 → 4 and converts 4 → 3 directly', () => {
  assert.equal(
    conversionPath(2, 4)?.map((c) => c.id),
    ['format-2-to-3', 'format-3-to-4'],
  );
  assert.equal(
    conversionPath(4, 3)?.map((c) => c.id),
    ['format-4-to-3'],
  );
  assert.is(conversionPath(4, 2), undefined);
});

test('4 → 3 names every loss at its line and still gives a 3.x schema that validates', () => {
  const file = join(dir, 'providers', 'stations', 'stations.mjs');
  mkdirSync(join(dir, 'providers', 'stations', 'skills'), { recursive: true });
  writeFileSync(
    join(dir, 'providers', 'stations', 'skills', 'station-report.mjs'),
    readFileSync(join(fixtures, 'SKL026.namespace-skill.passes', 'skills', 'item-lookup.mjs'), 'utf8'),
  );
  writeFileSync(file, FOUR);
  const result = migrateSource(file, FOUR, { to: 3, cwd: dir });
  assert.is(result.status, 'migrated', `${result.reason} ${JSON.stringify(result.diagnostics)}`);
  const losses = result.diagnostics.filter((d) => d.rule === 'MIG001');
  const lineOf = (needle: string) => FOUR.split('\n').findIndex((l) => l.includes(needle)) + 1;
  const found = losses.map((d) => `${d.line}: ${d.message}`);
  assert.ok(
    found.includes(`${lineOf('schemaVersion')}: main.schemaVersion has no format-3 equivalent: removed`),
    found.join('\n'),
  );
  assert.ok(
    found.some((l) => l.startsWith(`${lineOf('termsOfService')}: main.termsOfService`)),
    found.join('\n'),
  );
  assert.ok(
    found.some((l) => l.startsWith(`${lineOf('dataLicense')}: main.dataLicense`)),
    'a null field is still a field the file had',
  );
  assert.ok(
    found.some((l) => l.startsWith(`${lineOf('outputSchema')}: tool getStation: outputSchema`)),
    found.join('\n'),
  );
  assert.ok(
    found.some((l) =>
      l.startsWith(`${lineOf('published:')}: resource published: http resources have no format-3 equivalent`),
    ),
    found.join('\n'),
  );
  assert.ok(
    found.some((l) => l.startsWith(`${lineOf("mode: 'file-based'")}: resource local: mode file-based`)),
    found.join('\n'),
  );
  assert.ok(
    found.some(
      (l) =>
        l ===
        '0: skills/station-report.mjs: format-4 namespace skills are not carried over (format 3 declares skills in ' +
          'main.skills, in its own shape)',
    ),
    found.join('\n'),
  );
  const text = result.text!;
  assert.not.match(text, /published|schemaVersion|termsOfService|outputSchema|mode:/);
  assert.match(text, /database: 'stations-local\.db'/);
  assert.match(text, /getSchema: \{/);
  assert.match(text, /id: \{\n\s+type: 'string',\n\s+required: true\n/);
  assert.is(result.diagnostics.filter((d) => d.severity === 'error').length, 0);
});

test('a selection file cannot go to format 3: failed, with MIG001 naming why', () => {
  const file = join(fixtures, 'SEL005.all-fields.passes.mjs');
  const result = migrateSource(file, readFileSync(file, 'utf8'), { to: 3 });
  assert.is(result.status, 'failed');
  assert.equal(
    result.diagnostics.map((d) => d.rule),
    ['MIG001'],
  );
  assert.match(result.reason!, /selection file.*format 3 has no selections/);
});

test('3 → 4 and back keeps the tools: the 4.x result carries no meta it could not know', () => {
  const three = readFileSync(resolve(fixtures, '_migrate/providers/books/catalog.mjs'), 'utf8');
  const four = migrateSource('catalog.mjs', three, {
    to: 4,
    fs: { readText: () => undefined, exists: () => false, isDirectory: () => false },
  });
  assert.is(four.status, 'migrated', four.reason);
  assert.not.match(four.text!, /meta|termsOfService/);
  assert.equal(four.changes, ['version → 4.0.0', "schemaVersion: '1.0.0' added"]);
  const back = migrateSource('catalog.mjs', four.text!, {
    to: 3,
    fs: { readText: () => undefined, exists: () => false, isDirectory: () => false },
  });
  assert.is(back.text, three);
});

test.run();
