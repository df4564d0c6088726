/**
 * `node cli/bin.mjs build` runs from the cached bundle of the CLI's sources and compiles TypeScript
 * from a V8 code cache; the result must be exactly what the plain tsx start gives: same output on
 * the terminal, same files byte for byte, for a cold build and an incremental one.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleSchema } from './support/schema-files.ts';
import { readTree } from './support/tree.ts';
import { createWorkspace, repoRoot } from './support/workspace.ts';

const ws = createWorkspace('fast-start');
test.after(() => ws.remove());
const cacheDir = join(repoRoot, 'node_modules', '.cache', 'toolkit');

function build(out: string, plain: boolean) {
  const env = { ...process.env };
  if (plain) env.TOOLKIT_NO_START_CACHE = '1';
  else delete env.TOOLKIT_NO_START_CACHE;
  const run = spawnSync(
    process.execPath,
    [
      join(repoRoot, 'cli', 'bin.mjs'),
      'build',
      '--schemas',
      ws.path('schemas'),
      '--out',
      ws.path(out),
      '--project',
      ws.dir,
    ],
    { cwd: repoRoot, env, encoding: 'utf8' },
  );
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function assertSameTrees(a: string, b: string) {
  const left = readTree(ws.path(a));
  const right = readTree(ws.path(b));
  assert.equal([...left.keys()], [...right.keys()]);
  for (const [name, bytes] of right) assert.ok(bytes.equals(left.get(name)!), `${name} differs`);
}

test('cold and incremental builds from the cached bundle equal those of the tsx start', async () => {
  for (const ns of ['alpha', 'beta']) ws.write(`schemas/providers/${ns}/api.mjs`, simpleSchema(ns, 2));
  const fast = build('out-fast', false);
  const plain = build('out-plain', true);
  assert.is(fast.code, 0, fast.stderr);
  assert.equal([fast.stdout, fast.stderr], [plain.stdout, plain.stderr]);
  assert.match(fast.stdout, /^2 schemas, 4 tools, 2 rebuilt, 0 cached,/);
  assertSameTrees('out-fast', 'out-plain');

  ws.write('schemas/providers/beta/api.mjs', simpleSchema('beta', 3));
  const fastAgain = build('out-fast', false);
  const plainAgain = build('out-plain', true);
  assert.equal([fastAgain.stdout, fastAgain.stderr], [plainAgain.stdout, plainAgain.stderr]);
  assert.match(fastAgain.stdout, /^2 schemas, 5 tools, 1 rebuilt, 1 cached,/);
  assertSameTrees('out-fast', 'out-plain');
});

test('the fast start really ran: the bundle covers the build and TypeScript has a code cache', () => {
  const stamp = JSON.parse(readFileSync(join(cacheDir, 'cli-stamp.json'), 'utf8')) as {
    inputs: Record<string, string>;
  };
  assert.ok(
    'compiler/build/build-catalog.ts' in stamp.inputs && 'compiler/index.ts' in stamp.inputs,
    Object.keys(stamp.inputs).join(', '),
  );
  assert.ok(readdirSync(join(cacheDir, 'v8')).some((name) => /^typescript-\d+-\d+-.+\.bin$/.test(name)));
});

test.run();
