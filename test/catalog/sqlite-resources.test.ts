// The example catalog's resource-only schema: its SQLite queries are read-only, well-formed and actually run against
// the committed database.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Database from 'better-sqlite3';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { exampleCatalog, loadSchemas, type Json } from './support/catalog.ts';

const withResources = loadSchemas(exampleCatalog).filter((s) => s.main.resources !== undefined);
const BLOCKED =
  /\b(ATTACH|DETACH|LOAD_EXTENSION|PRAGMA|CREATE|ALTER|DROP|INSERT|UPDATE|DELETE|REPLACE|TRUNCATE|VACUUM)\b/i;

/** A value of the declared type for binding: the default if any, else a harmless sample. */
function sample(parameter: Json): string | number {
  if (parameter.default !== undefined) return parameter.default;
  return parameter.type === 'number' ? 0 : 'DE';
}

test('at least one resource-only schema exists, with tools {} and an empty root', () => {
  const resourceOnly = withResources.filter((s) => Object.keys(s.main.tools).length === 0);
  assert.ok(resourceOnly.length >= 1);
  for (const s of resourceOnly) assert.is(s.main.root, '', s.file);
});

test('resources are inline SQLite files under ./data/ that exist, are small, and ship with their .sql source', () => {
  for (const schema of withResources) {
    const resources = Object.entries(schema.main.resources) as [string, Json][];
    assert.ok(resources.length >= 1 && resources.length <= 2, schema.file);
    for (const [name, resource] of resources) {
      assert.ok(/^[a-z][a-zA-Z0-9]*$/.test(name), `${schema.file}: resource name ${name}`);
      assert.is(resource.source, 'sqlite');
      assert.ok(['global', 'project', 'inline'].includes(resource.origin));
      assert.ok(/^[a-z0-9-]+\.db$/.test(resource.database), resource.database);
      assert.ok(typeof resource.description === 'string' && resource.description.length > 10);
      if (resource.origin !== 'inline') continue;
      const file = join(dirname(schema.absolute), 'data', resource.database);
      assert.ok(existsSync(file), `${file} missing`);
      assert.ok(statSync(file).size < 64 * 1024, `${file} is ${statSync(file).size} bytes`);
      assert.ok(existsSync(file.replace(/\.db$/, '.sql')), 'the .sql the database was made from is committed');
    }
  }
});

test('queries: getSchema present, at most 7, SELECT/WITH only, ? placeholders matching the parameter count', () => {
  for (const schema of withResources) {
    for (const [name, resource] of Object.entries(schema.main.resources) as [string, Json][]) {
      const queries = Object.entries(resource.queries) as [string, Json][];
      assert.ok(Object.hasOwn(resource.queries, 'getSchema'), `${name}: getSchema`);
      assert.not.ok(Object.hasOwn(resource.queries, 'freeQuery'), `${name}: freeQuery is injected by the runtime`);
      assert.ok(queries.length <= 7, `${name}: ${queries.length} queries`);
      for (const [queryName, query] of queries) {
        const where = `${schema.file} ${name}.${queryName}`;
        assert.ok(/^[a-z][a-zA-Z0-9]*$/.test(queryName), where);
        assert.ok(/^\s*(SELECT|WITH)\b/i.test(query.sql), `${where}: must start with SELECT or WITH`);
        assert.not.ok(BLOCKED.test(query.sql), `${where}: blocked keyword`);
        assert.not.ok(
          /[:@$][a-zA-Z]|\?\d/.test(query.sql.replace(/'[^']*'/g, '')),
          `${where}: only bare ? placeholders`,
        );
        const placeholders = (query.sql.replace(/'[^']*'/g, '').match(/\?/g) ?? []).length;
        const parameters = Object.entries(query.parameters) as [string, Json][];
        assert.is(placeholders, parameters.length, `${where}: placeholders vs parameters`);
        for (const [parameterName, parameter] of parameters) {
          assert.ok(['string', 'number', 'boolean'].includes(parameter.type), `${where}.${parameterName}: type`);
          assert.type(parameter.required, 'boolean', `${where}.${parameterName}: required`);
          if (parameter.default !== undefined)
            assert.type(parameter.default, parameter.type, `${where}.${parameterName}: default`);
        }
        assert.ok(Array.isArray(query.output?.columns) && query.output.columns.length > 0, `${where}: output.columns`);
      }
    }
  }
});

test('every query runs read-only against the committed database and returns exactly its declared columns', () => {
  for (const schema of withResources) {
    for (const resource of Object.values(schema.main.resources) as Json[]) {
      const db = new Database(join(dirname(schema.absolute), 'data', resource.database), {
        readonly: true,
        fileMustExist: true,
      });
      try {
        for (const [queryName, query] of Object.entries(resource.queries) as [string, Json][]) {
          const statement = db.prepare(query.sql);
          assert.ok(statement.reader, `${queryName}: returns rows`);
          assert.equal(
            statement.columns().map((c) => c.name),
            query.output.columns,
            `${queryName}: columns`,
          );
          const args = (Object.values(query.parameters) as Json[]).map(sample);
          const rows = statement.all(...args) as Record<string, unknown>[];
          for (const row of rows) assert.equal(Object.keys(row), query.output.columns, queryName);
        }
      } finally {
        db.close();
      }
    }
  }
});

test('the database content matches its .sql source (getSchema reports the tables the script creates)', () => {
  for (const schema of withResources) {
    for (const resource of Object.values(schema.main.resources) as Json[]) {
      const dbFile = join(dirname(schema.absolute), 'data', resource.database);
      const script = readFileSync(dbFile.replace(/\.db$/, '.sql'), 'utf8');
      const scripted = [...script.matchAll(/CREATE TABLE (\w+)/g)].map((m) => m[1]).sort();
      const db = new Database(dbFile, { readonly: true, fileMustExist: true });
      try {
        const tables = (db.prepare(resource.queries.getSchema.sql).all() as { name: string }[])
          .map((r) => r.name)
          .sort();
        assert.equal(tables, scripted);
        const rebuilt = new Database(':memory:');
        rebuilt.exec(script);
        for (const table of scripted) {
          const count = (d: Database.Database) =>
            (d.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
          assert.is(count(db), count(rebuilt), `${table} row count`);
        }
        rebuilt.close();
      } finally {
        db.close();
      }
    }
  }
});

test('a sample query gives the answer a user would expect (largest German cities)', () => {
  const schema = withResources.find((s) => s.main.namespace === 'worldcities')!;
  const resource = schema.main.resources.cities;
  const db = new Database(join(dirname(schema.absolute), 'data', resource.database), { readonly: true });
  const rows = db.prepare(resource.queries.citiesByCountry.sql).all('DE', 2) as { name: string }[];
  db.close();
  assert.equal(
    rows.map((r) => r.name),
    ['Berlin', 'Hamburg'],
  );
});

test.run();
