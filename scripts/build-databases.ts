/**
 * Rebuilds every inline SQLite database of the catalog from the SQL text the repository carries:
 * `schemas/providers/<namespace>/data/<name>.sql` → `<name>.db` beside it. The SQL runs on an empty
 * in-memory database, which is then written with `VACUUM INTO` (no free pages, no journal, no
 * timestamps), so the same SQL and the same SQLite (better-sqlite3's, pinned) give the same bytes.
 *
 *   npm run databases            rebuild the files that differ
 *   npm run databases -- --check exit 1, naming them, when a committed file differs from its rebuild
 */
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');

/** The bytes of the database that `sql` builds. */
export function databaseBytes(sql: string): Buffer {
  const work = mkdtempSync(join(tmpdir(), 'toolkit-db-'));
  try {
    const file = join(work, 'out.db');
    const db = new Database(':memory:');
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
      return existsSync(data) ? readdirSync(data).filter((name) => name.endsWith('.sql')).sort().map((name) => join(data, name)) : [];
    })
    .sort();
}

/** Rebuilds (or, with `check`, only compares) every database; returns the ones that differed. */
export function buildDatabases(options: { check?: boolean; schemasDir?: string } = {}): string[] {
  const differing: string[] = [];
  for (const source of databaseSources(options.schemasDir)) {
    const target = source.replace(/\.sql$/, '.db');
    const bytes = databaseBytes(readFileSync(source, 'utf8'));
    if (existsSync(target) && readFileSync(target).equals(bytes)) continue;
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
  for (const file of differing) process.stdout.write(`${check ? 'differs from its .sql' : 'rebuilt'}: ${relative(root, file)}\n`);
  if (differing.length === 0) process.stdout.write(`${databaseSources().length} databases up to date\n`);
  if (check && differing.length > 0) process.exitCode = 1;
}
