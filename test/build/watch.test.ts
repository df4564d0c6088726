/**
 * `toolkit build --watch` (a real CLI process): it builds, then rebuilds after each change with one
 * line per rebuild, reports a broken schema and keeps watching, and every rebuild leaves exactly the
 * bytes a clean build of the same schemas writes. Ctrl-C ends it with the last build's exit code.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { buildCatalog } from '../../compiler/build/build-catalog.ts';
import { frontEndLoader } from '../../compiler/build/schema-loader.ts';
import { brokenSchema, simpleSchema } from './support/schema-files.ts';
import { readTree } from './support/tree.ts';
import { createWorkspace, repoRoot } from './support/workspace.ts';

const ws = createWorkspace('watch');
let child: ChildProcess | undefined;
let stdout = '';
let stderr = '';
test.after(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
  }
  ws.remove();
});

/** Waits until `ready()` holds (the watcher writes asynchronously); fails with the output so far. */
async function waitFor(what: string, ready: () => boolean, timeoutMs = 45_000): Promise<void> {
  const started = Date.now();
  while (!ready()) {
    if (Date.now() - started > timeoutMs) throw new Error(`waited for ${what}; stdout:\n${stdout}\nstderr:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the watcher has been quiet for a while (an editor-like write can fire more than one rebuild). */
async function settled(quietMs = 400): Promise<void> {
  let seen = -1;
  while (seen !== stderr.length + stdout.length) {
    seen = stderr.length + stdout.length;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}

const watchLines = () => stderr.split('\n').filter((line) => line.startsWith('toolkit build --watch: '));
const lastSummary = () => stdout.trim().split('\n').at(-1) ?? '';

/** The output equals a clean build of a copy of the same schemas, file for file and byte for byte. */
async function assertSameAsCleanBuild(label: string) {
  const clean = createWorkspace('watch-clean');
  try {
    cpSync(ws.path('schemas'), clean.path('schemas'), { recursive: true });
    await buildCatalog({
      schemasDir: clean.path('schemas'),
      outDir: clean.path('out'),
      projectDir: clean.dir,
      loader: await frontEndLoader(),
    });
    const watched = readTree(ws.path('out'));
    const fresh = readTree(clean.path('out'));
    assert.equal([...watched.keys()], [...fresh.keys()], label);
    for (const [name, bytes] of fresh) assert.ok(bytes.equals(watched.get(name)!), `${label}: ${name} differs`);
  } finally {
    clean.remove();
  }
}

test('builds, rebuilds one edited schema with one line, and matches a clean build', async () => {
  for (const ns of ['alpha', 'beta', 'gamma']) ws.write(`schemas/providers/${ns}/api.mjs`, simpleSchema(ns, 2));
  child = spawn(
    process.execPath,
    [
      join(repoRoot, 'cli', 'bin.mjs'),
      'build',
      '--watch',
      '--schemas',
      ws.path('schemas'),
      '--out',
      ws.path('out'),
      '--project',
      ws.dir,
    ],
    { cwd: repoRoot },
  );
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));

  await waitFor('the first build', () => watchLines().length === 1);
  assert.match(watchLines()[0]!, /^toolkit build --watch: built in \d+ ms; watching /);
  assert.match(stdout, /^3 schemas, 6 tools, 3 rebuilt, 0 cached,/);

  ws.write('schemas/providers/beta/api.mjs', simpleSchema('beta', 3));
  await waitFor('a rebuild', () => watchLines().length >= 2);
  assert.match(
    watchLines()[1]!,
    /^toolkit build --watch: rebuilt after a change to providers\/beta\/api\.mjs in \d+ ms; watching /,
  );
  assert.match(stdout.split('\n')[1]!, /^3 schemas, 7 tools, 1 rebuilt, 2 cached,/);
  await settled();
  await assertSameAsCleanBuild('after one edit');
});

test('a broken schema is reported, watching goes on, and fixing it rebuilds', async () => {
  ws.write('schemas/providers/gamma/api.mjs', brokenSchema);
  await waitFor('the failure', () =>
    /toolkit build: failed: 1 schema has errors \(providers\/gamma\/api\.mjs\); nothing was written/.test(stderr),
  );
  // A failed build writes nothing: the last summary is still that of the last good build.
  assert.match(lastSummary(), /^3 schemas, 7 tools, /);
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.is(child!.exitCode, null, 'still watching');

  ws.write('schemas/providers/gamma/api.mjs', simpleSchema('gamma', 1));
  await waitFor('the fixed rebuild', () => /^3 schemas, 6 tools, 1 rebuilt, 2 cached,/.test(lastSummary()));
  await settled();
  await assertSameAsCleanBuild('after fixing');
});

test('Ctrl-C stops it with the exit code of the last build', async () => {
  const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
  child!.kill('SIGINT');
  assert.is(await exited, 0);
});

test.run();
