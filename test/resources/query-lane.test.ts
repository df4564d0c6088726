/**
 * The query process and its queue, on real SQLite files: rows as JSON (big integers, blobs,
 * infinities, repeated column names), an answer over a megabyte, the row and byte caps, SQLite's own read-only verdict,
 * a missing file, a runaway killed at the time cap with the queries queued behind it answered by a new process, the
 * memory cap (Linux) charged to the query that grew the process, a replaced file picked up, and shutdown.
 */
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openSqliteFile } from '../../scripts/sqlite-file.ts';
import { QueryError, QueryLane, type QueryLimits } from '../../runtime/resources/query-lane.ts';
import { createWorkspace, type Workspace } from './support/workspace.ts';

const test = suite('query lane');
const LIMITS: QueryLimits = { timeoutMs: 1500, maxRows: 50, maxBytes: 64 * 1024, maxMemoryMb: 512 };

let workspace: Workspace;
let db: string;
const lanes: QueryLane[] = [];
const lane = (limits: Partial<QueryLimits> = {}): QueryLane => {
  const made = new QueryLane('test', { ...LIMITS, ...limits });
  lanes.push(made);
  return made;
};

test.before(() => {
  workspace = createWorkspace('query-lane');
  db = workspace.database(
    'data/lane.db',
    `CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, big INTEGER, photo BLOB, ratio REAL);
INSERT INTO t (name, big, photo, ratio) VALUES ('a', 9007199254740993, x'00ff10', 0.5), ('b', 42, NULL, 1e999), ` +
      `('c', -7, x'', NULL);`,
  );
});

test.after(() => {
  for (const l of lanes) l.close();
  workspace?.remove();
});

const run = (l: QueryLane, sql: string, params: (string | number | null)[] = [], maxRows = 50) =>
  l.run({ db, sql, params, maxRows });

async function kindOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    return error instanceof QueryError ? `${error.kind}: ${error.message}` : `other: ${(error as Error).message}`;
  }
}

test(
  'rows come back as JSON: big integers as strings, blobs as base64, infinities as strings, repeated ' +
    'names kept apart',
  async () => {
    const l = lane();
    const answer = await run(l, 'SELECT id, name, big, photo, ratio, name FROM t ORDER BY id');
    assert.is(answer.rows, 3);
    assert.is(answer.truncated, null);
    assert.equal(JSON.parse(answer.json), [
      { id: 1, name: 'a', big: '9007199254740993', photo: 'AP8Q', ratio: 0.5, 'name:2': 'a' },
      { id: 2, name: 'b', big: 42, photo: null, ratio: 'Infinity', 'name:2': 'b' },
      { id: 3, name: 'c', big: -7, photo: '', ratio: null, 'name:2': 'c' },
    ]);
    assert.equal(JSON.parse((await run(l, 'SELECT name FROM t WHERE id = ?', [2])).json), [{ name: 'b' }]);
    assert.ok(l.running);
  },
);

test('the row cap cuts the rows whatever LIMIT says, and the byte cap cuts before it is passed', async () => {
  const l = lane({ maxBytes: 2000 });
  const rows = await run(
    l,
    'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c LIMIT 1000000',
    [],
    7,
  );
  assert.equal(
    JSON.parse(rows.json),
    [1, 2, 3, 4, 5, 6, 7].map((x) => ({ x })),
  );
  assert.is(rows.truncated, 'rows');
  const bytes = await run(
    l,
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 40) SELECT x, printf('%.100c', 'y') " +
      'AS pad FROM c',
  );
  assert.is(bytes.truncated, 'bytes');
  assert.ok(
    bytes.json.length <= 2000 && bytes.rows > 5 && bytes.rows < 40,
    `${bytes.rows} rows, ${bytes.json.length} bytes`,
  );
  assert.match(
    await kindOf(run(l, "SELECT printf('%.5000c', 'z') AS big")),
    /^size: a value of 5000 characters is over the 2000-byte result cap/,
  );
});

test(
  'an answer larger than the pipe passes at once comes back whole, multi-byte text included, and the next ' +
    'one after it',
  async () => {
    // A cap of time that a loaded machine does not reach: this test is about sizes.
    const l = lane({ maxBytes: 4 * 1024 * 1024, maxRows: 5000, timeoutMs: 20_000 });
    const big = await run(
      l,
      "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 3000) SELECT x, printf('%.300c', 'y') AS " +
        "pad, 'Zürich 東京' AS city FROM c",
      [],
      5000,
    );
    const rows = JSON.parse(big.json) as { x: number; pad: string; city: string }[];
    assert.ok(Buffer.byteLength(big.json) > 1_000_000, `${Buffer.byteLength(big.json)} bytes`);
    assert.is(big.rows, 3000);
    assert.is(rows.length, 3000);
    assert.equal(rows[2999], { x: 3000, pad: 'y'.repeat(300), city: 'Zürich 東京' });
    assert.equal(JSON.parse((await run(l, 'SELECT 4 AS four')).json), [{ four: 4 }]);
  },
);

