/**
 * The query process's SQLite per Node line (`runtime/resources/sqlite-engine.ts`), side by side in
 * one run: for each Node found (this one, those `.ci/other-node-lines` fetched into tmp/node-lines,
 * and `BENCH_NODES=path,path`), the engine chosen for its line beside better-sqlite3 12 (today's
 * engine everywhere) where a build of it for that Node's ABI exists (`node_modules`' own, or
 * `tmp/node-lines/better_sqlite3.node.abi<N>`, or `BENCH_BS3_BINDING_<N>=path`). Each pair runs the
 * real query process (the program `query-lane.ts` starts) on the catalog's periodic table, a read
 * at a time: one statement repeated (cached), and distinct freeQuery-like statements (simple, WITH,
 * JOIN, GROUP BY), p50/p99 per read; then `BENCH_ENGINE_ABORT_READS` (5,000) distinct reads counting
 * the processes that died by a signal (better-sqlite3 12 on Node ≥ 24.19 aborts when V8 collects it).
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { sqliteEngineFor } from '../runtime/resources/sqlite-engine.ts';
import { sqliteHostScript, type HostOptions } from '../runtime/resources/sqlite-host.ts';

const root = resolve(import.meta.dirname, '..');
const db = join(root, 'schemas', 'providers', 'elements', 'data', 'periodic-table.db');
const READS = Number(process.env['BENCH_ENGINE_READS'] ?? 2000);
const ABORT_READS = Number(process.env['BENCH_ENGINE_ABORT_READS'] ?? 5000);

/** The Node binaries to compare: this one first. */
function nodes(): string[] {
  const found = [process.execPath];
  const lines = join(root, 'tmp', 'node-lines');
  if (existsSync(lines))
    for (const name of readdirSync(lines).sort())
      if (existsSync(join(lines, name, 'bin', 'node'))) found.push(join(lines, name, 'bin', 'node'));
  for (const extra of (process.env['BENCH_NODES'] ?? '').split(',').filter(Boolean)) found.push(extra);
  return [...new Set(found)];
}

const versionOf = (node: string): { version: string; abi: string } => {
  const [version, abi] = execFileSync(node, ['-p', 'process.versions.node + " " + process.versions.modules'], {
    encoding: 'utf8',
  })
    .trim()
    .split(' ');
  return { version: version!, abi: abi! };
};

/**
 * better-sqlite3 12 for NODE_MODULE_VERSION `abi`: the installed package, or a copy of it with that build of its
 * binding.
 */
function betterSqlite3For(abi: string): string | undefined {
  if (abi === process.versions.modules) return join(root, 'node_modules', 'better-sqlite3');
  const binding =
    process.env[`BENCH_BS3_BINDING_${abi}`] ?? join(root, 'tmp', 'node-lines', `better_sqlite3.node.abi${abi}`);
  if (!existsSync(binding)) return undefined;
  const modules = join(root, 'tmp', `bench-better-sqlite3-abi${abi}`, 'node_modules');
  for (const name of ['bindings', 'file-uri-to-path'])
    cpSync(join(root, 'node_modules', name), join(modules, name), { recursive: true });
  for (const part of ['package.json', 'lib'])
    cpSync(join(root, 'node_modules', 'better-sqlite3', part), join(modules, 'better-sqlite3', part), {
      recursive: true,
    });
  mkdirSync(join(modules, 'better-sqlite3', 'build', 'Release'), { recursive: true });
  cpSync(binding, join(modules, 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'));
  return join(modules, 'better-sqlite3');
}

const SHAPES = [
  (i: number) => `SELECT name, symbol FROM elements WHERE atomic_number = ${(i % 118) + 1} AND ${i} = ${i}`,
  (i: number) =>
    `WITH heavy AS (SELECT * FROM elements WHERE atomic_weight > ${i % 250}) SELECT count(*) AS n, ${i} AS ` +
    `k FROM heavy`,
  (i: number) =>
    `SELECT a.symbol, b.symbol AS next FROM elements a JOIN elements b ON b.atomic_number = a.atomic_number + 1 ` +
    `WHERE a.atomic_number = ${(i % 117) + 1} AND ${i} > -1`,
  (i: number) =>
    `SELECT category, count(*) AS n, avg(atomic_weight) + ${i} AS w FROM elements GROUP BY category ORDER BY n DESC`,
];

/** A query process on `node` with `engine`, driven one read at a time. */
async function host(node: string, engine: HostOptions['engine']) {
  const child = spawn(node, ['--expose-gc', '-e', sqliteHostScript({ engine, memoryCapMb: 256, recycleMb: 192 })], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: {},
  });
  let buffer = '';
  let waiting: ((line: string) => void) | undefined;
  let exit: string | undefined;
  child.on('exit', (code, signal) => {
    exit = signal ?? `code ${code}`;
    waiting?.(JSON.stringify({ died: exit }));
  });
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    // Headers and payloads: the answer is complete once its payload (`bytes`) has arrived.
    for (;;) {
      const end = buffer.indexOf('\n');
      if (end < 0 || waiting === undefined) return;
      const header = JSON.parse(buffer.slice(0, end)) as { bytes?: number; ok?: boolean };
      const need = header.ok ? Buffer.byteLength(buffer.slice(0, end + 1)) + header.bytes! : end + 1;
      if (Buffer.byteLength(buffer) < need) return;
      const line = buffer.slice(0, end);
      buffer = Buffer.from(buffer).subarray(need).toString();
      const done = waiting;
      waiting = undefined;
      done(line);
    }
  });
  const next = () => new Promise<string>((done) => (waiting = done));
  if (!(await next()).includes('ready')) throw new Error('the query process did not start');
  let id = 0;
  return {
    async read(sql: string): Promise<string> {
      if (exit !== undefined) return JSON.stringify({ died: exit });
      const answer = next();
      child.stdin.write(`${JSON.stringify({ id: ++id, db, sql, params: [], maxRows: 50, maxBytes: 1 << 20 })}\n`);
      return answer;
    },
    get died(): string | undefined {
      return exit;
    },
    close: () => child.kill('SIGKILL'),
  };
}

