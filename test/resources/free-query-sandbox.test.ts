/**
 * The freeQuery sandbox holds, tried the way a hostile client would: `toolkit server` over stdio with
 * a real SQLite file (global origin, in a scratch home) and a tool on a loopback HTTPS upstream.
 * Every hostile statement is refused or bounded (rows, bytes, time, memory); a runaway recursive CTE
 * comes back as an error while the tool and the schema's own queries on the same server keep being
 * answered; afterwards the database file has the same bytes and nothing new appeared beside it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestCa, type TestCa } from '../support/tls.ts';
import { startUpstream, type Upstream } from '../runtime/support/upstream.ts';
import { connect, failure, type Connected } from './support/servers.ts';
import { createWorkspace, type Workspace } from './support/workspace.ts';

const test = suite('freeQuery sandbox');

/** The query time cap for this file (short, so runaways end soon). */
const TIME_CAP_MS = 2500;
const LIMIT = 5;

const DATA_SQL =
  `CREATE TABLE items (id INTEGER PRIMARY KEY, code TEXT NOT NULL, name TEXT NOT NULL, photo BLOB);
INSERT INTO items (code, name, photo) VALUES ` +
  `${Array.from({ length: 12 }, (_, i) => `('c${i}', 'item ${i}', randomblob(64))`).join(', ')};`;

const schema = (root: string) =>
  `export const main = {
    namespace: 'vault',
    name: 'Vault',
    description: 'A resource to attack and a tool that must keep answering.',
    version: '3.0.0',
    root: '${root}',
    tools: {
        ping: { method: 'GET', path: '/ping', description: 'Answers pong.', parameters: [] }
    },
    resources: {
        items: {
            source: 'sqlite',
            database: 'vault.db',
            origin: 'global',
            description: 'Items with codes, names and photos.',
            queries: {
                getSchema: { sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name", ` +
  `description: 'Tables.', parameters: {} },
                byCode: { sql: 'SELECT code, name FROM items WHERE code = ?', description: 'One item.', parameters: ` +
  `{ code: { type: 'string', required: true } } }
            }
        }
    }
}
`;

let ca: TestCa;
let upstream: Upstream;
let workspace: Workspace;
let databaseFile: string;
let databaseHash: string;
let server: Connected;

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const dataDir = () => workspace.path('home', '.toolkit', 'data', 'vault');

test.before(async () => {
  ca = createTestCa();
  upstream = await startUpstream(ca, {
    '/ping': () => ({ headers: { 'content-type': 'application/json' }, body: '{"pong":true}' }),
  });
  workspace = createWorkspace('free-query');
  workspace.write('schemas/vault/vault.mjs', schema(upstream.origin));
  databaseFile = workspace.database('home/.toolkit/data/vault/vault.db', DATA_SQL);
  databaseHash = sha(databaseFile);
  server = await connect({ kind: 'server', schemasDir: workspace.schemasDir, projectDir: workspace.dir }, 'stdio', {
    HOME: workspace.home,
    NODE_EXTRA_CA_CERTS: ca.caFile,
    TOOLKIT_QUERY_TIMEOUT_MS: String(TIME_CAP_MS),
    TOOLKIT_QUERY_TOOLS: '1',
  });
});

test.after(async () => {
  await server?.close();
  await upstream?.close();
  workspace?.remove();
});

const freeUri = (sql: string, limit = LIMIT) =>
  `toolkit://vault/items/freeQuery?sql=${encodeURIComponent(sql)}&limit=${limit}`;
const rowsOf = (result: { contents: object[] }): unknown[] =>
  JSON.parse(String((result.contents[0] as { text?: string }).text)) as unknown[];

/** How a statement must end: refused before it runs, or bounded (an error naming a cap, or at most `LIMIT` rows). */
type Outcome = 'refused' | 'bounded';

const dangerousFile = () => workspace.path('attached.db');

/**
 * Each: what it is, the SQL, how it must end, and (rarely) that it goes through the tool form (a lone surrogate cannot
 * be put in a URI).
 */
