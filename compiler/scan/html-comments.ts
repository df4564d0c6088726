/**
 * HTML-like comments (ECMAScript Annex B): a script parser skips the rest of a line after `<!--`,
 * and after `-->` at the start of a line, where a module parser (TypeScript's, the scan's) reads
 * operators. Code hidden behind one would be seen by one parser and not the other, so any such
 * sequence outside strings, templates, regular expressions and comments is a finding.
 */
import { ts } from '../parse/typescript.mjs';

/** The innermost token or node of `sf` whose text starts at or spans `pos`. */
function tokenAt(sf: ts.SourceFile, pos: number): ts.Node {
  let node: ts.Node = sf;
  for (;;) {
    const child = node.getChildren(sf).find((c) => c.getStart(sf) <= pos && pos < c.getEnd());
    if (!child) return node;
    node = child;
  }
}

/** Where the first code of a line is (past whitespace and block comments closed on it), and those comments. */
interface LineStart {
  readonly code: number;
  readonly comments: readonly (readonly [number, number])[];
}

/** Read once per line, in time linear in it: a long line of `-->` or `/*` cannot make the scan quadratic. */
function lineStartOf(text: string, lineStart: number): LineStart {
  const lineEnd = text.indexOf('\n', lineStart) < 0 ? text.length : text.indexOf('\n', lineStart);
  const line = text.slice(lineStart, lineEnd);
  const comments: [number, number][] = [];
  let at = 0;
  for (;;) {
    while (at < line.length && /\s/.test(line[at]!)) at += 1;
    if (!line.startsWith('/*', at)) break;
    const close = line.indexOf('*/', at + 2);
    if (close < 0) break;
    comments.push([lineStart + at, lineStart + close + 2]);
    at = close + 2;
  }
  return { code: lineStart + at, comments };
}

/** True when `pos` lies strictly inside one of the (sorted, disjoint) comment spans. */
function insideComment(comments: readonly (readonly [number, number])[], pos: number): boolean {
  let low = 0;
  let high = comments.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [start, end] = comments[middle]!;
    if (pos <= start) high = middle - 1;
    else if (pos >= end) low = middle + 1;
    else return true;
  }
  return false;
}

/** Positions of `<!--` and line-leading `-->` that TypeScript read as code. */
export function findHtmlLikeComments(sf: ts.SourceFile): { pos: number; text: string }[] {
  const found: { pos: number; text: string }[] = [];
  const text = sf.text;
  for (let pos = text.indexOf('<!--'); pos >= 0; pos = text.indexOf('<!--', pos + 1)) {
    if (tokenAt(sf, pos).kind === ts.SyntaxKind.LessThanToken) found.push({ pos, text: '<!--' });
  }
  const lines = new Map<number, LineStart>();
  for (let pos = text.indexOf('-->'); pos >= 0; pos = text.indexOf('-->', pos + 1)) {
    const lineStart = text.lastIndexOf('\n', pos - 1) + 1;
    let line = lines.get(lineStart);
    if (!line) lines.set(lineStart, (line = lineStartOf(text, lineStart)));
    if (pos > line.code || insideComment(line.comments, pos)) continue;
    const kind = tokenAt(sf, pos).kind;
    if (kind === ts.SyntaxKind.MinusMinusToken) found.push({ pos, text: '-->' });
  }
  return found;
}
