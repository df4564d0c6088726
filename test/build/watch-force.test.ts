/** `build --watch --force`: only the first build re-analyses every schema; rebuilds after a change use the cache. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PassThrough } from 'node:stream';
import { watchBuild } from '../../compiler/build/watch-build.ts';
import type { BuildCommandOptions } from '../../compiler/build/run-build-command.ts';
import { createWorkspace } from './support/workspace.ts';

const ws = createWorkspace('watch-force');
test.after(() => ws.remove());

test('forces the first build only', async () => {
  ws.write('schemas/a.mjs', 'export const main = {};\n');
  const forced: (boolean | undefined)[] = [];
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const options: BuildCommandOptions = {
    schemasDir: ws.path('schemas'),
    outDir: ws.path('out'),
    projectDir: ws.dir,
    force: true,
    watch: true,
  };
  const io = { stdout: new PassThrough(), stderr: new PassThrough(), tty: false, stop: stopped };
  const done = watchBuild(options, io, async (opts) => {
    forced.push(opts.force);
    return 0;
  });
  const waitFor = async (n: number) => {
    const started = Date.now();
    while (forced.length < n) {
      if (Date.now() - started > 20_000) throw new Error(`waited for build ${n}; saw ${forced.length}`);
      ws.write('schemas/a.mjs', `export const main = {}; // ${Date.now()}\n`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  await waitFor(1);
  await waitFor(3);
  stop();
  assert.is(await done, 0);
  assert.is(forced[0], true);
  assert.ok(
    forced.slice(1).every((force) => force === false),
    `rebuilds forced: ${JSON.stringify(forced)}`,
  );
});

test.run();