const pct = (xs: number[], p: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

async function measure(node: string, engine: HostOptions['engine']): Promise<string[]> {
  let h = await host(node, engine);
  // Reads answered only: a process that died is replaced (and counted below).
  const time = async (sql: (i: number) => string, n: number): Promise<number[]> => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      const answer = await h.read(sql(i));
      if (answer.includes('"died"')) h = await host(node, engine);
      else out.push(performance.now() - t);
    }
    return out;
  };
  await time(() => 'SELECT 1', 200);
  const cached = await time(() => "SELECT name FROM elements WHERE symbol = 'Fe'", READS);
  const distinct = await time((i) => SHAPES[i % 4]!(i + 1_000_000), READS);
  h.close();
  // Aborts: fresh processes through many distinct statements, restarted when one dies.
  let aborts = 0;
  let failures = 0;
  let current = await host(node, engine);
  for (let i = 0; i < ABORT_READS; i++) {
    const answer = await current.read(SHAPES[i % 4]!(i + 2_000_000));
    if (answer.includes('"died"')) {
      aborts++;
      current = await host(node, engine);
    } else if (!answer.includes('"ok":true')) failures++;
  }
  current.close();
  return [
    `${pct(cached, 50).toFixed(3)}`,
    `${pct(distinct, 50).toFixed(3)}`,
    `${pct(distinct, 99).toFixed(3)}`,
    `${aborts} of ${ABORT_READS}${failures ? ` (${failures} errors)` : ''}`,
  ];
}

const rows: string[][] = [['Node', 'engine', 'cached p50 ms', 'distinct p50 ms', 'distinct p99 ms', 'aborts']];
for (const node of nodes()) {
  const { version, abi } = versionOf(node);
  const chosen = sqliteEngineFor(version);
  const bs3 = betterSqlite3For(abi);
  if (chosen === 'node:sqlite')
    rows.push([version, 'node:sqlite (chosen)', ...(await measure(node, { kind: 'node:sqlite' }))]);
  if (bs3 === undefined)
    rows.push([version, 'better-sqlite3 12', 'no build for NODE_MODULE_VERSION ' + abi, '', '', '']);
  else
    rows.push([
      version,
      `better-sqlite3 12${chosen === 'better-sqlite3' ? ' (chosen)' : ' (today)'}`,
      ...(await measure(node, { kind: 'better-sqlite3', path: bs3 })),
    ]);
}
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
process.stdout.write(`Query process, one read at a time, ${READS} reads each (machine shared: compare within a run)\n`);
for (const row of rows) process.stdout.write(`| ${row.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |\n`);
