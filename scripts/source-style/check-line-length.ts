#!/usr/bin/env node
// `npm run format:check`'s second half: no line of a covered source file is longer than MAX_LINE
// characters. A line that would be short enough without one string, template or regular expression
// literal on it is counted apart (`--literals` lists them): neither the formatter nor the comment
// rewrapper may split a literal, so those are shortened by hand. Exits 1 when any other line is too long.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { commentsAndLiterals, MAX_LINE, sourceFiles } from './source-files.ts';

/** Every over-long line of the covered files, each marked `literal` when one literal makes it long. */
export interface LongLine {
  readonly file: string;
  readonly line: number;
  readonly length: number;
  readonly literal: boolean;
}

export function longLines(root: string): LongLine[] {
  const found: LongLine[] = [];
  for (const file of sourceFiles(root)) {
    const text = readFileSync(join(root, file), 'utf8');
    const lines = text.split('\n');
    if (!lines.some((line) => line.length > MAX_LINE)) continue;
    const { literals } = commentsAndLiterals(file, text);
    let start = 0;
    lines.forEach((line, index) => {
      if (line.length > MAX_LINE) {
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
  const listLiterals = process.argv.includes('--literals');
  const failing = found.filter((entry) => !entry.literal);
  for (const { file, line, length, literal } of found) {
    if (!literal || listLiterals)
      process.stdout.write(`${file}:${line}: ${length} characters${literal ? ' (literal)' : ''}\n`);
  }
  const literalCount = found.length - failing.length;
  process.stdout.write(`${failing.length} line(s) over ${MAX_LINE} characters; ${literalCount} more inside literals\n`);
  if (failing.length > 0) process.exit(1);
}
