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

/** Positions of `<!--` and line-leading `-->` that TypeScript read as code. */
export function findHtmlLikeComments(sf: ts.SourceFile): { pos: number; text: string }[] {
  const found: { pos: number; text: string }[] = [];
  const text = sf.text;
  for (let pos = text.indexOf('<!--'); pos >= 0; pos = text.indexOf('<!--', pos + 1)) {
    if (tokenAt(sf, pos).kind === ts.SyntaxKind.LessThanToken) found.push({ pos, text: '<!--' });
  }
  for (let pos = text.indexOf('-->'); pos >= 0; pos = text.indexOf('-->', pos + 1)) {
    const lineStart = text.lastIndexOf('\n', pos - 1) + 1;
    const before = text.slice(lineStart, pos).replace(/\/\*.*?\*\//g, '');
    if (before.trim() !== '') continue;
    const kind = tokenAt(sf, pos).kind;
    if (kind === ts.SyntaxKind.MinusMinusToken) found.push({ pos, text: '-->' });
  }
  return found;
}
