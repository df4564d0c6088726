/**
 * The freeQuery guard reads SQL as SQLite does. Checked against SQLite itself, as the query process
 * asks it on this Node line (better-sqlite3's `stmt.reader && stmt.readonly`, or `node:sqlite` with
 * SQLite's authorizer) on a real file: every statement the guard lets through is, for SQLite, one
 * statement that only reads or an error; never several statements and never a write. The
 * corpus mixes quotes, comments, brackets, backticks, semicolons and non-ASCII text at random.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { QueryError, QueryLane } from '../../runtime/resources/query-lane.ts';
import { freeQueryProblem } from '../../runtime/resources/free-query-guard.ts';
import { codeTokens, tokenizeSql } from '../../runtime/resources/sql-lexer.ts';
import { createWorkspace, type Workspace } from './support/workspace.ts';

const test = suite('freeQuery guard');
let workspace: Workspace;
let db: string;
let lane: QueryLane;

test.before(() => {
  workspace = createWorkspace('guard');
  const file = workspace.database(
    'g.db',
    'CREATE TABLE items (id INTEGER PRIMARY KEY, code TEXT, name TEXT); INSERT INTO items (code, name) ' +
      "VALUES ('a', 'x');",
  );
  db = file;
  lane = new QueryLane('guard', { timeoutMs: 3000, maxRows: 10, maxBytes: 64 * 1024, maxMemoryMb: 256 });
});

test.after(() => {
  lane?.close();
  workspace?.remove();
});

/** SQLite's verdict: 'read' (one statement that only reads), 'write', 'not rows', 'several' or 'error'. */
async function sqliteVerdict(sql: string): Promise<string> {
  try {
    await lane.run({ db, sql, params: [], maxRows: 10 });
    return 'read';
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    if (/would write/.test(error.message)) return 'write';
    if (/returns no rows/.test(error.message)) return 'not rows';
    return /more than one statement/.test(error.message) ? 'several' : 'error';
  }
}

test('tokens put back together give the text back, whatever it is', () => {
  for (const sql of ['SELECT \'a;b\' -- c\n, "x""y", [z;], `w` /* open', "x'ff' ? ?12 :a @b $c #d", 'Ｓ ; é']) {
    assert.is(
      tokenizeSql(sql)
        .map((t) => t.text)
        .join(''),
      sql,
    );
  }
  assert.equal(
    codeTokens(tokenizeSql("SELECT 'a;b'; -- x")).map((t) => t.kind),
    ['identifier', 'string', 'semicolon'],
  );
});

test('normal reads pass', async () => {
  const reads = [
    'SELECT * FROM items',
    "select code, name from items where code = 'a' order by id limit 3",
    'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 10) SELECT x FROM c',
    "SELECT replace(name, 'x', 'y') AS name FROM items",
    "SELECT CASE WHEN id > 1 THEN 'big' ELSE 'small' END AS size FROM items;",
    "SELECT name, sql FROM sqlite_schema WHERE type = 'table'",
    "SELECT json_object('code', code) FROM items",
    "SELECT 'DELETE FROM items; DROP TABLE items' AS harmless",
    'SELECT "code" FROM [items] -- trailing comment',
    'SELECT count(*) FROM items /* unclosed comment is the end of the text',
  ];
  for (const sql of reads) {
    assert.is(freeQueryProblem(sql), undefined, sql);
    assert.is(await sqliteVerdict(sql), 'read', sql);
  }
});

test('named refusals say what is wrong', () => {
  assert.match(freeQueryProblem('DELETE FROM items')!, /must start with SELECT or WITH/);
  assert.match(freeQueryProblem('WITH x AS (SELECT 1) DELETE FROM items')!, /may not use DELETE/);
  assert.match(freeQueryProblem('SELECT 1; SELECT 2')!, /exactly one statement/);
  assert.match(freeQueryProblem("SELECT * FROM pragma_table_info('items')")!, /pragma_table_info/);
  assert.match(freeQueryProblem('SELECT ?')!, /parameters/);
  assert.match(freeQueryProblem("SELECT 'open")!, /cannot be read/);
  assert.match(freeQueryProblem('SELECT 1\u0000')!, /U\+0000/);
  assert.match(freeQueryProblem('')!, /non-empty/);
  assert.match(freeQueryProblem(42)!, /non-empty string/);
});

/** A deterministic pseudo-random generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Text that changes how the rest is read: quotes, comments, brackets, escapes, odd spaces and letters. */
const NOISE = [
  ' ',
  '\n',
  '\t',
  '\r',
  "'",
  "''",
  '"',
  '""',
  '[',
  ']',
  '`',
  '--',
  '/*',
  '*/',
  '/**/',
  '\\',
  "\\'",
  '#',
  '-',
  '*',
  'x',
  "x'",
  '1',
  ',',
  '(',
  ')',
  '||',
  'é',
  'Ｓ',
  '\u00a0',
  '\u200b',
  '\u2028',
  'code',
  'FROM items',
  'AS',
  'replace',
  'END',
  "';'",
  '";"',
  '[;]',
  '`;`',
];
/** What an attacker wants SQLite to run after the first statement, or inside it. */
const ATTACKS = [
  '; DELETE FROM items',
  ';DROP TABLE items',
  "; ATTACH ':memory:' AS m",
  '; PRAGMA writable_schema = 1',
  ' DELETE FROM items',
  ' INSERT INTO items (code) VALUES (1) RETURNING *',
  '; SELECT 2',
  ') DELETE FROM items',
  ' UPDATE items SET code = 1 RETURNING *',
  '; ＤＥＬＥＴＥ FROM items',
  ' REPLACE INTO items VALUES (9, 9, 9) RETURNING *',
];

test(
  'differential against SQLite: 20,000 random statements, none the guard passes is several ' + 'statements or a write',
  async () => {
    const next = random(20260728);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const noise = (): string =>
      Array.from({ length: Math.floor(next() * 6) }, () => pick(NOISE)).join(next() < 0.5 ? ' ' : '');
    const slipped: string[] = [];
    const passing: string[] = [];
    let passed = 0;
    for (let i = 0; i < 20_000; i++) {
      const head = next() < 0.5 ? 'SELECT 1 AS a ' : next() < 0.5 ? 'WITH w AS (SELECT 1) SELECT * FROM w ' : 'SELECT ';
      const sql = `${head}${noise()}${next() < 0.8 ? pick(ATTACKS) : ''}${noise()}`;
      if (freeQueryProblem(sql) !== undefined) continue;
      passed++;
      passing.push(sql);
    }
    const verdicts = await Promise.all(passing.map(sqliteVerdict));
    for (const [i, verdict] of verdicts.entries())
      if (verdict !== 'read' && verdict !== 'error') slipped.push(`${verdict}: ${JSON.stringify(passing[i])}`);
    assert.equal(slipped.slice(0, 10), []);
    assert.ok(passed > 1000, `only ${passed} statements passed the guard: the corpus tests too little`);
  },
);

test.run();
