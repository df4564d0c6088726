/**
 * The catalog's SQLite files are reproducible byte for byte from the SQL the repository carries:
 * `npm run databases -- --check` finds nothing to rebuild, two rebuilds give the same bytes, and
 * each file holds what its SQL says (every table, every row count).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { databaseBytes, databaseSources, sameDatabase } from '../../scripts/build-databases.ts';
import { repoRoot } from './support/servers.ts';
import { openSqliteFile } from '../../scripts/sqlite-file.ts';

const test = suite('reproducible databases');
const sources = databaseSources();

test('the catalog has the data-set databases, each beside its .sql', () => {
  const names = sources.map((s) => relative(repoRoot, s));
  for (const expected of [
    'schemas/providers/currencies/data/iso-currencies.sql',
    'schemas/providers/elements/data/periodic-table.sql',
    'schemas/providers/worldcities/data/world-cities.sql',
  ]) {
    assert.ok(names.includes(expected), `${expected} in ${names.join(', ')}`);
  }
});

test(
  'every committed database is exactly the bytes its .sql builds (but for the SQLite version that wrote ' +
    'it), twice over',
  () => {
    for (const source of sources) {
      const sql = readFileSync(source, 'utf8');
      const first = databaseBytes(sql);
      assert.ok(first.equals(databaseBytes(sql)), `${source}: two builds differ`);
      // The header's writer version (bytes 96–99) names the SQLite of this Node line: the rest must be the same.
      assert.ok(
        sameDatabase(first, readFileSync(source.replace(/\.sql$/, '.db'))),
        `${relative(repoRoot, source)}: the committed .db differs from its rebuild (run npm run databases)`,
      );
    }
  },
);

test('npm run databases -- --check agrees', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-databases.ts', '--check'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  assert.is(run.status, 0, run.stdout + run.stderr);
  assert.match(run.stdout, new RegExp(`${sources.length} databases up to date`));
});

test('each database holds the tables and rows its SQL creates', () => {
  for (const source of sources) {
    const sql = readFileSync(source, 'utf8');
    const db = openSqliteFile(source.replace(/\.sql$/, '.db'), { readonly: true });
    try {
      const tables = [...sql.matchAll(/CREATE TABLE (\w+)/g)].map((m) => m[1]!).sort();
      assert.equal(
        (
          db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]
        ).map((r) => r.name),
        tables,
      );
      for (const table of tables) {
        const inserted =
          sql
            .split(`INSERT INTO ${table} `)[1]
            ?.split(';')[0]
            ?.match(/^\s+\(/gm)?.length ?? 0;
        const count = (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
        assert.is(count, inserted, `${relative(repoRoot, source)}: ${table}`);
      }
    } finally {
      db.close();
    }
  }
  const elements = openSqliteFile(sources.find((s) => s.endsWith('periodic-table.sql'))!.replace(/\.sql$/, '.db'), {
    readonly: true,
  });
  assert.equal(
    elements.prepare('SELECT count(*) AS n, min(atomic_number) AS lo, max(atomic_number) AS hi FROM elements').get(),
    { n: 118, lo: 1, hi: 118 },
  );
  elements.close();
});

test.run();
