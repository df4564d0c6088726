#!/usr/bin/env node
// Rewraps comments that make a line longer than MAX_LINE characters, in every line-checked file
// (`lineCheckedFiles` in `source-files.ts`, templates included); the formatter wraps code but leaves comments as they
// are. Comments are found by TypeScript's parser, never by pattern, so a `//` inside a string or a template is never
// touched:
// - a `//` comment alone on its line is reflowed with the lines of its paragraph below it;
// - a `//` comment after code moves above that code, at its indentation, wrapped the same way;
// - a line of a `/* */` block is reflowed with its paragraph; a one-line `/** */` alone on its line
//   becomes a block of several lines.
// Directives (`// @ts-…`, `///`, `// biome-ignore`), tag lines (` * @param`), list items' neighbours,
// indented or fenced code in comments and comments that share their line with code on both sides are
// left alone; the line-length check lists what remains.
//
// Usage: node --import tsx scripts/source-style/rewrap-comments.ts [--check] [file…]   (default: every covered file)
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ts } from '../../compiler/parse/typescript.mjs';
import { commentsAndLiterals, type CommentRange, lineCheckedFiles, MAX_LINE } from './source-files.ts';

const DIRECTIVE = /^\s*(\/\/\/|\/\/\s*(@ts-|biome-ignore|eslint|prettier-ignore|#)|\/\/\s*<)/;
const LIST_ITEM = /^([-*+•]|\d+[.)]|\([a-z0-9]+\))\s/i;

/** Words of a paragraph filled into lines of at most MAX_LINE characters (a word longer than that stands alone). */
function fill(words: readonly string[], firstPrefix: string, nextPrefix: string): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const prefix = lines.length === 0 ? firstPrefix : nextPrefix;
    if (current === '') current = word;
    else if (prefix.length + current.length + 1 + word.length <= MAX_LINE) current += ` ${word}`;
    else {
      lines.push(prefix + current);
      current = word;
    }
  }
  if (current !== '') lines.push((lines.length === 0 ? firstPrefix : nextPrefix) + current);
  return lines;
}

const words = (body: string): string[] => body.trim().split(/\s+/).filter(Boolean);

/**
 * Rewraps the comments of one file's text; returns the new text (the same string when nothing was
 * over-long or nothing could be rewrapped safely).
 */
