/**
 * Reads a resource query's SQL as SQLite's tokenizer does (`runtime/resources/sql-lexer.ts`, shared
 * with the runtime's freeQuery guard), so the SQL rules judge keywords and placeholders, never words
 * inside string literals, quoted names or comments.
 */
import { codeTokens, keywordOf, nameOf, tokenizeSql, type SqlToken } from '../../runtime/resources/sql-lexer.ts';
import type { Reporter } from './reporter.ts';

const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'UPSERT', 'MERGE', 'REPLACE']);
const BLOCKED = new Set(['ATTACH', 'DETACH', 'PRAGMA', 'CREATE', 'ALTER', 'DROP', 'TRUNCATE', 'VACUUM', 'REINDEX']);

const code = (sql: string): SqlToken[] => codeTokens(tokenizeSql(sql));

/** RES012: why the statement is not a single read-only SELECT (or WITH … SELECT). */
export function statementProblem(sql: string): string | undefined {
  const tokens = code(sql);
  const first = tokens[0] ? keywordOf(tokens[0]) : undefined;
  if (first !== 'SELECT' && first !== 'WITH')
    return `must start with SELECT or WITH, starts with ${tokens[0]?.text.slice(0, 20) ?? 'nothing'}`;
  for (const [index, token] of tokens.entries()) {
    const keyword = keywordOf(token);
    // `replace(…)` is SQLite's read-only string function; REPLACE as a statement (`REPLACE INTO`) writes.
    if (keyword && WRITES.has(keyword) && !(keyword === 'REPLACE' && tokens[index + 1]?.text === '('))
      return `${keyword} writes data (only reads are allowed, also inside a WITH chain)`;
  }
  const semicolon = tokens.findIndex((t) => t.kind === 'semicolon');
  if (semicolon >= 0 && semicolon < tokens.length - 1) return 'must be a single statement';
  return undefined;
}

/** RES013: the first blocked keyword or name (`load_extension`, a `pragma_*` function), if any. */
export function blockedPattern(sql: string): string | undefined {
  for (const token of code(sql)) {
    const keyword = keywordOf(token);
    if (keyword && BLOCKED.has(keyword)) return keyword;
    const name = nameOf(token);
    if (name === 'load_extension' || name?.startsWith('pragma_')) return name.toUpperCase();
  }
  return undefined;
}

/** RES014: placeholders other than a bare `?` (`:name`, `$1`, `@x`, `?1`). */
export function foreignPlaceholders(sql: string): string[] {
  return code(sql)
    .filter((t) => t.kind === 'variable' && t.text !== '?')
    .map((t) => t.text);
}

/** RES015: the number of bare `?` placeholders. */
export function countPlaceholders(sql: string): number {
  return code(sql).filter((t) => t.kind === 'variable' && t.text === '?').length;
}

/** RES024: whether the SQL reads SQLite's schema table (`sqlite_schema`, or its old name `sqlite_master`). */
export function readsSchemaTable(sql: string): boolean {
  return code(sql).some((t) => {
    const name = nameOf(t);
    return name === 'sqlite_schema' || name === 'sqlite_master';
  });
}

/** The rules every declared query's SQL answers to (RES012–RES015), reported at `sqlAt`. */
export function reportDeclaredSql(
  label: string,
  sql: string,
  parameterCount: number | undefined,
  sqlAt: (string | number)[],
  r: Reporter,
): void {
  const statement = statementProblem(sql);
  if (statement) r.report('RES012', sqlAt, `${label}: SQL ${statement}`);
  const blocked = blockedPattern(sql);
  if (blocked) r.report('RES013', sqlAt, `${label}: SQL contains the blocked pattern ${blocked}`);
  const foreign = foreignPlaceholders(sql);
  if (foreign.length > 0)
    r.report('RES014', sqlAt, `${label}: SQL must use ? placeholders, found ${foreign.join(', ')}`);
  const placeholders = countPlaceholders(sql);
  if (parameterCount !== undefined && placeholders !== parameterCount)
    r.report('RES015', sqlAt, `${label}: ${placeholders} ? placeholders but ${parameterCount} parameters`);
}
