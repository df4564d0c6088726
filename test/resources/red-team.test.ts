/**
 * An outside red team on SQLite resources, end to end: a real `toolkit server` over stdio serving the
 * schemas of `test/fixtures/red-team-sql/`, attacked as a hostile MCP client would (freeQuery SQL,
 * typed parameters, resource URIs, a flood of runaways) and as a hostile schema author would (links,
 * odd files and hostile views where a database should be). Each test is one attack class and
 * asserts what a user sees, and that no database file changed and nothing appeared beside one.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { connect, type Connected } from './support/servers.ts';
import { createWorkspace, type Workspace } from './support/workspace.ts';
import { openSqliteFile, type SqliteFile } from '../../scripts/sqlite-file.ts';

const test = suite('red team: SQLite resources');

const FIXTURES = resolve(import.meta.dirname, '..', 'fixtures', 'red-team-sql');
/** The query time cap for this file (short, so runaways end soon). */
const TIME_CAP_MS = 1500;
const LIMIT = 5;
/** Past the size the query process reads into memory (64 MiB). */
const HUGE_BLOBS_MIB = 66;
/** Four databases just under that size: together past the query process's 256 MiB memory cap. */
const SHELVES = ['one', 'two', 'three', 'four'];
const SHELF_MIB = 60;

let workspace: Workspace;
let server: Connected;
let outsideSecret: string;
let liveWriter: SqliteFile | undefined;
/** sha256 of every database file that must never change, by path. */
const hashes = new Map<string, string>();
/** Files too large to hash after every test: their size and times (a write changes them), by path. */
const stamps = new Map<string, string>();

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const stampOf = (file: string) => {
  const { size, mtimeMs, ctimeMs } = statSync(file);
  return `${size}:${mtimeMs}:${ctimeMs}`;
};

/** Remembers a file that must never change: its bytes, and for a large one also its size and times. */
function remember(file: string): void {
  hashes.set(file, sha(file));
  if (statSync(file).size > 8 * 1024 * 1024) stamps.set(file, stampOf(file));
}

const dataDir = () => workspace.path('home', '.toolkit', 'data');
/** The namespace each global database belongs to: it lives in `~/.toolkit/data/<namespace>/`. */
const OWNER: Readonly<Record<string, string>> = {
  'vault.db': 'vault',
  'hostile.db': 'vault',
  'copied.db': 'journal',
  'live.db': 'journal',
  'huge.db': 'bulk',
  'shelf-one.db': 'front',
  'shelf-two.db': 'front',
  'shelf-three.db': 'back',
  'shelf-four.db': 'back',
  'blocked.db': 'walled',
  'folder.db': 'odd',
  'pipe.db': 'odd',
  'text.db': 'junk',
  'device.db': 'junk',
};
/** Where a global database file (or its -wal, -shm) is: its namespace's directory, made on first need. */
const dataPath = (file: string): string => {
  const dir = join(dataDir(), OWNER[file.replace(/-(wal|shm)$/, '')]!);
  mkdirSync(dir, { recursive: true });
  return join(dir, file);
};
const sqlOf = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

/** Makes the global database `name` from a fixture's SQL, remembering its bytes. */
function globalDatabase(name: string, sqlFile: string): string {
  const file = workspace.database(`home/.toolkit/data/${OWNER[name]}/${name}`, sqlOf(sqlFile));
  remember(file);
  return file;
}

/**
 * journal/copied: a WAL database copied while its writer was open, with its log and no -shm; journal/live: one a writer
 * keeps open.
 */
function makeJournal(scratch: string): void {
  const source = openSqliteFile(join(scratch, 'source.db'));
  source.exec('PRAGMA journal_mode = WAL');
  source.exec('PRAGMA wal_autocheckpoint = 0');
  source.exec(sqlOf('journal/entries.sql'));
  source.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  source.exec(
    "INSERT INTO entries (body) VALUES ('only in the log'); UPDATE entries SET body = 'changed in the log' " +
      'WHERE id = 1;',
  );
  cpSync(join(scratch, 'source.db'), dataPath('copied.db'));
  cpSync(join(scratch, 'source.db-wal'), dataPath('copied.db-wal'));
  source.close();
  for (const file of ['copied.db', 'copied.db-wal']) remember(dataPath(file));
  liveWriter = openSqliteFile(dataPath('live.db'));
  liveWriter.exec('PRAGMA journal_mode = WAL');
  liveWriter.exec('PRAGMA wal_autocheckpoint = 0');
  liveWriter.exec(sqlOf('journal/entries.sql'));
}

/** A global database of `mib` blobs of a mebibyte each (in WAL mode when asked). */
function blobDatabase(name: string, mib: number, wal = false): void {
  const db = openSqliteFile(dataPath(name));
  db.exec(
    `CREATE TABLE blobs (b BLOB); WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT ${mib}) ` +
      `INSERT INTO blobs SELECT zeroblob(1048576) FROM c;`,
  );
  if (wal) db.exec('PRAGMA journal_mode = WAL');
  db.close();
  remember(dataPath(name));
}

