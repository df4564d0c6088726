/**
 * Which column a query parameter is compared with, read from the query's SQL, so that completion can
 * offer the values that column holds ("resource data"): the `?` bound to the parameter must follow
 * `<column> =`, `<column> LIKE`, `<column> GLOB` or `<column> IN (`, in a statement over one table
 * (one SELECT, one FROM, no JOIN, no compound, no CTE). Anything else has no column: completion then
 * offers what the parameter's type alone allows.
 */
import { codeTokens, keywordOf, nameOf, tokenizeSql, type SqlToken } from '../resources/sql-lexer.ts';

export interface ParameterColumn {
  readonly table: string;
  readonly column: string;
}

const COMPARISONS = new Set(['=', '==']);
const COMPARING_KEYWORDS = new Set(['LIKE', 'GLOB']);
const SINGLE_TABLE_BREAKERS = new Set(['JOIN', 'UNION', 'INTERSECT', 'EXCEPT', 'WITH']);

const isName = (token: SqlToken | undefined): token is SqlToken =>
  token !== undefined && (token.kind === 'identifier' || token.kind === 'quoted');

/** The one table the statement reads, or undefined when it reads more or cannot be told. */
function singleTable(tokens: readonly SqlToken[]): string | undefined {
  const keywords = tokens.map(keywordOf);
  if (keywords.filter((k) => k === 'SELECT').length !== 1 || keywords.filter((k) => k === 'FROM').length !== 1)
    return undefined;
  if (keywords.some((k) => k !== undefined && SINGLE_TABLE_BREAKERS.has(k))) return undefined;
  const from = keywords.indexOf('FROM');
  const table = tokens[from + 1];
  const after = tokens[from + 2];
  if (!isName(table) || (after && (after.text === '.' || after.text === ','))) return undefined;
  return nameOf(table);
}

/** The column the `index`-th `?` of `sql` is compared with (0-based), or undefined. */
export function parameterColumn(sql: string, index: number): ParameterColumn | undefined {
  const tokens = codeTokens(tokenizeSql(sql));
  const table = singleTable(tokens);
  if (table === undefined) return undefined;
  let seen = -1;
  const at = tokens.findIndex((token) => token.kind === 'variable' && token.text === '?' && ++seen === index);
  if (at < 0) return undefined;
  const operator = tokens[at - 1];
  const keyword = operator === undefined ? undefined : keywordOf(operator);
  let before: number;
  if (operator?.text === '(' && tokens[at - 2] !== undefined && keywordOf(tokens[at - 2]!) === 'IN') before = at - 3;
  else if (
    operator !== undefined &&
    (COMPARISONS.has(operator.text) || (keyword !== undefined && COMPARING_KEYWORDS.has(keyword)))
  )
    before = at - 2;
  else return undefined;
  // `t.column` over the one table is that table's column; a bare name is too.
  const columnToken = tokens[before];
  if (!isName(columnToken)) return undefined;
  const column = nameOf(columnToken);
  return column === undefined ? undefined : { table, column };
}

/** An SQL identifier, quoted. */
export const quoteIdentifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * The SQL that lists the distinct values of a column starting with a prefix (bound as its one `?`, LIKE-escaped with
 * `\`).
 */
export const distinctValuesSql = ({ table, column }: ParameterColumn, limit: number): string =>
  `SELECT DISTINCT ${quoteIdentifier(column)} AS v FROM ${quoteIdentifier(table)} WHERE ${quoteIdentifier(column)} ` +
  `IS NOT NULL AND CAST(${quoteIdentifier(column)} AS TEXT) LIKE ? ESCAPE '\\' ORDER BY 1 LIMIT ${limit}`;

/** A prefix as a LIKE pattern matching every text that starts with it. */
export const likePrefix = (prefix: string): string => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
