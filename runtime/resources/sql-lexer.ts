/**
 * A tokenizer that reads SQL the way SQLite's own tokenizer (tokenize.c) does, so that a check on
 * its tokens judges the statement SQLite will run, never a different reading of the same text:
 * comments (`--` to a newline, `/* … *\/` or to the end), strings (`'…'` with `''`), quoted
 * identifiers (`"…"`, `[…]`, `` `…` ``), bare identifiers (ASCII letters, `_`, and every character
 * outside ASCII, which SQLite treats as a letter: a full-width `ＳＥＬＥＣＴ` is a name, not a keyword),
 * variables (`?`, `?NNN`, `:x`, `@x`, `$x`), numbers, blobs (`x'…'`) and operators.
 */

export type SqlTokenKind =
  | 'space'
  | 'comment'
  | 'string'
  | 'blob'
  | 'number'
  | 'identifier'
  | 'quoted'
  | 'variable'
  | 'semicolon'
  | 'operator'
  | 'illegal';

export interface SqlToken {
  readonly kind: SqlTokenKind;
  readonly text: string;
  /** Offset of the first character in the SQL text. */
  readonly start: number;
}

/** SQLite's whitespace: tab, newline, form feed, carriage return and space (not vertical tab). */
const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';
const isDigit = (c: string): boolean => c >= '0' && c <= '9';
/** First character of a bare identifier: ASCII letter, `_`, or any non-ASCII character. */
const isIdStart = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c > '\x7f';
/** Later characters of a bare identifier (SQLite's IdChar): also digits and `$`. */
const isIdChar = (c: string): boolean => isIdStart(c) || isDigit(c) || c === '$';

/** The end of a run of characters starting at `from` for which `test` holds. */
function runEnd(sql: string, from: number, test: (c: string) => boolean): number {
  let i = from;
  while (i < sql.length && test(sql[i]!)) i++;
  return i;
}

/** The end of a quoted run opened at `start` by `quote` (doubled to escape); -1 when never closed. */
function quotedEnd(sql: string, start: number, quote: string): number {
  let i = start + 1;
  for (;;) {
    const next = sql.indexOf(quote, i);
    if (next < 0) return -1;
    if (sql[next + 1] === quote) i = next + 2;
    else return next + 1;
  }
}

/** The length of the token that starts at `i`, and its kind. */
function scan(sql: string, i: number): [SqlTokenKind, number] {
  const c = sql[i]!;
  const next = sql[i + 1];
  if (isSpace(c)) return ['space', runEnd(sql, i, isSpace)];
  if (c === '-' && next === '-') {
    const end = sql.indexOf('\n', i);
    return ['comment', end < 0 ? sql.length : end + 1];
  }
  if (c === '/' && next === '*') {
    const end = sql.indexOf('*/', i + 2);
    return ['comment', end < 0 ? sql.length : end + 2];
  }
  if (c === "'") {
    const end = quotedEnd(sql, i, "'");
    return end < 0 ? ['illegal', sql.length] : ['string', end];
  }
  if (c === '"' || c === '`') {
    const end = quotedEnd(sql, i, c);
    return end < 0 ? ['illegal', sql.length] : ['quoted', end];
  }
  if (c === '[') {
    const end = sql.indexOf(']', i);
    return end < 0 ? ['illegal', sql.length] : ['quoted', end + 1];
  }
  if ((c === 'x' || c === 'X') && next === "'") {
    const end = quotedEnd(sql, i + 1, "'");
    return end < 0 ? ['illegal', sql.length] : ['blob', end];
  }
  if (isDigit(c) || (c === '.' && next !== undefined && isDigit(next))) {
    let end = i;
    while (end < sql.length) {
      const d = sql[end]!;
      const exponentSign =
        (d === '+' || d === '-') && (sql[end - 1] === 'e' || sql[end - 1] === 'E') && !/^0[xX]/.test(sql.slice(i, end));
      if (isDigit(d) || d === '.' || d === '_' || (d >= 'a' && d <= 'z') || (d >= 'A' && d <= 'Z') || exponentSign)
        end++;
      else break;
    }
    return ['number', end];
  }
  if (c === '?') return ['variable', runEnd(sql, i + 1, isDigit)];
  if (c === ':' || c === '@' || c === '$' || c === '#') {
    const end = runEnd(sql, i + 1, isIdChar);
    return end > i + 1 ? ['variable', end] : ['illegal', i + 1];
  }
  if (isIdStart(c)) return ['identifier', runEnd(sql, i, isIdChar)];
  if (c === ';') return ['semicolon', i + 1];
  const two = sql.slice(i, i + 2);
  if (['<=', '>=', '<>', '!=', '==', '||', '<<', '>>', '->'].includes(two))
    return ['operator', sql.slice(i, i + 3) === '->>' ? i + 3 : i + 2];
  if ('+-*/%<>=&|~(),.'.includes(c)) return ['operator', i + 1];
  return ['illegal', i + 1];
}

/** Every token of `sql`, whitespace and comments included (their texts joined give `sql` back). */
export function tokenizeSql(sql: string): SqlToken[] {
  const tokens: SqlToken[] = [];
  let i = 0;
  while (i < sql.length) {
    const [kind, end] = scan(sql, i);
    tokens.push({ kind, text: sql.slice(i, end), start: i });
    i = end;
  }
  return tokens;
}

/** The tokens SQLite parses (no whitespace, no comments). */
export const codeTokens = (tokens: readonly SqlToken[]): SqlToken[] =>
  tokens.filter((t) => t.kind !== 'space' && t.kind !== 'comment');

/** The upper-case keyword a bare identifier spells (keywords are ASCII), or undefined. */
export function keywordOf(token: SqlToken): string | undefined {
  return token.kind === 'identifier' && /^[A-Za-z_]+$/.test(token.text) ? token.text.toUpperCase() : undefined;
}

/** The name an identifier refers to, quoted or not, lower-cased (`"Pragma_Table_Info"` → `pragma_table_info`). */
export function nameOf(token: SqlToken): string | undefined {
  if (token.kind === 'identifier') return token.text.toLowerCase();
  if (token.kind !== 'quoted') return undefined;
  const quote = token.text[0]!;
  const inner = token.text.slice(1, -1);
  if (quote === '[') return inner.toLowerCase();
  return inner
    .split(quote + quote)
    .join(quote)
    .toLowerCase();
}
