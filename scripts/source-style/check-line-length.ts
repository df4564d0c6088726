#!/usr/bin/env node
// `npm run format:check`'s second half: no line of a line-checked file (`lineCheckedFiles`: every
// tracked JavaScript, TypeScript and template file outside the schema data of `LINE_EXEMPT`) is longer
// than MAX_LINE characters. The formatter wraps code, `npm run format` rewraps comments and
// `npm run format:lines` splits long literals; a line one literal makes long is marked `(literal)`.
// A line of `LINE_ALLOWED` (each with its reason) may stay. Exits 1 when any other line is too long.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { commentsAndLiterals, lineAllowed, lineCheckedFiles, MAX_LINE } from './source-files.ts';

/** Every over-long line of the checked files, each marked `literal` when one literal makes it long. */
export interface LongLine {
  readonly file: string;
  readonly line: number;
  readonly length: number;
  readonly literal: boolean;
}

export function longLines(root: string, files: readonly string[] = lineCheckedFiles(root)): LongLine[] {
  const found: LongLine[] = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const lines = text.split('\n');
    if (!lines.some((line) => line.length > MAX_LINE)) continue;
    const { literals } = commentsAndLiterals(file, text);
    let start = 0;
    lines.forEach((line, index) => {
      if (line.length > MAX_LINE && !lineAllowed(file, line)) {
        const end = start + line.length;
        const onLine = (from: number, to: number) => Math.min(to, end) - Math.max(from, start);
        const literal = literals.some(([from, to]) => line.length - onLine(from, to) <= MAX_LINE);
        found.push({ file, line: index + 1, length: line.length, literal });
      }
      start += line.length + 1;
    });
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = longLines(resolve(import.meta.dirname, '..', '..'));
  for (const { file, line, length, literal } of found)
    process.stdout.write(`${file}:${line}: ${length} characters${literal ? ' (literal: npm run format:lines)' : ''}\n`);
  process.stdout.write(`${found.length} line(s) over ${MAX_LINE} characters\n`);
  if (found.length > 0) process.exit(1);
}