export function rewrapText(fileName: string, text: string): string {
  if (!text.split('\n').some((line) => line.length > MAX_LINE)) return text;
  const { comments, literals } = commentsAndLiterals(fileName, text);
  const lines = text.split('\n');
  const starts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.length + 1;
  }
  const at = (l: number): string => lines[l] ?? '';
  const startOf = (l: number): number => starts[l] ?? 0;
  const lineOf = (pos: number): number => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (startOf(middle) <= pos) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const insideLiteral = (pos: number) => literals.some(([start, end]) => start < pos && pos < end);
  // A full-line `//` comment per line index, and every line a block comment covers.
  const lineComment = new Map<number, CommentRange>();
  const blockOfLine = new Map<number, CommentRange>();
  for (const range of comments) {
    const line = lineOf(range.pos);
    if (range.kind === ts.SyntaxKind.SingleLineCommentTrivia) {
      if (!lineComment.has(line)) lineComment.set(line, range);
    } else {
      for (let l = line; l <= lineOf(range.end - 1); l += 1) blockOfLine.set(l, range);
    }
  }

  // { from, to, replacement: string[] } over line indexes, inclusive
  const edits: { from: number; to: number; replacement: string[] }[] = [];
  const taken = new Set<number>();
  const take = (from: number, to: number, replacement: string[]): void => {
    for (let l = from; l <= to; l += 1) if (taken.has(l)) return;
    for (let l = from; l <= to; l += 1) taken.add(l);
    edits.push({ from, to, replacement });
  };

  // A paragraph: the long line and the lines below it that continue it (same prefix, plain prose).
  const paragraph = (first: number, prefixOf: (line: number) => string, continues: (line: number) => boolean) => {
    let last = first;
    while (last + 1 < lines.length && continues(last + 1)) last += 1;
    const body: string[] = [];
    for (let l = first; l <= last; l += 1) body.push(...words(at(l).slice(prefixOf(l).length)));
    return { last, body };
  };

  for (let index = 0; index < lines.length; index += 1) {
    const text = at(index);
    if (text.length <= MAX_LINE || taken.has(index)) continue;
    const range = lineComment.get(index);
    if (range !== undefined && range.end === startOf(index) + text.length) {
      const column = range.pos - startOf(index);
      const before = text.slice(0, column);
      const comment = text.slice(column);
      if (DIRECTIVE.test(comment)) continue;
      const indent = /^\s*/.exec(text)![0];
      const marker = /^\/\/\s?/.exec(comment)![0];
      const lead = comment.slice(marker.length);
      if (/^\s/.test(lead)) continue; // indented code or a table inside a comment
      const item = LIST_ITEM.exec(lead);
      const nextPrefix = `${indent}//${item ? ' '.repeat(item[0].length + 1) : ' '}`;
      if (before.trim() === '') {
        const prefixOf = (l: number) => (l === index ? `${indent}${marker}` : nextPrefix);
        const continues = (l: number) => {
          const next = lineComment.get(l);
          const line = at(l);
          const alone =
            next !== undefined && next.pos === startOf(l) + indent.length && next.end === startOf(l) + line.length;
          if (!alone) return false;
          if (!line.startsWith(nextPrefix) || DIRECTIVE.test(line)) return false;
          const rest = line.slice(nextPrefix.length);
          return rest.trim() !== '' && !/^\s/.test(rest) && !LIST_ITEM.test(rest);
        };
        const { last, body } = paragraph(index, prefixOf, continues);
        take(index, last, fill(body, `${indent}${marker}`, nextPrefix));
      } else {
        if (insideLiteral(startOf(index)) || blockOfLine.has(index)) continue;
        const code = before.trimEnd();
        take(index, index, [...fill(words(lead), `${indent}// `, nextPrefix), code]);
      }
      continue;
    }
    const block = blockOfLine.get(index);
    if (block === undefined) continue;
    const first = lineOf(block.pos);
    const last = lineOf(block.end - 1);
    const column = block.pos - startOf(first);
    const indent = at(first).slice(0, column);
    if (indent.trim() !== '') continue; // code before the comment
    const fenced = () => {
      let open = false;
      for (let l = first; l < index; l += 1) if (/^\s*\*?\s*```/.test(at(l))) open = !open;
      return open;
    };
    if (fenced()) continue;
    const starPrefix = `${indent} * `;
    if (first === last) {
      const after = text.slice(block.end - startOf(index));
      const inner = text.slice(column, block.end - startOf(index));
      const opened = /^\/\*\*?\s*/.exec(inner)![0];
      if (after.trim() !== '' || !inner.endsWith('*/')) continue;
      const body = inner.slice(opened.length, -2);
      if (body.includes('\n') || /^\s*@/.test(body)) continue;
      take(index, index, [`${indent}${opened.trim()}`, ...fill(words(body), starPrefix, starPrefix), `${indent} */`]);
      continue;
    }
    if (index === last) continue; // the closing line: rare, left for a person
    const own = index === first ? /^\s*\/\*\*?\s*/.exec(text)![0] : /^\s*\*?\s?/.exec(text)![0];
    const lead = text.slice(own.length);
    if (lead.trim() === '' || /^\s/.test(lead) || /^@/.test(lead) || /^```/.test(lead)) {
      if (!/^@(param|returns?|throws|see|example)\b/.test(lead)) continue;
    }
    const item = LIST_ITEM.exec(lead);
    const tag = /^@\S+\s+(\{[^}]*\}\s+)?(\S+\s+)?/.exec(lead);
    const hang = item ? item[0].length : tag ? 2 : 0;
    const continuation = index === first ? starPrefix : own.replace(/\s*$/, ' ');
    const nextPrefix = continuation + ' '.repeat(hang);
    const prefixOf = (l: number) => (l === index ? own : nextPrefix);
    const continues = (l: number) => {
      if (l >= last || blockOfLine.get(l) !== block) return false;
      const line = at(l);
      if (!line.startsWith(nextPrefix)) return false;
      const rest = line.slice(nextPrefix.length);
      return rest.trim() !== '' && !/^\s/.test(rest) && !LIST_ITEM.test(rest) && !/^[@`]/.test(rest);
    };
    const { last: end, body } = paragraph(index, prefixOf, continues);
    take(index, end, fill(body, own, nextPrefix));
  }

  if (edits.length === 0) return text;
  edits.sort((a, b) => b.from - a.from);
  for (const { from, to, replacement } of edits) lines.splice(from, to - from + 1, ...replacement);
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = resolve(import.meta.dirname, '..', '..');
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const named = args.filter((arg) => arg !== '--check');
  const files = named.length > 0 ? named : lineCheckedFiles(root);
  let changed = 0;
  for (const file of files) {
    const path = join(root, file);
    const before = readFileSync(path, 'utf8');
    const after = rewrapText(file, before);
    if (after === before) continue;
    changed += 1;
    if (check) process.stdout.write(`${file}: comments over ${MAX_LINE} characters can be rewrapped\n`);
    else writeFileSync(path, after);
  }
  process.stdout.write(`${check ? 'would rewrap' : 'rewrapped'} comments in ${changed} file(s)\n`);
  if (check && changed > 0) process.exit(1);
}
