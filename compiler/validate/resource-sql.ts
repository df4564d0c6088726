/**
 * Reads a resource query's SQL as tokens (strings and comments removed) so the SQL rules judge
 * keywords and placeholders, never words inside string literals.
 */

/** SQL with string literals, quoted identifiers and comments blanked out. */
export function stripSql(sql: string): string {
  return sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"(?:[^"]|"")*"/g, '""')
    .replace(/`[^`]*`/g, '``')
    .replace(/\[[^\]]*\]/g, '[]');
}

/** `REPLACE` is a write as a statement (`REPLACE INTO`), and SQLite's read-only string function as `replace(…)`. */
const WRITES = /\b(INSERT|UPDATE|DELETE|UPSERT|MERGE)\b|\b(REPLACE)\b(?!\s*\()/i;
const BLOCKED = /\b(ATTACH|DETACH|LOAD_EXTENSION|PRAGMA|CREATE|ALTER|DROP|TRUNCATE|VACUUM|REINDEX)\b/i;

/** RES012: why the statement is not a single read-only SELECT (or WITH … SELECT). */
export function statementProblem(sql: string): string | undefined {
  const code = stripSql(sql).trim();
  const first = /^[A-Za-z]+/.exec(code)?.[0]?.toUpperCase();
  if (first !== 'SELECT' && first !== 'WITH') return `must start with SELECT or WITH, starts with ${first ?? 'nothing'}`;
  const write = WRITES.exec(code);
  if (write) return `${(write[1] ?? write[2])?.toUpperCase()} writes data (only reads are allowed, also inside a WITH chain)`;
  if (/;\s*\S/.test(code)) return 'must be a single statement';
  return undefined;
}

/** RES013: the first blocked keyword, if any. */
export function blockedPattern(sql: string): string | undefined {
  return BLOCKED.exec(stripSql(sql))?.[1]?.toUpperCase();
}

/** RES014: placeholders other than a bare `?` (`:name`, `$1`, `@x`, `?1`). */
export function foreignPlaceholders(sql: string): string[] {
  const code = stripSql(sql);
  return [...code.matchAll(/(?<![\w:]):[A-Za-z_]\w*|\$\d+|\$[A-Za-z_]\w*|@[A-Za-z_]\w*|\?\d+/g)].map((m) => m[0]);
}

/** RES015: the number of bare `?` placeholders. */
export function countPlaceholders(sql: string): number {
  return [...stripSql(sql).matchAll(/\?(?!\d)/g)].length;
}
