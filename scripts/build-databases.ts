/**
 * Rebuilds every inline SQLite database of the catalog from the SQL text the repository carries:
 * `schemas/providers/<namespace>/data/<name>.sql` → `<name>.db` beside it. The SQL runs on an empty
 * in-memory database, which is then written with `VACUUM INTO` (no free pages, no journal, no
 * timestamps), so the same SQL and the same SQLite give the same bytes. The SQLite is the Node
 * line's (`sqlite-file.ts`); the one header field that names the SQLite version that wrote the file
 * (bytes 96–99) is left out when a rebuild is compared with the committed file, so the check agrees
 * on every supported Node, and a file is rewritten only when its content changed.
 *
 *   npm run databases            rebuild the files that differ
 *   npm run databases -- --check exit 1, naming them, when a committed file differs from its rebuild
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openSqliteFile } from './sqlite-file.ts';

const root = resolve(import.meta.dirname, '..');

/** The bytes of the database that `sql` builds. */
export function databaseBytes(sql: string): Buffer {
  const work = mkdtempSync(join(tmpdir(), 'toolkit-db-'));
  try {
    const file = join(work, 'out.db');
    const db = openSqliteFile(':memory:');
    try {
      db.exec(sql);
      db.prepare('VACUUM INTO ?').run(file);
    } finally {
      db.close();
    }
    return readFileSync(file);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Every `.sql` source of a database under `<schemasDir>/providers/*\/data/`. */
export function databaseSources(schemasDir: string = join(root, 'schemas')): string[] {
  const providers = join(schemasDir, 'providers');
  if (!existsSync(providers)) return [];
  return readdirSync(providers, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const data = join(providers, entry.name, 'data');
      return existsSync(data)
        ? readdirSync(data)
            .filter((name) => name.endsWith('.sql'))
            .sort()
            .map((name) => join(data, name))
        : [];
    })
    .sort();
}

/** Where an SQLite file's header says which SQLite version last wrote it (SQLITE_VERSION_NUMBER). */
const WRITER_VERSION = [96, 100] as const;

/** Whether two database files hold the same bytes but for the writer's version in the header. */
export function sameDatabase(a: Buffer, b: Buffer): boolean {
  if (a.length !== b.length || a.length < WRITER_VERSION[1]) return a.equals(b);
  const [from, to] = WRITER_VERSION;
  return a.subarray(0, from).equals(b.subarray(0, from)) && a.subarray(to).equals(b.subarray(to));
}

/** Rebuilds (or, with `check`, only compares) every database; returns the ones that differed. */
export function buildDatabases(options: { check?: boolean; schemasDir?: string } = {}): string[] {
  const differing: string[] = [];
  for (const source of databaseSources(options.schemasDir)) {
    const target = source.replace(/\.sql$/, '.db');
    const bytes = databaseBytes(readFileSync(source, 'utf8'));
    if (existsSync(target) && sameDatabase(readFileSync(target), bytes)) continue;
    differing.push(target);
    if (options.check) continue;
    writeFileSync(`${target}.tmp`, bytes);
    renameSync(`${target}.tmp`, target);
  }
  return differing;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const check = process.argv.includes('--check');
  const differing = buildDatabases({ check });
  for (const file of differing)
    process.stdout.write(`${check ? 'differs from its .sql' : 'rebuilt'}: ${relative(root, file)}\n`);
  if (differing.length === 0) process.stdout.write(`${databaseSources().length} databases up to date\n`);
  if (check && differing.length > 0) process.exitCode = 1;
}
