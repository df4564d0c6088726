/**
 * CLI habits every command shares, with the real binary: `--help` on every command (value names,
 * never `#0`; no ANSI escapes off a terminal or with NO_COLOR), and the documented exit codes for
 * the same kind of failure across commands (0 done, 1 failed, 2 usage error), never a stack trace
 * for a user mistake.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { commands } from '../../cli/commands/index.ts';
import { createSandbox, hasAnsi, hasStack, repoRoot, type Run } from './support/sandbox.ts';

const box = createSandbox('habits');
test.after(() => box.remove());
const DEV = { TOOLKIT_MODE: 'dev' };
const paths = commands.map((c) => (c.paths?.[0] ?? []).join(' '));

/** Runs each argument list, four at a time. */
async function runAll(list: readonly (readonly string[])[], env: Record<string, string> = DEV): Promise<Run[]> {
  const results: Run[] = new Array(list.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < list.length) {
        const index = next++;
        results[index] = await box.toolkit(list[index]!, { env });
      }
    }),
  );
  return results;
}

test(
  'every command has --help: its usage with value names, no #0, no ANSI when piped (even ' + 'with TERM set)',
  async () => {
    assert.ok(paths.length >= 14, paths.join(', '));
    const runs = await runAll(
      paths.map((p) => [...p.split(' '), '--help']),
      { ...DEV, TERM: 'xterm-256color' },
    );
    runs.forEach((run, i) => {
      const path = paths[i]!;
      assert.is(run.code, 0, `${path}: ${run.stderr}`);
      assert.match(run.stdout, new RegExp(`^toolkit ${path}: \\S`), path);
      assert.match(run.stdout, new RegExp(`^Usage: toolkit ${path}\\b`, 'm'), path);
      assert.not.ok(run.stdout.includes('#0'), `${path} shows #0`);
      assert.not.ok(hasAnsi(run.stdout), `${path} prints ANSI escapes to a pipe`);
      for (const line of run.stdout
        .split('\n')
        .filter((l) => /^  --[a-z-]+ [^ ]/.test(l) && !/^  --[a-z-]+ {2}/.test(l))) {
        assert.match(
          line,
          /^  --[a-z-]+ (?:[A-Z[][A-Z0-9:\]]*|<[a-z-]+>) /,
          `${path}: option without a value name: ${line}`,
        );
      }
    });
    const build = runs[paths.indexOf('build')]!.stdout;
    assert.match(build, /^  --schemas DIR +catalog directory/m);
    assert.match(build, /^  --agent NAME +build only this agent/m);
  },
);

test('general help lists every command; colours only when forced, never with NO_COLOR', async () => {
  const [plain, noColor, forced, bare] = await Promise.all([
    box.toolkit(['--help'], { env: DEV }),
    box.toolkit(['--help'], { env: { ...DEV, NO_COLOR: '1', FORCE_COLOR: '1' } }),
    box.toolkit(['--help'], { env: { ...DEV, FORCE_COLOR: '1' } }),
    box.toolkit([], { env: DEV }),
  ]);
  for (const path of paths) assert.match(plain.stdout, new RegExp(`^  ${path}\\b`, 'm'), path);
  assert.match(plain.stdout, /Exit codes: 0 done, 1 failed .*, 2 usage error\./);
  assert.not.ok(hasAnsi(plain.stdout));
  assert.not.ok(hasAnsi(noColor.stdout));
  assert.ok(hasAnsi(forced.stdout), 'FORCE_COLOR turns colours on');
  assert.is(bare.code, 0);
  assert.is(bare.stdout, plain.stdout);
});

const BROKEN =
  `export const main = { namespace: 'Bad1', name: 'B', description: 'B.', version: '3.0.0', root: ` +
  `'https://x.example', tools: {} };\n`;

test('usage errors exit 2 with one line and no stack, whatever the command', async () => {
  const cases: string[][] = [
    ['serch', 'weather'],
    ['build', '--port', '1'],
    ['add'],
    ['call'],
    ['search', 'x', '--limit', '30'],
    ['validate', 'no/such/file.mjs'],
    ['validate-agent', 'nobody'],
    ['migrate', 'no/such/dir'],
    ['build', '--schemas', 'no/such/dir'],
    ['server', '--schemas', 'no/such/dir'],
    ['status', '--project', 'no/such/dir'],
    ['server', '--http', 'not-a-port'],
    ['build', '--group', 'none'],
    ['remove', 'nothing_active'],
  ];
  const runs = await runAll(cases);
  runs.forEach((run, i) => {
    const label = cases[i]!.join(' ');
    assert.is(run.code, 2, `${label}: ${run.stdout}${run.stderr}`);
    assert.ok(run.stderr.length > 0 && run.stderr.split('\n').length <= 4, `${label}: ${run.stderr}`);
    assert.not.ok(hasStack(run.stderr), `${label} printed a stack: ${run.stderr}`);
  });
  assert.match(runs[0]!.stderr, /unknown command "serch"; did you mean search\?/);
});

test('invalid input exits 1 and says why: a schema with errors, a build of it, a migration that fails', async () => {
  box.write('bad/schema.mjs', BROKEN);
  box.write('catalog/providers/bad/schema.mjs', BROKEN);
  box.write('old/legacy.mjs', 'export const schema = { namespace: "x" };\n');
  const [validate, build, migrate] = await runAll([
    ['validate', 'bad/schema.mjs'],
    ['build', '--schemas', 'catalog'],
    ['migrate', 'old'],
  ]);
  assert.is(validate!.code, 1);
  assert.match(validate!.stdout, /VAL011/);
  assert.is(build!.code, 1);
  assert.match(build!.stderr, /nothing was written/);
  assert.is(migrate!.code, 1);
  assert.match(migrate!.stdout, /not migrated: a format 1\.x schema/);
  for (const run of [validate!, build!, migrate!]) assert.not.ok(hasStack(run.stdout + run.stderr));
});

test('starting the CLI for --help loads no heavy package (zod, ts-morph, esbuild, the MCP SDK)', async () => {
  box.write(
    'hooks.mjs',
    'export async function resolve(s, c, next) { const r = await next(s, c); if ' +
      '(/node_modules\\/(zod|ts-morph|esbuild|@modelcontextprotocol)\\//.test(r.url) && ' +
      "!String(c.parentURL).includes('/node_modules/')) process.stderr.write('LOADED ' + r.url + '\\n'); return r; }\n",
  );
  const register =
    `data:text/javascript,import{register}from"node:module";register(` +
    `${JSON.stringify(pathToFileURL(box.path('hooks.mjs')).href)})`;
  // The tsx start resolves every module through the loader, so the hook sees each one (tsx's own esbuild aside).
  const run = spawnSync(process.execPath, ['--import', register, join(repoRoot, 'cli', 'bin.mjs'), '--help'], {
    cwd: box.project,
    env: { ...box.env, TOOLKIT_NO_START_CACHE: '1' },
    encoding: 'utf8',
  });
  assert.is(run.status, 0, run.stderr);
  assert.not.match(run.stderr, /LOADED/);
});

test('the README documents the exit codes and lists every command', () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  assert.match(readme, /\| 0 \| /);
  assert.match(readme, /\| 1 \| /);
  assert.match(readme, /\| 2 \| /);
  for (const path of paths) assert.ok(readme.includes(`toolkit ${path}`), `README lacks toolkit ${path}`);
});

test.run();
