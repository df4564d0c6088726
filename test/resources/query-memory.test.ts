/**
 * The query process's memory is bounded by what it holds, not by when V8 collects: distinct
 * freeQuery statements (each large: two hundred expressions, about 150 KB of SQLite's memory once
 * prepared) read through a served bundle, four in flight, all answered, and the query process's
 * resident memory stays under a bound. Before statements were collected as they left the cache,
 * these reads took the process past its 256 MiB cap and failed. The long run (300,000 reads) is
 * `npm run bench soak`.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli } from '../build/support/run-cli.ts';
import { connect, type Connected } from './support/servers.ts';
import { createWorkspace, type Workspace } from './support/workspace.ts';

const test = suite('query process memory');
const READS = 5000;
const IN_FLIGHT = 4;
/** The bound stated for the query process: Node and SQLite (~50 MiB), its images, its statements. */
const BOUND_MIB = 160;

let workspace: Workspace;
let server: Connected;

test.before(async () => {
  workspace = createWorkspace('query-memory');
  workspace.copyProvider('elements');
  const built = await runCli([
    'build',
    '--schemas',
    workspace.schemasDir,
    '--out',
    workspace.path('out'),
    '--project',
    workspace.dir,
  ]);
  assert.is(built.code, 0, built.stderr);
  server = await connect(
    { kind: 'bundle', bundle: workspace.path('out', 'catalog.mjs'), cwd: workspace.dir },
    'stdio',
    { HOME: workspace.home },
  );
});

test.after(async () => {
  await server?.close();
  workspace?.remove();
});

/** Resident memory (MiB) of the query processes working in `cwd` (found by their program and directory). */
function queryProcessMb(cwd: string): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (
        !readFileSync(join('/proc', pid, 'cmdline'), 'utf8').includes('sqliteHostMain') ||
        readlinkSync(join('/proc', pid, 'cwd')) !== cwd
      )
        continue;
      total += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(join('/proc', pid, 'status'), 'utf8'))?.[1] ?? 0) / 1024;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** A distinct statement of about 8 KB: two hundred expressions over the elements table. */
const statement = (i: number): string =>
  `SELECT ${Array.from({ length: 200 }, (_, k) => `coalesce(atomic_number+${k},symbol,name) x${k}`).join(',')} FROM ` +
  `elements WHERE atomic_number = ${(i % 118) + 1} AND ${i} = ${i}`;

test(
  `${READS} distinct large freeQuery reads, ${IN_FLIGHT} in flight: all answered, the query process under ` +
    `${BOUND_MIB} MiB`,
  async () => {
    if (process.platform !== 'linux') return;
    const failures: string[] = [];
    let highest = 0;
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < READS) {
        const i = next++;
        try {
          const result = await server.client.readResource({
            uri: `toolkit://elements/elements/freeQuery?sql=${encodeURIComponent(statement(i))}&limit=1`,
          });
          const rows = JSON.parse(String((result.contents[0] as { text?: unknown }).text)) as Record<string, unknown>[];
          if (rows.length !== 1 || rows[0]!.x0 !== (i % 118) + 1)
            failures.push(`${i}: ${JSON.stringify(rows).slice(0, 80)}`);
        } catch (error) {
          failures.push(`${i}: ${(error as Error).message}`);
        }
        if (i % 100 === 0) highest = Math.max(highest, queryProcessMb(workspace.dir));
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    highest = Math.max(highest, queryProcessMb(workspace.dir));
    assert.equal(failures.slice(0, 3), [], `${failures.length} of ${READS} reads failed`);
    assert.ok(highest > 0, 'the query process was found');
    assert.ok(highest < BOUND_MIB, `the query process reached ${highest.toFixed(0)} MiB`);
  },
);

test.run();
