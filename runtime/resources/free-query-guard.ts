/**
 * The first wall of the freeQuery sandbox: what a client's SQL must be before it reaches SQLite.
 * Exactly one statement, starting with SELECT or WITH (so no transaction, temp object or other
 * statement), with no write anywhere (also at the end of a WITH chain), no ATTACH/DETACH, PRAGMA
 * (nor the `pragma_*` table functions, which also reveal file paths), VACUUM, `load_extension` or
 * other file-reaching functions, no parameters, no control characters and no text SQLite would
 * read differently from us (see `sql-lexer.ts`).
 *
 * It is one wall of several: the statement is then prepared on a read-only connection and refused
 * unless SQLite itself says it returns rows and is read-only (`stmt.reader`, `stmt.readonly`), and
 * it runs in a separate process under a time, row, byte and memory cap (`query-lane.ts`).
 */
import { codeTokens, keywordOf, nameOf, tokenizeSql } from './sql-lexer.ts';

/** The longest SQL text freeQuery accepts, in characters. */
export const MAX_FREE_SQL_LENGTH = 10_000;

/** Statement keywords that write, change the connection, or open files; refused wherever they appear unquoted. */
const BLOCKED_KEYWORDS = new Set([
  'INSERT',
  'UPDATE',
  'DELETE',
  'REPLACE',
  'UPSERT',
  'MERGE',
  'TRUNCATE',
  'CREATE',
  'DROP',
  'ALTER',
  'REINDEX',
  'ANALYZE',
  'VACUUM',
  'ATTACH',
  'DETACH',
  'PRAGMA',
]);

/** Functions and tables that reach files, extensions or raw pages; refused quoted or not. */
const BLOCKED_NAMES = new Set([
  'load_extension',
  'fts3_tokenizer',
  'readfile',
  'writefile',
  'edit',
  'fsdir',
  'sqlite_dbpage',
  'sqlite_dbdata',
  'sqlite_dbptr',
  'zipfile',
  'sqlar_compress',
  'sqlar_uncompress',
]);

/** Characters SQLite does not treat as whitespace and no query needs: NUL and the other controls. */
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/** A UTF-16 surrogate without its partner: not text, and SQLite would receive a replacement character. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `sql` may not run as a freeQuery, or undefined when it passes this wall. */
export function freeQueryProblem(sql: unknown): string | undefined {
  if (typeof sql !== 'string' || sql.trim() === '') return 'sql must be a non-empty string';
  if (sql.length > MAX_FREE_SQL_LENGTH) return `sql is longer than ${MAX_FREE_SQL_LENGTH} characters`;
  if (LONE_SURROGATE.test(sql)) return 'sql contains an unpaired surrogate (not valid Unicode text)';
  const control = CONTROL.exec(sql);
  if (control)
    return (
      `sql contains the control character ` +
      `U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`
    );
  const tokens = codeTokens(tokenizeSql(sql));
  const illegal = tokens.find((t) => t.kind === 'illegal');
  if (illegal)
    return (
      `sql cannot be read at offset ${illegal.start} (${JSON.stringify(illegal.text.slice(0, 20))}): an ` +
      `unclosed quote or a stray character`
    );
  const semicolon = tokens.findIndex((t) => t.kind === 'semicolon');
  if (semicolon >= 0 && semicolon < tokens.length - 1) return 'sql must be exactly one statement';
  const statement = semicolon >= 0 ? tokens.slice(0, semicolon) : tokens;
  const first = statement[0] ? keywordOf(statement[0]) : undefined;
  if (first !== 'SELECT' && first !== 'WITH')
    return (
      `sql must start with SELECT or WITH, not ` +
      `${statement[0] ? JSON.stringify(statement[0].text.slice(0, 20)) : 'nothing'}`
    );
  for (const [index, token] of statement.entries()) {
    const keyword = keywordOf(token);
    if (keyword !== undefined && BLOCKED_KEYWORDS.has(keyword)) {
      if (keyword === 'REPLACE' && statement[index + 1]?.text === '(') continue; // the string function replace(…)
      return `sql may not use ${keyword}: freeQuery only reads`;
    }
    const name = nameOf(token);
    if (name !== undefined && (BLOCKED_NAMES.has(name) || name.startsWith('pragma_'))) return `sql may not use ${name}`;
    if (token.kind === 'variable')
      return `sql may not contain parameters (${token.text}): write the values into the statement`;
  }
  return undefined;
}