test(
  'SQLite itself must say the statement reads: writes and non-queries are refused, on a file that ' + 'stays the same',
  async () => {
    const l = lane();
    assert.match(
      await kindOf(run(l, "INSERT INTO t (name) VALUES ('x') RETURNING id")),
      /^refused: the statement would write/,
    );
    assert.match(await kindOf(run(l, "ATTACH ':memory:' AS x")), /^refused: the statement returns no rows/);
    assert.match(await kindOf(run(l, 'SELECT * FROM nowhere')), /^sql: no such table: nowhere/);
    assert.match(await kindOf(run(l, 'SELECT 1; SELECT 2')), /^sql: .*more than one statement/);
    assert.is(JSON.parse((await run(l, 'SELECT count(*) AS n FROM t')).json)[0].n, 3);
  },
);

test('a missing database fails with the path it was looked for at; the lane keeps working', async () => {
  const l = lane();
  const missing = workspace.path('data', 'nowhere.db');
  assert.is(
    await kindOf(l.run({ db: missing, sql: 'SELECT 1', params: [], maxRows: 1 })),
    `missing: database not found at ${missing}`,
  );
  assert.not.ok(existsSync(missing), 'opening read-only never creates the file');
  assert.equal(JSON.parse((await run(l, 'SELECT 1 AS one')).json), [{ one: 1 }]);
});

test('a runaway is killed at the time cap; the queries queued behind it are answered by a new process', async () => {
  const l = lane({ timeoutMs: 800 });
  const before = run(l, 'SELECT 1 AS first');
  const runaway = kindOf(
    run(l, 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c'),
  );
  const after = run(l, 'SELECT 2 AS after');
  assert.equal(JSON.parse((await before).json), [{ first: 1 }]);
  assert.is(await runaway, 'timeout: the query ran longer than the 800 ms time cap and was stopped');
  assert.equal(JSON.parse((await after).json), [{ after: 2 }]);
});

test('the memory cap stops a query that grows the process past it (Linux)', async () => {
  if (!existsSync('/proc/self/status')) return;
  const l = lane({ maxMemoryMb: 120, timeoutMs: 60_000 });
  assert.match(
    await kindOf(run(l, 'SELECT length(randomblob(500000000)) AS n')),
    /^memory: the query used more than the 120 MiB memory cap/,
  );
  assert.equal(JSON.parse((await run(l, 'SELECT 3 AS three')).json), [{ three: 3 }]);
});

test('the memory cap blames the query that grew the process, never the innocent one after it (Linux)', async () => {
  if (!existsSync('/proc/self/status')) return;
  // 60 MiB read into memory takes the process past a 100 MiB cap: that read fails, and the slow
  // query after it (which grows nothing) runs in a process that no longer holds those bytes.
  const big = workspace.database(
    'data/big.db',
    'CREATE TABLE b (x BLOB); WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c LIMIT 60) INSERT INTO b ' +
      'SELECT zeroblob(1048576) FROM c;',
  );
  const l = lane({ maxMemoryMb: 100, timeoutMs: 60_000 });
  const grew = kindOf(l.run({ db: big, sql: 'SELECT count(*) AS n FROM b', params: [], maxRows: 1 }));
  const innocent = run(
    l,
    'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 3000000) SELECT count(*) AS n FROM c',
  );
  assert.match(await grew, /^memory: the query used more than the 100 MiB memory cap/);
  assert.equal(JSON.parse((await innocent).json), [{ n: 3000000 }]);
});

test('a database replaced on disk is read afresh; a database left in WAL mode is readable', async () => {
  const l = lane();
  const file = workspace.database('data/swap.db', "CREATE TABLE v (x); INSERT INTO v VALUES ('old');");
  assert.equal(JSON.parse((await l.run({ db: file, sql: 'SELECT x FROM v', params: [], maxRows: 5 })).json), [
    { x: 'old' },
  ]);
  const fresh = workspace.database('data/swap-new.db', "CREATE TABLE v (x); INSERT INTO v VALUES ('new');");
  renameSync(fresh, file);
  assert.equal(JSON.parse((await l.run({ db: file, sql: 'SELECT x FROM v', params: [], maxRows: 5 })).json), [
    { x: 'new' },
  ]);
  const wal = workspace.path('data', 'wal.db');
  const writer = openSqliteFile(wal);
  writer.exec('PRAGMA journal_mode = WAL');
  writer.exec("CREATE TABLE w (x); INSERT INTO w VALUES ('logged');");
  writer.close();
  assert.equal(JSON.parse((await l.run({ db: wal, sql: 'SELECT x FROM w', params: [], maxRows: 5 })).json), [
    { x: 'logged' },
  ]);
});

test('close fails what is queued and stops the process', async () => {
  const l = lane();
  await run(l, 'SELECT 1');
  const pending = kindOf(
    run(l, 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c'),
  );
  l.close();
  assert.match(await pending, /^internal: the server is shutting down/);
  assert.not.ok(l.running);
  assert.match(await kindOf(run(l, 'SELECT 1')), /shutting down/);
  writeFileSync(workspace.path('data', 'touched'), ''); // the workspace is still writable: nothing held it
});

test.run();