/**
 * linked: one link to another program's database outside the schema, one to a file of the schema.
 * The outside link is made once the server runs (`linkOutside`): present at load, it fails the
 * schema (RES007, test/build/linked-database.test.ts), and the server must refuse one that appears later.
 */
function makeLinked(): void {
  outsideSecret = workspace.database('elsewhere/other-program/history.db', sqlOf('linked/secret.sql'));
  remember(outsideSecret);
  const linkedData = join(workspace.schemasDir, 'linked', 'data');
  mkdirSync(linkedData, { recursive: true });
  const insideReal = workspace.database('schemas/linked/data/real/words.db', sqlOf('linked/inside.sql'));
  remember(insideReal);
  symlinkSync(join('real', 'words.db'), join(linkedData, 'inside.db'));
}

const linkOutside = (): void => symlinkSync(outsideSecret, join(workspace.schemasDir, 'linked', 'data', 'outside.db'));

/**
 * walled/borrowed: a copy of another program's database from before it wrote, its -wal a link to
 * that program's log (which holds what it wrote since); walled/blocked: a WAL database whose -wal is a FIFO.
 */
function makeWalled(scratch: string): void {
  const app = openSqliteFile(join(scratch, 'app.db'));
  app.exec('PRAGMA journal_mode = WAL');
  app.exec('PRAGMA wal_autocheckpoint = 0');
  app.exec(sqlOf('walled/secrets.sql'));
  app.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  const walledData = join(workspace.schemasDir, 'walled', 'data');
  mkdirSync(walledData, { recursive: true });
  cpSync(join(scratch, 'app.db'), join(walledData, 'borrowed.db'));
  app.exec("INSERT INTO secrets VALUES ('what the other program wrote')");
  const appDir = workspace.path('elsewhere', 'app');
  mkdirSync(appDir, { recursive: true });
  for (const file of ['app.db', 'app.db-wal']) cpSync(join(scratch, file), join(appDir, file));
  app.close();
  for (const file of [join(appDir, 'app.db'), join(appDir, 'app.db-wal'), join(walledData, 'borrowed.db')])
    remember(file);
  symlinkSync(join(appDir, 'app.db-wal'), join(walledData, 'borrowed.db-wal'));
  const blocked = openSqliteFile(dataPath('blocked.db'));
  blocked.exec('PRAGMA journal_mode = WAL');
  blocked.exec('CREATE TABLE t (x)');
  blocked.close();
  remember(dataPath('blocked.db'));
  execFileSync('mkfifo', [dataPath('blocked.db-wal')]);
}

/** odd and junk: a directory, a FIFO, a text file and (Linux) a link the user made to a file every read of fails. */
function makeOddities(): void {
  mkdirSync(dataPath('folder.db'));
  execFileSync('mkfifo', [dataPath('pipe.db')]);
  writeFileSync(dataPath('text.db'), 'not a database, just words\n'.repeat(200));
  remember(dataPath('text.db'));
  if (existsSync('/proc/self/mem')) symlinkSync('/proc/self/mem', dataPath('device.db'));
}

test.before(async () => {
  workspace = createWorkspace('red-team');
  cpSync(FIXTURES, workspace.schemasDir, {
    recursive: true,
    filter: (from) => !from.endsWith('.sql') && !from.endsWith('.md'),
  });
  globalDatabase('vault.db', 'vault/vault.sql');
  globalDatabase('hostile.db', 'vault/hostile.sql');
  const scratch = workspace.path('scratch');
  mkdirSync(scratch, { recursive: true });
  makeJournal(scratch);
  blobDatabase('huge.db', HUGE_BLOBS_MIB, true);
  for (const shelf of SHELVES) blobDatabase(`shelf-${shelf}.db`, SHELF_MIB);
  makeLinked();
  makeWalled(scratch);
  makeOddities();
  server = await connect({ kind: 'server', schemasDir: workspace.schemasDir, projectDir: workspace.dir }, 'stdio', {
    HOME: workspace.home,
    TOOLKIT_QUERY_TIMEOUT_MS: String(TIME_CAP_MS),
    TOOLKIT_QUERY_TOOLS: '1',
  });
  linkOutside();
});

test.after(async () => {
  await server?.close();
  liveWriter?.close();
  workspace?.remove();
});

/** Everything in the global data directory, as the test made it. */
const DATA_LISTING = [
  'blocked.db',
  'blocked.db-wal',
  'copied.db',
  'copied.db-wal',
  'device.db',
  'folder.db',
  'hostile.db',
  'huge.db',
  'live.db',
  'live.db-shm',
  'live.db-wal',
  'pipe.db',
  'shelf-four.db',
  'shelf-one.db',
  'shelf-three.db',
  'shelf-two.db',
  'text.db',
  'vault.db',
];

/**
 * No database file changed (large ones: by size and times; the last test hashes them) and nothing appeared beside one.
 */
