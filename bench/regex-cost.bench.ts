/**
 * The regex bound's cost model (`runtime/bounded-regex.ts`: states × characters, at most 1,000
 * states, a checked string capped at 100,000 ÷ states characters), measured on each Node found
 * (this one, those in tmp/node-lines, `BENCH_NODES=path,path`): the worst input at the cap (all but
 * the last character match, so every state stays alive) through the runtime's own validator, for a
 * typical pattern, one at the state limit, and the hostile 300 × `([a-z ]?){16}` (4,802 states:
 * VAL130; on a model that skipped the compiler its tool is refused; at its uncapped 2,000 characters
 * it took 68 s before), whose 2,000-character input is now refused before the pattern runs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const REPEATS = Number(process.env['BENCH_REGEX_REPEATS'] ?? 5);

const PATTERNS: readonly (readonly [string, string])[] = [
  ['address ^0x[a-fA-F0-9]{40}$', '^0x[a-fA-F0-9]{40}$'],
  ['at the limit: 31 × (?:[a-z ]?){16}', `^${'(?:[a-z ]?){16}'.repeat(31)}$`],
  ['nested counts ^(?:[a-z]+\\.){2,20}[a-z]{2,}$', '^(?:[a-z]+\\.){2,20}[a-z]{2,}$'],
];

async function child(): Promise<void> {
  const { boundRegexBacktracking, linearPattern, linearStates, regexInputCap, regexCapMessage } = await import(
    '../runtime/bounded-regex.ts'
  );
  const z = await import('zod');
  boundRegexBacktracking();
  const rows: string[][] = [];
  const time = (check: () => unknown): number => {
    const runs: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      const t = performance.now();
      check();
      runs.push(performance.now() - t);
    }
    return runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  };
  for (const [label, pattern] of PATTERNS) {
    const cap = regexInputCap(pattern)!;
    const schema = z
      .string()
      .max(cap, { abort: true, message: regexCapMessage(cap) })
      .regex(new RegExp(linearPattern(pattern)!));
    const filler = pattern.includes('0x') ? `0x${'a'.repeat(cap - 3)}g` : `${'a'.repeat(cap - 1)}!`;
    rows.push([label, String(linearStates(pattern)), String(cap), time(() => schema.safeParse(filler)).toFixed(2)]);
  }
  const hostile = `^${'([a-z ]?){16}'.repeat(300)}$`;
  const cap = regexInputCap(hostile)!;
  const refused = z
    .string()
    .max(cap, { abort: true, message: regexCapMessage(cap) })
    .regex(new RegExp(linearPattern(hostile)!));
  rows.push([
    'hostile 300 × ([a-z ]?){16}, 2,000 characters (refused by the cap)',
    String(linearStates(hostile)),
    String(cap),
    time(() => refused.safeParse(`${'a'.repeat(1999)}!`)).toFixed(3),
  ]);
  process.stdout.write(JSON.stringify(rows));
}

function nodes(): string[] {
  const found = [process.execPath];
  const lines = join(root, 'tmp', 'node-lines');
  if (existsSync(lines))
    for (const name of readdirSync(lines).sort())
      if (existsSync(join(lines, name, 'bin', 'node'))) found.push(join(lines, name, 'bin', 'node'));
  for (const extra of (process.env['BENCH_NODES'] ?? '').split(',').filter(Boolean)) found.push(extra);
  return [...new Set(found)];
}

if (process.argv.includes('--child')) {
  await child();
} else {
  const table: string[][] = [['Node', 'pattern', 'states', 'cap (chars)', 'worst check at the cap, ms (median)']];
  for (const node of nodes()) {
    const version = execFileSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    const rows = JSON.parse(
      execFileSync(node, ['--import', 'tsx', new URL(import.meta.url).pathname, '--child'], {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      }),
    ) as string[][];
    for (const row of rows) table.push([version, ...row]);
  }
  const widths = table[0]!.map((_, c) => Math.max(...table.map((r) => r[c]!.length)));
  process.stdout.write('Regex checks at the cost-model cap (machine shared: compare within a run)\n');
  for (const row of table) process.stdout.write(`| ${row.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |\n`);
}
