/**
 * Where the query process loads better-sqlite3 from: the one place that says so (a self-contained
 * bundle may carry the package beside itself). Resolved from where this runtime, or bundle, lives.
 */
import { createRequire } from 'node:module';

/** The path `require` loads better-sqlite3 from; throws when it cannot be found. */
export function betterSqlite3Path(): string {
  return createRequire(import.meta.url).resolve('better-sqlite3');
}