const HOSTILE: [string, string | (() => string), Outcome, 'tool'?][] = [
  ['a DELETE', 'DELETE FROM items', 'refused'],
  ['an INSERT', "INSERT INTO items (code, name) VALUES ('x', 'y')", 'refused'],
  ['an UPDATE', "UPDATE items SET name = 'owned'", 'refused'],
  ['a REPLACE INTO', "REPLACE INTO items (id, code, name) VALUES (1, 'x', 'y')", 'refused'],
  ['a DROP TABLE', 'DROP TABLE items', 'refused'],
  ['a CREATE TABLE', 'CREATE TABLE t (x)', 'refused'],
  ['a temp table', 'CREATE TEMP TABLE t (x)', 'refused'],
  ['a temp view', 'CREATE TEMPORARY VIEW v AS SELECT 1', 'refused'],
  ['an ALTER TABLE', 'ALTER TABLE items ADD COLUMN owned TEXT', 'refused'],
  ['an ATTACH of a new file', () => `ATTACH DATABASE '${dangerousFile()}' AS x`, 'refused'],
  ['an ATTACH in memory', "ATTACH ':memory:' AS scratch", 'refused'],
  ['a DETACH', 'DETACH DATABASE main', 'refused'],
  ['a PRAGMA that writes', 'PRAGMA writable_schema = ON', 'refused'],
  ['a PRAGMA that reads', 'PRAGMA table_info(items)', 'refused'],
  ['the pragma table function revealing file paths', 'SELECT * FROM pragma_database_list', 'refused'],
  ['a quoted pragma table function', `SELECT * FROM "pragma_table_info"('items')`, 'refused'],
  ['load_extension', "SELECT load_extension('/tmp/evil.so')", 'refused'],
  ['a quoted load_extension', `SELECT "load_extension"('/tmp/evil.so')`, 'refused'],
  ['VACUUM INTO a new file', () => `VACUUM INTO '${workspace.path('copy.db')}'`, 'refused'],
  ['a write after a SELECT', 'SELECT 1; DELETE FROM items', 'refused'],
  ['two SELECTs', 'SELECT 1; SELECT 2', 'refused'],
  [
    'a DELETE at the end of a WITH chain',
    'WITH doomed AS (SELECT id FROM items) DELETE FROM items WHERE id IN (SELECT id FROM doomed)',
    'refused',
  ],
  [
    'an INSERT … RETURNING at the end of a WITH chain',
    "WITH x AS (SELECT 1) INSERT INTO items (code, name) SELECT 'x', 'y' FROM x RETURNING *",
    'refused',
  ],
  ['an UPDATE … RETURNING in a WITH chain', "WITH x AS (SELECT 1) UPDATE items SET name = 'y' RETURNING *", 'refused'],
  [
    'a REPLACE at the end of a WITH chain',
    "WITH x AS (SELECT 1) REPLACE INTO items (id, code, name) VALUES (1, 'x', 'y')",
    'refused',
  ],
  ['a transaction', 'BEGIN IMMEDIATE', 'refused'],
  ['EXPLAIN', 'EXPLAIN SELECT * FROM items', 'refused'],
  ['a bare VALUES', 'VALUES (1), (2)', 'refused'],
  ['a parameter', 'SELECT * FROM items WHERE code = ?', 'refused'],
  ['a named parameter', 'SELECT * FROM items WHERE code = :code', 'refused'],
  ['the raw page table', 'SELECT * FROM sqlite_dbpage', 'refused'],
  ['fts3_tokenizer', "SELECT fts3_tokenizer('simple')", 'refused'],
  ['an unclosed string hiding a second statement', "SELECT 'x; DELETE FROM items", 'refused'],
  ['a full-width DELETE', 'ＤＥＬＥＴＥ FROM items', 'refused'],
  ['a full-width DROP after a SELECT', 'SELECT 1; ＤＲＯＰ TABLE items', 'refused'],
  ['a no-break space before a second statement', 'SELECT 1;\u00a0DELETE FROM items', 'refused'],
  ['a zero-width space inside SELECT', 'SEL\u200bECT 1', 'refused'],
  ['a Cyrillic E in SELECT', 'S\u0415LECT 1', 'refused'],
  ['a NUL byte before a second statement', 'SELECT 1\u0000; DELETE FROM items', 'refused'],
  ['a vertical tab', 'SELECT\u000b1', 'refused'],
  ['a lone surrogate', "SELECT '\ud800'", 'refused', 'tool'],
  ['a line separator before a second statement', 'SELECT 1;\u2028DELETE FROM items', 'refused'],
  ['an SQL text over the length cap', `SELECT ${'1 + '.repeat(6000)}1`, 'refused'],
  ['a huge LIMIT', 'SELECT code FROM items LIMIT 1000000000', 'bounded'],
  [
    'an endless recursive CTE that yields rows',
    'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c',
    'bounded',
  ],
  [
    'a cross join of ten million rows',
    'SELECT a.code FROM items a, items b, items c, items d, items e, items f, items g',
    'bounded',
  ],
  ['a blob over the byte cap', 'SELECT randomblob(3000000) AS blob', 'bounded'],
  ['a string over the byte cap', "SELECT printf('%.*c', 5000000, 'x') AS text", 'bounded'],
  ['a blob SQLite refuses to build', 'SELECT zeroblob(2000000000)', 'bounded'],
  ['a query that eats memory', 'SELECT length(randomblob(400000000)) AS n', 'bounded'],
  [
    'rows that together pass the byte cap',
    'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 400) SELECT x, randomblob(4000) AS ' +
      'payload FROM c',
    'bounded',
  ],
  ['a comment hiding a second statement', 'SELECT 1 AS one -- ; DELETE FROM items', 'bounded'],
  ['a string holding a second statement', "SELECT 'x''; DELETE FROM items; --' AS text", 'bounded'],
  ['a right-to-left override in a string', "SELECT '\u202e' || name AS name FROM items", 'bounded'],
];