function assertUntouched(): void {
  const changed = [...hashes]
    .filter(([file, hash]) => (stamps.has(file) ? stampOf(file) !== stamps.get(file) : sha(file) !== hash))
    .map(([file]) => file);
  assert.equal(changed, []);
  const listing = readdirSync(dataDir())
    .flatMap((namespace) => readdirSync(join(dataDir(), namespace)))
    .sort();
  assert.equal(listing, existsSync('/proc/self/mem') ? DATA_LISTING : DATA_LISTING.filter((f) => f !== 'device.db'));
  assert.equal(readdirSync(join(workspace.schemasDir, 'linked', 'data')).sort(), ['inside.db', 'outside.db', 'real']);
  assert.equal(readdirSync(join(workspace.schemasDir, 'linked', 'data', 'real')), ['words.db']);
  assert.equal(readdirSync(join(workspace.path('elsewhere'), 'other-program')), ['history.db']);
  assert.equal(readdirSync(workspace.path('elsewhere', 'app')).sort(), ['app.db', 'app.db-wal']);
  assert.equal(readdirSync(join(workspace.schemasDir, 'walled', 'data')).sort(), ['borrowed.db', 'borrowed.db-wal']);
}

type Outcome = { rows: unknown[] } | { error: string };

/** Reads a resource URI: its rows, or the error the server answered. */
async function read(uri: string, on: Connected = server): Promise<Outcome> {
  try {
    const result = await on.client.readResource({ uri });
    return { rows: JSON.parse(String((result.contents[0] as { text?: string }).text)) as unknown[] };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

const freeUri = (namespace: string, resource: string, sql: string, limit = LIMIT) =>
  `toolkit://${namespace}/${resource}/freeQuery?sql=${encodeURIComponent(sql)}&limit=${limit}`;
const freeQuery = (sql: string, limit = LIMIT) => read(freeUri('vault', 'items', sql, limit));
const errorOf = (outcome: Outcome): string =>
  'error' in outcome ? outcome.error : `answered rows ${JSON.stringify(outcome.rows).slice(0, 200)}`;

/** Refused before it ran (the guard) or by SQLite as the client's mistake: an invalid-arguments error. */
const refused = (outcome: Outcome): boolean => 'error' in outcome && /freeQuery refused/.test(outcome.error);
/** Stopped by a cap (time, memory, bytes, SQLite's own length and depth limits), or at most LIMIT rows. */
const bounded = (outcome: Outcome): boolean =>
  'rows' in outcome ? outcome.rows.length <= LIMIT : /cap\b|too big|too large/.test(outcome.error);

test(
  'lexer tricks: bracket and backtick names, comments in and after keywords, homoglyphs, MATERIALIZED, windows, ' +
    'RETURNING, upserts',
  async () => {
    const cases: [string, string, 'refused' | unknown[]][] = [
      ['a keyword as a [bracket] name is a name', 'SELECT [DELETE] FROM (SELECT 1 AS [DELETE])', [{ DELETE: 1 }]],
      ['backtick names', "SELECT `code` FROM `items` WHERE `code` = 'c1'", [{ code: 'c1' }]],
      ['a bracket name closed early, hiding a second statement', 'SELECT 1 AS [a]]; DELETE FROM items', 'refused'],
      [
        'a backtick name hiding a second statement',
        'SELECT 1 AS `a``; DELETE FROM items; --`',
        [{ 'a`; DELETE FROM items; --': 1 }],
      ],
      ['a double-quoted name hiding a second statement', 'SELECT "a""; DELETE FROM items; --" FROM items', 'refused'],
      ['a keyword split by a comment', 'DEL/**/ETE FROM items', 'refused'],
      [
        'a write after a comment ending in a carriage return only',
        'SELECT 1 AS one --\rDELETE FROM items',
        [{ one: 1 }],
      ],
      ['a write after an empty comment', 'SELECT 1 AS one; /**/ DELETE FROM items', 'refused'],
      ['two semicolons', 'SELECT 1 AS one;;', 'refused'],
      ['a full-width AS', 'SELECT 1 ＡＳ x', 'refused'],
      ['a no-break space glued to SELECT', 'SELECT\u00a01', 'refused'],
      ['a Greek omicron in FROM', 'SELECT code FR\u039fM items', 'refused'],
      ['a NUL inside a quoted name', 'SELECT 1 AS "a\u0000b"', 'refused'],
      [
        'WITH … AS MATERIALIZED',
        "WITH x AS MATERIALIZED (SELECT code FROM items WHERE code = 'c2') SELECT code FROM x",
        [{ code: 'c2' }],
      ],
      [
        'WITH … AS NOT MATERIALIZED',
        "WITH x AS NOT MATERIALIZED (SELECT code FROM items WHERE code = 'c3') SELECT code FROM x",
        [{ code: 'c3' }],
      ],
      [
        'a window function',
        'SELECT code, row_number() OVER (ORDER BY id DESC) AS n FROM items WHERE id <= 2 ORDER BY id',
        [
          { code: 'c1', n: 2 },
          { code: 'c2', n: 1 },
        ],
      ],
      ['RETURNING on a SELECT', 'SELECT * FROM items RETURNING *', 'refused'],
      [
        'an upsert at the end of a WITH chain',
        "WITH x AS (SELECT 1) INSERT INTO items (id, code, name) VALUES (1, 'x', 'y') ON CONFLICT (id) DO UPDATE SET " +
          "name = 'owned'",
        'refused',
      ],
      [
        'an upsert in lower case with odd spacing',
        "with x as (select 1)\tinsert\ninto items(id,code,name) select 1,'x','y' from x where true on " +
          'conflict do nothing',
        'refused',
      ],
      [
        'UPDATE … FROM in a WITH chain',
        "WITH x AS (SELECT 1 AS id) UPDATE items SET name = 'owned' FROM x WHERE items.id = x.id",
        'refused',
      ],
      ['DELETE … LIMIT (compiled in)', 'WITH x AS (SELECT 1) DELETE FROM items LIMIT 1', 'refused'],
      [
        'SQL exactly at the length cap',
        `SELECT 1 AS one${' '.repeat(10_000 - 'SELECT 1 AS one'.length)}`,
        [{ one: 1 }],
      ],
    ];
    const wrong: string[] = [];
    for (const [label, sql, expected] of cases) {
      const outcome = await freeQuery(sql);
      if (
        expected === 'refused'
          ? !refused(outcome)
          : JSON.stringify('rows' in outcome ? outcome.rows : errorOf(outcome)) !== JSON.stringify(expected)
      ) {
        wrong.push(`${label}: expected ${JSON.stringify(expected)}, got ${errorOf(outcome)}`);
      }
    }
    assert.equal(wrong, []);
    assertUntouched();
  },
);

test(
  'functions and tables that reach files, pages or state: refused by name, unknown to ' + 'SQLite, or harmless',
  async () => {
    const cases: [string, string, 'refused' | 'answered'][] = [
      ['readfile', "SELECT readfile('/etc/passwd')", 'refused'],
      ['writefile', "SELECT writefile('owned.txt', 'x')", 'refused'],
      ['edit', "SELECT edit('x', 'vi')", 'refused'],
      ['fsdir', "SELECT name FROM fsdir('/')", 'refused'],
      ['zipfile', "SELECT * FROM zipfile('/tmp/x.zip')", 'refused'],
      ['sqlite_dbdata', 'SELECT * FROM sqlite_dbdata', 'refused'],
      ['sqlite_dbpage quoted and schema-qualified', 'SELECT * FROM "main"."sqlite_dbpage"', 'refused'],
      ['a bracketed pragma function', 'SELECT * FROM [pragma_database_list]', 'refused'],
      ['a pragma function in mixed case, schema-qualified', "SELECT * FROM main.PRAGMA_Table_Info('items')", 'refused'],
      ['a pragma function behind a backtick', 'SELECT * FROM `pragma_database_list`', 'refused'],
      ['load_extension quoted in upper case', `SELECT "LOAD_EXTENSION"('/tmp/evil.so')`, 'refused'],
      ['fts3_tokenizer with a pointer', "SELECT fts3_tokenizer('simple', x'0000000000000000')", 'refused'],
      ['sqlite_offset (not compiled in)', 'SELECT sqlite_offset(code) FROM items', 'refused'],
      ['eval (not compiled in)', "SELECT eval('DELETE FROM items')", 'refused'],
      ['the page statistics table (read-only, no path)', 'SELECT name, pageno FROM dbstat', 'answered'],
      ['compile options (read-only)', 'SELECT sqlite_compileoption_get(0) AS o', 'answered'],
    ];
    const wrong: string[] = [];
    for (const [label, sql, expected] of cases) {
      const outcome = await freeQuery(sql);
      const got = refused(outcome) ? 'refused' : 'rows' in outcome ? 'answered' : `failed otherwise: ${outcome.error}`;
      if (got !== expected) wrong.push(`${label}: expected ${expected}, got ${got}`);
      if ('rows' in outcome && JSON.stringify(outcome.rows).includes(workspace.dir))
        wrong.push(`${label}: the rows name a host path`);
    }
    assert.equal(wrong, []);
    assertUntouched();
  },
);

test(
  'allocation blow-ups (wide rows, json, replace, group_concat, sorts, deep nesting) are bounded; the server ' +
    'keeps answering',
  async () => {
    const wide = Array.from({ length: 1999 }, () => 'v').join(',');
    const cases: [string, string, 'bounded' | 'refused'][] = [
      [
        '1999 columns of a megabyte each',
        `WITH b(v) AS (SELECT printf('%.1000000c', 'x')) SELECT ${wide} FROM b`,
        'bounded',
      ],
      [
        'a JSON array of two values over the byte cap',
        "SELECT json_array(printf('%.600000c', 'x'), printf('%.600000c', 'y')) AS j",
        'bounded',
      ],
      [
        'json_group_array of an endless series',
        'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT length(json_group_array(x))' +
          ' AS n FROM c',
        'bounded',
      ],
      [
        'a replace that multiplies a string ten thousand times',
        "SELECT length(replace(printf('%.100000c', 'x'), 'x', printf('%.10000c', 'y'))) AS n",
        'bounded',
      ],
      [
        'group_concat of megabyte values',
        'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 2000) SELECT ' +
          "length(group_concat(printf('%.1000000c', 'x'))) AS n FROM c",
        'bounded',
      ],
      [
        'a sort of an endless series',
        'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c ORDER BY x DESC',
        'bounded',
      ],
      [
        'DISTINCT over an endless series',
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT DISTINCT printf('%.100c', 'p') || " +
          'x AS v FROM c',
        'bounded',
      ],
      [
        'a recursive CTE whose rows grow',
        "WITH RECURSIVE c(s) AS (SELECT 'x' UNION ALL SELECT s || s FROM c) SELECT length(s) AS n FROM c",
        'bounded',
      ],
      ['hex of a zeroblob of 450 MB', 'SELECT length(hex(zeroblob(450000000))) AS n', 'bounded'],
      ['additions nested 1,500 deep', `SELECT ${'(1+'.repeat(1500)}1${')'.repeat(1500)} AS n`, 'refused'],
      ['5,000 unary operators', `SELECT ${'~'.repeat(5000)}1 AS n`, 'refused'],
      ['function calls nested 1,200 deep', `SELECT ${'abs('.repeat(1200)}1${')'.repeat(1200)} AS n`, 'refused'],
    ];
    const wrong: string[] = [];
    for (const [label, sql, expected] of cases) {
      const outcome = await freeQuery(sql);
      const ok = expected === 'bounded' ? bounded(outcome) : refused(outcome);
      if (!ok) wrong.push(`${label}: expected ${expected}, got ${errorOf(outcome)}`);
      if ('error' in outcome && outcome.error.includes(workspace.dir))
        wrong.push(`${label}: the error names a host path`);
    }
    assert.equal(wrong, []);
    // The query process was stopped and replaced, not left in a bad state: both lanes answer.
    assert.equal(await freeQuery("SELECT name FROM items WHERE code = 'c4'"), { rows: [{ name: 'item 4' }] });
    assert.equal(await read('toolkit://vault/items/byCode?code=c5'), { rows: [{ code: 'c5', name: 'item 5' }] });
    assertUntouched();
  },
);

test(
  'large databases read in turn: the query process keeps a bounded set of them in memory, so no innocent query ' +
    'meets the memory cap',
  async () => {
    // Each read runs long enough (a join of SHELF_MIB × 2,000 rows; memory is checked every 25 ms) for the memory cap
    // to be checked while it runs.
    const sql =
      'SELECT count(*) AS n FROM blobs, (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 2000) ' +
      'SELECT x FROM c)';
    // What this test is about is memory, not time: a server of its own with a time cap no slow machine meets (CI read a
    // 60 MiB database past 1.5 s).
    const roomy = await connect(
      { kind: 'server', schemasDir: workspace.schemasDir, projectDir: workspace.dir },
      'stdio',
      {
        HOME: workspace.home,
        TOOLKIT_QUERY_TIMEOUT_MS: '60000',
        TOOLKIT_QUERY_TOOLS: '1',
      },
    );
    try {
      const uris = SHELVES.map((shelf, i) => freeUri(i < 2 ? 'front' : 'back', shelf, sql));
      const failed: string[] = [];
      for (const uri of [...uris, ...uris]) {
        const outcome = await read(uri, roomy);
        if (JSON.stringify(outcome) !== JSON.stringify({ rows: [{ n: SHELF_MIB * 2000 }] }))
          failed.push(`${uri.split('/freeQuery')[0]}: ${errorOf(outcome)}`);
      }
      assert.equal(failed, []);
    } finally {
      await roomy.close();
    }
    assertUntouched();
  },
);

/** The pids of this server's query processes (Linux: from /proc). */
function queryProcesses(): number[] | undefined {
  if (!existsSync('/proc/self/status')) return undefined;
  const parentOf = (pid: string): string | undefined =>
    /PPid:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  const commandOf = (pid: string): string => readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  const found: number[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!commandOf(pid).includes('sqliteHostMain')) continue;
      const parent = parentOf(pid);
      if (parent && commandOf(parent).includes(workspace.schemasDir)) found.push(Number(pid));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

test(
  'a flood of runaways: every one answered with an error, few actually run, other calls answered meanwhile, no ' +
    'pile of processes',
  async () => {
    const RUNAWAYS = 8;
    await read('toolkit://vault/items/byCode?code=c1'); // the named lane's process is up before the flood
    let lastRunawayAnswered = 0;
    const flood = Array.from({ length: RUNAWAYS }, (_, i) =>
      freeQuery(`WITH RECURSIVE c(x) AS (SELECT ${i} UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c`).then(
        (outcome) => {
          lastRunawayAnswered = Date.now();
          return outcome;
        },
      ),
    );
    await new Promise((done) => setTimeout(done, 300));
    const named = await read('toolkit://vault/items/byCode?code=c2');
    const namedAnswered = Date.now();
    const listed = await server.client.listResources();
    const listAnswered = Date.now();
    const during = queryProcesses();
    const outcomes = await Promise.all(flood);
    assert.equal(named, { rows: [{ code: 'c2', name: 'item 2' }] });
    assert.ok(listed.resources.some((r) => r.uri === 'toolkit://vault/items/getSchema'));
    assert.ok(
      namedAnswered < lastRunawayAnswered && listAnswered < lastRunawayAnswered,
      'the named query and the listing were answered while runaways were still queued',
    );
    const messages = outcomes.map(errorOf);
    const ran = messages.filter((m) => m.includes(`ran longer than the ${TIME_CAP_MS} ms time cap`));
    const waited = messages.filter((m) => /waited longer than \d+ ms .* behind other queries and was not run/.test(m));
    assert.is(ran.length + waited.length, RUNAWAYS, messages.join('\n'));
    // Queued runaways are not run one time cap after the other: once they have waited two caps they are answered.
    assert.ok(ran.length <= 3 && waited.length >= RUNAWAYS - 3, messages.join('\n'));
    // A freeQuery after the flood is answered by a fresh process; at most one process per lane ever ran.
    assert.equal(await freeQuery("SELECT code FROM items WHERE code = 'c6'"), { rows: [{ code: 'c6' }] });
    // One process per lane (the schemas' queries, freeQuery), during the flood and after it.
    if (during) assert.is(during.length, 2, `query processes during the flood: ${during.join(', ')}`);
    const after = queryProcesses();
    if (after) assert.is(after.length, 2, `query processes after the flood: ${after.join(', ')}`);
    assertUntouched();
  },
);

test(
  'WAL databases: the commits in a log beside the file are read, and no -shm or -wal file is ' + 'created or written',
  async () => {
    const shm = dataPath('live.db-shm');
    const shmBefore = sha(shm);
    assert.equal(await read('toolkit://journal/copied/entries'), {
      rows: [
        { id: 1, body: 'changed in the log' },
        { id: 2, body: 'only in the log' },
      ],
    });
    assert.equal(await read(freeUri('journal', 'copied', 'SELECT count(*) AS n FROM entries')), { rows: [{ n: 2 }] });
    assert.equal(await read('toolkit://journal/live/entries'), { rows: [{ id: 1, body: 'checkpointed' }] });
    assert.is(sha(shm), shmBefore, "a read wrote to the writer's -shm file");
    // The other program commits: the next read sees it; its shared memory is never written by a read.
    liveWriter!.exec("INSERT INTO entries (body) VALUES ('committed later')");
    const shmAfterWrite = sha(shm);
    assert.equal(await read('toolkit://journal/live/entries'), {
      rows: [
        { id: 1, body: 'checkpointed' },
        { id: 2, body: 'committed later' },
      ],
    });
    assert.is(sha(shm), shmAfterWrite, "a read wrote to the writer's -shm file");
    // An open transaction is not seen.
    liveWriter!.exec('BEGIN');
    liveWriter!.exec("INSERT INTO entries (body) VALUES ('not committed')");
    assert.equal(await read(freeUri('journal', 'live', 'SELECT count(*) AS n FROM entries')), { rows: [{ n: 2 }] });
    liveWriter!.exec('ROLLBACK');
    // Commits of every shape (growth, a checkpoint that restarts the log, deletes, VACUUM shrinking the
    // file): what the server reads is what the writer committed.
    const writer = liveWriter!;
    writer.exec(
      'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 2000) INSERT INTO entries (body) SELECT ' +
        "printf('%.200c', 'g') || x FROM c",
    );
    writer.exec('PRAGMA wal_checkpoint(PASSIVE)');
    writer.exec("DELETE FROM entries WHERE id % 3 = 0; UPDATE entries SET body = 'u' || id WHERE id % 5 = 0");
    writer.exec('VACUUM');
    writer.exec("INSERT INTO entries (body) VALUES ('last')");
    const summary = 'SELECT count(*) AS n, sum(length(body)) AS total, max(id) AS last FROM entries';
    const sample = 'SELECT id, body FROM entries WHERE id % 97 = 1 OR id > 1990 ORDER BY id';
    assert.equal(await read(freeUri('journal', 'live', summary)), { rows: writer.prepare(summary).all() });
    assert.equal(await read(freeUri('journal', 'live', sample, 100)), { rows: writer.prepare(sample).all() });
    assertUntouched();
  },
);

test(
  'a WAL database too large to read into memory is refused, naming WAL mode, and nothing is ' + 'created beside it',
  async () => {
    const outcome = await read('toolkit://bulk/huge/getSchema');
    assert.match(
      errorOf(outcome),
      new RegExp(
        'resource bulk\\/huge cannot be read: database huge\\.db \\(origin global\\): the database is in WAL mode ' +
          'and over 64 MiB',
      ),
    );
    assert.not.ok(errorOf(outcome).includes(workspace.dir), errorOf(outcome));
    assert.match(errorOf(await read(freeUri('bulk', 'huge', 'SELECT count(*) FROM blobs'))), /WAL mode/);
    assertUntouched();
  },
);

test(
  "a schema's own database may not be a link to a file outside its directory; a link inside " + 'it is served',
  async () => {
    for (const uri of [
      'toolkit://linked/outside/secrets',
      'toolkit://linked/outside/getSchema',
      freeUri('linked', 'outside', 'SELECT value FROM secrets'),
    ]) {
      const outcome = await read(uri);
      assert.match(
        errorOf(outcome),
        new RegExp(
          'resource linked\\/outside cannot be read: database outside\\.db \\(origin inline\\): the database file is ' +
            "a link to a file outside its schema's directory",
        ),
        uri,
      );
      assert.not.ok(
        errorOf(outcome).includes('browser history') || errorOf(outcome).includes(outsideSecret),
        errorOf(outcome),
      );
    }
    assert.equal(await read('toolkit://linked/inside/words'), { rows: [{ word: 'alpha' }, { word: 'beta' }] });
    assertUntouched();
  },
);

test(
  "a database's -wal log that is not its own: a link to another program's log is refused, a FIFO never " +
    'blocks the server',
  async () => {
    for (const uri of [
      'toolkit://walled/borrowed/secrets',
      freeUri('walled', 'borrowed', 'SELECT value FROM secrets'),
    ]) {
      const message = errorOf(await read(uri));
      assert.match(
        message,
        new RegExp(
          'resource walled\\/borrowed cannot be read: database borrowed\\.db \\(origin inline\\): the -wal file ' +
            "beside the database is a link to a file outside its schema's directory",
        ),
        uri,
      );
      assert.not.ok(message.includes('what the other program wrote'), message);
    }
    assert.match(
      errorOf(await read('toolkit://walled/blocked/getSchema')),
      new RegExp(
        'resource walled\\/blocked cannot be read: database blocked\\.db \\(origin global\\): the -wal file beside ' +
          'the database is not a regular file',
      ),
    );
    // Answered at once, not at the time cap: the same lane still answers the next query.
    assert.equal(await read('toolkit://vault/items/byCode?code=c3'), { rows: [{ code: 'c3', name: 'item 3' }] });
    assertUntouched();
  },
);

test(
  'paths that are not database files: a directory, a FIFO, a text file, a failing read, escapes; named errors, no ' +
    'hang, no full path',
  async () => {
    const home = (name: string) => `~/.toolkit/data/odd/${name}`;
    assert.match(
      errorOf(await read('toolkit://odd/folder/getSchema')),
      new RegExp(`database folder\\.db \\(origin global\\) not found at ${home('folder\\.db')}`),
    );
    assert.match(
      errorOf(await read('toolkit://odd/pipe/getSchema')),
      new RegExp(`database pipe\\.db \\(origin global\\) not found at ${home('pipe\\.db')}`),
    );
    // A file that is not SQLite is the database's fault, not the client's statement.
    assert.match(
      errorOf(await read('toolkit://junk/text/getSchema')),
      /resource junk\/text cannot be read: database text\.db \(origin global\): file is not a database/,
    );
    assert.match(
      errorOf(await read(freeUri('junk', 'text', 'SELECT 1'))),
      /resource junk\/text cannot be read: .*file is not a database/,
    );
    if (existsSync('/proc/self/mem')) {
      const device = errorOf(await read('toolkit://junk/device/getSchema'));
      assert.match(
        device,
        new RegExp(
          'resource junk\\/device cannot be read: database device\\.db \\(origin global\\): the database file cannot ' +
            'be read \\(EIO\\)',
        ),
      );
      assert.not.ok(device.includes('/proc/'), device);
    }
    // `..` and absolute databases never load: the schema is skipped, naming RES007.
    assert.match(server.stderr(), /skipped .*escape\.mjs: 2 error\(s\), first: RES007/);
    const listed = await server.client.listResources();
    assert.not.ok(listed.resources.some((r) => r.uri.startsWith('toolkit://escape/')));
    assert.match(errorOf(await read('toolkit://escape/up/getSchema')), /Resource not found/);
    for (const outcome of [await read('toolkit://odd/folder/getSchema'), await read('toolkit://junk/text/getSchema')])
      assert.not.ok(errorOf(outcome).includes(workspace.home), errorOf(outcome));
    assertUntouched();
  },
);

test(
  'a hostile database: views that call pragma functions are refused by SQLite (trusted_schema off), ' +
    'revealing no path',
  async () => {
    const named = errorOf(await read('toolkit://vault/hostile/whereAmI'));
    assert.match(named, /unsafe use of virtual table "pragma_database_list"/);
    const free = errorOf(await read(freeUri('vault', 'hostile', 'SELECT * FROM columns_of')));
    assert.match(free, /unsafe use of virtual table "pragma_table_info"/);
    for (const message of [named, free]) assert.not.ok(message.includes(workspace.dir), message);
    assertUntouched();
  },
);

test(
  'parameters are typed and checked before binding, through the URI and the tool form; values ' + 'are never SQL',
  async () => {
    const tools = (await server.client.listTools()).tools.map((t) => t.name);
    const afterTool = tools.find((name) => name.startsWith('after_items'))!;
    const byCodeTool = tools.find((name) => name.startsWith('by_code_items'))!;
    const call = async (name: string, args: Record<string, unknown>): Promise<Outcome> => {
      const result = await server.client.callTool({ name, arguments: args });
      const text = (result.content as { text: string }[])[0]!.text;
      return result.isError ? { error: text } : { rows: JSON.parse(text) as unknown[] };
    };
    const invalid = new RegExp(
      'must be a number|must be true or false|must be a (number|boolean|string)|unknown parameter|longer than ' +
        '10000|is required',
    );
    const refusedInputs: [string, Promise<Outcome>][] = [
      ['NaN', read('toolkit://vault/items/after?id=NaN')],
      ['Infinity', read('toolkit://vault/items/after?id=Infinity')],
      ['a number past the double range', read('toolkit://vault/items/after?id=1e400')],
      ['an empty number', read('toolkit://vault/items/after?id=')],
      ['a boolean spelled yes', read('toolkit://vault/items/after?id=1&all=yes')],
      ['an unknown parameter', read('toolkit://vault/items/after?id=1&__proto__=x')],
      ['a parameter named in another case', read('toolkit://vault/items/after?ID=1')],
      ['a number as a string (tool)', call(afterTool, { id: '2' })],
      ['a boolean as a string (tool)', call(afterTool, { id: 2, all: 'true' })],
      ['a boolean as a number (tool)', call(afterTool, { id: 2, all: 1 })],
      ['a string as a number (tool)', call(byCodeTool, { code: 1 })],
      ['an array (tool)', call(byCodeTool, { code: ['c1'] })],
      ['an object (tool)', call(byCodeTool, { code: { toString: 'c1' } })],
      ['null for a required parameter (tool)', call(byCodeTool, { code: null })],
      ['a string over the length cap (tool)', call(byCodeTool, { code: 'x'.repeat(10_001) })],
      ['a parameter the query does not take (tool)', call(byCodeTool, { code: 'c1', extra: 1 })],
    ];
    const wrong: string[] = [];
    for (const [label, pending] of refusedInputs) {
      const outcome = await pending;
      if (!('error' in outcome) || !invalid.test(outcome.error)) wrong.push(`${label}: ${errorOf(outcome)}`);
    }
    assert.equal(wrong, []);
    // Values are bound, never spliced: SQL in a value is text; numbers beyond 2^53 and hex are numbers.
    assert.equal(await read(`toolkit://vault/items/byCode?code=${encodeURIComponent("c1' OR '1'='1")}`), { rows: [] });
    assert.equal(await call(byCodeTool, { code: "'; DROP TABLE items; --" }), { rows: [] });
    assert.equal(await read('toolkit://vault/items/after?id=99999999999999999999999'), { rows: [] });
    assert.equal(await read('toolkit://vault/items/after?id=0x3'), { rows: [{ code: 'c4' }] });
    assert.equal(await call(afterTool, { id: 4, all: true }), { rows: [{ code: 'c5' }, { code: 'c6' }] });
    assertUntouched();
  },
);

test('resource URIs: dot segments, encoded names, case and duplicate keys reach nothing else', async () => {
  const notFound = [
    'toolkit://vault/items/freeQuery/../byCode?code=c1',
    'toolkit://vault/items/../hostile/whereAmI',
    'toolkit://vault/items/%66reeQuery?sql=SELECT%201',
    'toolkit://VAULT/items/getSchema',
    'toolkit://vault/items/getSchema/',
    'toolkit:/vault/items/getSchema',
    'toolkit://vault/items/getSchema%00',
  ];
  for (const uri of notFound) assert.match(errorOf(await read(uri)), /Resource not found/, uri);
  assert.match(
    errorOf(
      await read(`toolkit://vault/items/freeQuery?sql=SELECT%201&sql=${encodeURIComponent('DELETE FROM items')}`),
    ),
    /given twice/,
  );
  assert.match(
    errorOf(
      await read(`toolkit://vault/items/freeQuery?sql=SELECT%201&s%71l=${encodeURIComponent('DELETE FROM items')}`),
    ),
    /given twice/,
  );
  assert.match(errorOf(await read('toolkit://vault/items/freeQuery?SQL=SELECT%201')), /unknown parameter "SQL"/);
  // Thousands of unknown names: the error names a few, it does not echo the whole request back.
  const many = Array.from({ length: 20_000 }, (_, i) => `p${i}=1`).join('&');
  const manyError = errorOf(await read(`toolkit://vault/items/getSchema?${many}`));
  assert.match(manyError, /unknown parameter "p0", "p1", "p2", "p3", "p4" and 19995 more/);
  assert.ok(manyError.length < 400, `${manyError.length} characters`);
  assert.match(
    errorOf(await read('toolkit://vault/items/freeQuery?sql=SELECT%201&limit=1e9')),
    /limit must be a whole number from 1 to 1000/,
  );
  assertUntouched();
});

test('afterwards every database file has exactly its bytes, the large ones included', () => {
  const changed = [...hashes].filter(([file, hash]) => sha(file) !== hash).map(([file]) => file);
  assert.equal(changed, []);
});

test.run();
