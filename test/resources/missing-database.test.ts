/**
 * A database that is not there: the compiler warns at the `database` field with the path a server
 * will open (RES020), a skill cycle is an error at its skill (SKL023), and a server with a missing
 * file still starts, names the path on stderr, serves everything else, answers reads of that
 * resource with an error naming the path, and serves it as soon as the file appears. A bundle built
 * without its inline database says where it looked. A schema tree with nothing at all to serve is a
 * one-line usage error.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadSchemaFile } from '../../compiler/load/load-schema.ts';
import { runCli } from '../build/support/run-cli.ts';
import { connect, failure } from './support/servers.ts';
import { createWorkspace, type Workspace } from './support/workspace.ts';

const test = suite('missing databases and located errors');
const firstText = (result: { contents: object[] }): string => String((result.contents[0] as { text?: unknown }).text);
let workspace: Workspace;

const schema =
  `export const main = {
    namespace: 'depot',
    name: 'Depot',
    description: 'Two resources, one of them without its file.',
    version: '3.0.0',
    root: '',
    tools: {},
    resources: {
        present: {
            source: 'sqlite',
            database: 'present.db',
            origin: 'project',
            description: 'A database that is there.',
            queries: {
                getSchema: { sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table'", description: ` +
  `'Tables.', parameters: {} }
            }
        },
        absent: {
            source: 'sqlite',
            database: 'absent.db',
            origin: 'global',
            description: 'A database that is not there yet.',
            queries: {
                getSchema: { sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table'", description: ` +
  `'Tables.', parameters: {} }
            }
        }
    }
}
`;

test.before(() => {
  workspace = createWorkspace('missing-db');
  workspace.write('schemas/depot/depot.mjs', schema);
  workspace.database('.toolkit/data/depot/present.db', 'CREATE TABLE shelf (id INTEGER PRIMARY KEY);');
});

test.after(() => workspace?.remove());

test('RES020 is a warning at the database field, naming the path a server will open', () => {
  const result = loadSchemaFile(workspace.path('schemas', 'depot', 'depot.mjs'), {
    home: workspace.home,
    cwd: workspace.dir,
  });
  assert.ok(result.model, 'a missing database does not stop the schema');
  const [warning, ...others] = result.diagnostics;
  assert.equal(others, []);
  assert.is(warning!.rule, 'RES020');
  assert.is(warning!.severity, 'warning');
  assert.is(warning!.file, workspace.path('schemas', 'depot', 'depot.mjs'));
  const line = schema.split('\n').findIndex((l) => l.includes("database: 'absent.db'"));
  assert.is(warning!.line, line + 1);
  assert.is(warning!.column, schema.split('\n')[line]!.indexOf("'absent.db'") + 1);
  assert.match(
    warning!.message,
    /resource absent: database absent\.db \(origin global\) not found at ~\/\.toolkit\/data\/depot\/absent\.db/,
  );
  const inline = loadSchemaFile(
    resolve(import.meta.dirname, '../fixtures/rules/RES020.database-missing.fails/schema.mjs'),
  );
  assert.ok(
    inline.diagnostics[0]!.message.includes(
      `not found at ${resolve(import.meta.dirname, '../fixtures/rules/RES020.database-missing.fails/data/demo.db')}`,
    ),
    inline.diagnostics[0]!.message,
  );
});

test('a skill cycle is an error located at the skill that starts it, naming the cycle', () => {
  const file = resolve(import.meta.dirname, '../fixtures/rules/SKL023.two-skill-cycle.fails/schema.mjs');
  const cycle = loadSchemaFile(file).diagnostics.filter((d) => d.rule === 'SKL023');
  assert.is(cycle.length, 1);
  assert.is(cycle[0]!.severity, 'error');
  assert.is(cycle[0]!.file, file);
  assert.ok(cycle[0]!.line > 0 && cycle[0]!.column > 0, `${cycle[0]!.line}:${cycle[0]!.column}`);
  assert.match(cycle[0]!.message, /cycle: (\S+) → (\S+) → \1/);
});

test(
  'the server starts without the file, says where it looked, serves the rest, and picks the file up ' +
    'when it appears',
  async () => {
    const server = await connect(
      { kind: 'server', schemasDir: workspace.schemasDir, projectDir: workspace.dir },
      'stdio',
      { HOME: workspace.home },
    );
    try {
      assert.match(
        server.stderr(),
        new RegExp(
          'resource depot\\/absent: database absent\\.db \\(origin global\\) not found at ' +
            '~\\/\\.toolkit\\/data\\/depot\\/absent\\.db',
        ),
      );
      const { client } = server;
      assert.equal(client.getServerCapabilities(), { resources: { listChanged: false }, completions: {} });
      assert.equal(JSON.parse(firstText(await client.readResource({ uri: 'toolkit://depot/present/getSchema' }))), [
        { name: 'shelf', sql: 'CREATE TABLE shelf (id INTEGER PRIMARY KEY)' },
      ]);
      const failed = await failure(client.readResource({ uri: 'toolkit://depot/absent/getSchema' }));
      assert.is(failed?.code, -32603);
      assert.match(
        failed!.message,
        new RegExp(
          'resource depot\\/absent cannot be loaded: database absent\\.db \\(origin global\\) not found at ' +
            '~\\/\\.toolkit\\/data\\/depot\\/absent\\.db',
        ),
      );
      // The rest still answers after the failure.
      assert.ok((await client.readResource({ uri: 'toolkit://depot/present' })).contents.length === 1);
      mkdirSync(join(workspace.home, '.toolkit', 'data', 'depot'), { recursive: true });
      copyFileSync(
        workspace.path('.toolkit', 'data', 'depot', 'present.db'),
        join(workspace.home, '.toolkit', 'data', 'depot', 'absent.db'),
      );
      assert.equal(JSON.parse(firstText(await client.readResource({ uri: 'toolkit://depot/absent/getSchema' }))), [
        { name: 'shelf', sql: 'CREATE TABLE shelf (id INTEGER PRIMARY KEY)' },
      ]);
      // Only resources are served: tools were never declared.
      assert.is((await failure(client.listTools()))?.code, -32601);
    } finally {
      await server.close();
    }
  },
);

test('a bundle built without an inline database names the path beside the bundle it looked at', async () => {
  const tree = createWorkspace('missing-inline');
  try {
    tree.write(
      'schemas/shop/shop.mjs',
      schema.replace("namespace: 'depot'", "namespace: 'shop'").replace("origin: 'global'", "origin: 'inline'"),
    );
    tree.database('.toolkit/data/shop/present.db', 'CREATE TABLE shelf (id INTEGER PRIMARY KEY);');
    const built = await runCli([
      'build',
      '--schemas',
      tree.schemasDir,
      '--out',
      tree.path('out'),
      '--project',
      tree.dir,
    ]);
    assert.is(built.code, 0, built.stderr);
    const server = await connect({ kind: 'bundle', bundle: tree.path('out', 'catalog.mjs'), cwd: tree.dir }, 'stdio', {
      HOME: tree.home,
    });
    try {
      const failed = await failure(server.client.readResource({ uri: 'toolkit://shop/absent/getSchema' }));
      assert.ok(
        failed?.message.includes(`not found at ${tree.path('out', 'data', 'shop', 'absent.db')}`),
        failed?.message,
      );
      assert.match(server.stderr(), /shop\/absent.*not found/);
      assert.ok((await server.client.readResource({ uri: 'toolkit://shop/present/getSchema' })).contents.length === 1);
    } finally {
      await server.close();
    }
  } finally {
    tree.remove();
  }
});

test(
  'a bundle moved where no better-sqlite3 is installed reads with the SQLite engine it carries, and ' +
    'serves the rest',
  async () => {
    const tree = createWorkspace('no-sqlite');
    // Outside the repository: no node_modules above it.
    const away = mkdtempSync(join(tmpdir(), 'toolkit-no-sqlite-'));
    try {
      tree.write('schemas/depot/depot.mjs', schema);
      const built = await runCli([
        'build',
        '--schemas',
        tree.schemasDir,
        '--out',
        join(away, 'out'),
        '--project',
        tree.dir,
      ]);
      assert.is(built.code, 0, built.stderr);
      tree.database('home/.toolkit/data/depot/absent.db', 'CREATE TABLE crate (id INTEGER PRIMARY KEY);');
      const server = await connect({ kind: 'bundle', bundle: join(away, 'out', 'catalog.mjs'), cwd: away }, 'stdio', {
        HOME: tree.home,
      });
      try {
        // better-sqlite3 from engine/ beside the bundle (Node 20, 22) or Node's own SQLite (24).
        const read = await server.client.readResource({ uri: 'toolkit://depot/absent/getSchema' });
        assert.is(read.contents.length, 1);
        assert.match(JSON.stringify(read.contents[0]), /crate/);
        assert.ok((await server.client.listResources()).resources.length > 0, 'the rest is served');
      } finally {
        await server.close();
      }
    } finally {
      rmSync(away, { recursive: true, force: true });
      tree.remove();
    }
  },
);

test('a schema tree with nothing to serve fails (exit 1) naming what is missing', async () => {
  const empty = createWorkspace('nothing');
  try {
    empty.write(
      'schemas/blank/blank.mjs',
      "export const main = { namespace: 'blank', name: 'Blank', description: 'Nothing here.', version: '3.0.0', " +
        "root: '', tools: {}, skills: {} }\n",
    );
    const run = await runCli(['server', '--schemas', empty.schemasDir, '--project', empty.dir]);
    assert.is(run.code, 1);
    assert.match(run.stderr, /nothing to serve from .*: no tools, resources, prompts or skills/);
  } finally {
    empty.remove();
  }
});

test.run();