test(
  `${HOSTILE.length} hostile statements: each refused or bounded, through the resource and ` + `the tool form`,
  async () => {
    assert.ok(HOSTILE.length >= 30);
    const wrong: string[] = [];
    const judge = (message: string): string =>
      /cap\b|too big/.test(message)
        ? 'bounded'
        : /freeQuery refused|-32602|invalid arguments/.test(message)
          ? 'refused'
          : `failed otherwise: ${message}`;
    for (const [label, statement, expected, via] of HOSTILE) {
      const sql = typeof statement === 'function' ? statement() : statement;
      let outcome: string;
      if (via === 'tool') {
        const result = await server.client.callTool({
          name: 'free_query_items_vault',
          arguments: { sql, limit: LIMIT },
        });
        const text = (result.content as { text: string }[])[0]!.text;
        outcome = result.isError
          ? judge(text)
          : (JSON.parse(text) as unknown[]).length <= LIMIT
            ? 'bounded'
            : 'returned too many rows';
      } else {
        try {
          const rows = rowsOf(await server.client.readResource({ uri: freeUri(sql) }));
          outcome = rows.length <= LIMIT ? 'bounded' : `returned ${rows.length} rows`;
        } catch (error) {
          outcome = judge((error as Error).message);
        }
      }
      if (outcome !== expected) wrong.push(`${label}: expected ${expected}, got ${outcome}`);
    }
    assert.equal(wrong, []);
    // The same guard stands behind the tool form: a write is an error result, a read works.
    const write = await server.client.callTool({
      name: 'free_query_items_vault',
      arguments: { sql: 'DELETE FROM items' },
    });
    assert.ok(write.isError);
    assert.match(JSON.stringify(write.content), /may not use DELETE|must start with SELECT/);
    const read = await server.client.callTool({
      name: 'free_query_items_vault',
      arguments: { sql: 'SELECT count(*) AS n FROM items' },
    });
    assert.not.ok(read.isError);
    assert.equal(JSON.parse((read.content as { text: string }[])[0]!.text), [{ n: 12 }]);
    const badLimit = await server.client.callTool({
      name: 'free_query_items_vault',
      arguments: { sql: 'SELECT 1', limit: 100000 },
    });
    assert.ok(badLimit.isError);
  },
);

test(
  'a runaway recursive CTE is stopped at the time cap while the tool and the schema queries ' + 'keep answering',
  async () => {
    // Both already used once, so what is measured below is answering, not starting a process on a busy machine.
    await server.client.callTool({ name: 'ping_vault', arguments: {} });
    await server.client.readResource({ uri: 'toolkit://vault/items/byCode?code=c1' });
    const started = Date.now();
    let runawayEnded = 0;
    const runaway = failure(
      server.client.readResource({
        uri: freeUri('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c'),
      }),
    ).then((f) => {
      runawayEnded = Date.now();
      return f;
    });
    // Give the runaway time to be running inside SQLite, then use the server for other things.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ping = await server.client.callTool({ name: 'ping_vault', arguments: {} });
    const pingAnswered = Date.now();
    const item = await server.client.readResource({ uri: 'toolkit://vault/items/byCode?code=c3' });
    const itemAnswered = Date.now();
    const ended = await runaway;
    assert.not.ok(ping.isError, JSON.stringify(ping));
    assert.equal(JSON.parse((ping.content as { text: string }[])[0]!.text), { pong: true });
    assert.equal(rowsOf(item), [{ code: 'c3', name: 'item 3' }]);
    assert.ok(ended, 'the runaway must fail');
    assert.match(ended!.message, new RegExp(`${TIME_CAP_MS} ms time cap`));
    assert.ok(pingAnswered < runawayEnded && itemAnswered < runawayEnded, 'both answered while the runaway still ran');
    assert.ok(runawayEnded - started >= TIME_CAP_MS, 'the runaway ran until the cap');
    // A new query process takes over: freeQuery works again.
    assert.equal(
      rowsOf(await server.client.readResource({ uri: freeUri("SELECT name FROM items WHERE code = 'c1'") })),
      [{ name: 'item 1' }],
    );
  },
);

test('afterwards the database file has the same bytes and nothing appeared beside it', () => {
  assert.is(sha(databaseFile), databaseHash);
  assert.equal(readdirSync(dataDir()), ['vault.db']);
  assert.not.ok(existsSync(dangerousFile()));
  assert.not.ok(existsSync(workspace.path('copy.db')));
});

test('the server wrote nothing about the attacks that names a secret or a path outside its data', () => {
  assert.not.ok(server.stderr().includes('evil.so'));
});

test.run();
