/**
 * `toolkit build` starts from a cached esbuild bundle of the CLI's sources: it must behave as the
 * sources do (`import.meta` names the source file), notice any edited source, and give way to tsx
 * (by returning nothing) when the sources do not bundle.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createWorkspace } from './support/workspace.ts';

type Main = (argv: string[]) => Promise<unknown>;
type BundledMain = (root?: string, cacheDir?: string) => Promise<Main | undefined>;
interface ExportOptions {
  root: string;
  cacheDir: string;
  entry: string;
  name: string;
  exportName: string;
  readSource?: (path: string) => Buffer;
}
const { bundledMain, bundledExport } = (await import('../../cli/bundled-sources.mjs' as string)) as {
  bundledMain: BundledMain;
  bundledExport: (options: ExportOptions) => Promise<Main | undefined>;
};

const ws = createWorkspace('bundled-cli');
test.after(() => ws.remove());
const cacheDir = ws.path('cache');
const stamp = () =>
  JSON.parse(readFileSync(join(cacheDir, 'cli-stamp.json'), 'utf8')) as { dir: string; inputs: Record<string, string> };

const writeSources = (answer: number) => {
  ws.write(
    'cli/answer.ts',
    `export const answer: number = ${answer};\nexport const where: string = import.meta.dirname;\n`,
  );
  ws.write(
    'cli/main.ts',
    `import { answer, where } from './answer.ts';\nexport async function main(argv: string[]) {\n  return { answer: ` +
      `answer + argv.length, where, file: import.meta.filename };\n}\n`,
  );
};

test('the bundle runs like the sources, with import.meta naming each source file', async () => {
  writeSources(40);
  const main = await bundledMain(ws.dir, cacheDir);
  assert.ok(main, 'a bundle was made');
  assert.equal(await main(['a', 'b']), { answer: 42, where: ws.path('cli'), file: ws.path('cli', 'main.ts') });
  assert.equal(Object.keys(stamp().inputs), ['cli/answer.ts', 'cli/main.ts']);
});

test('an unchanged tree reuses the bundle; an edited source makes a new one', async () => {
  const before = stamp().dir;
  const stampTime = statSync(join(cacheDir, 'cli-stamp.json')).mtimeMs;
  const again = await bundledMain(ws.dir, cacheDir);
  assert.equal(await again!([]), { answer: 40, where: ws.path('cli'), file: ws.path('cli', 'main.ts') });
  assert.is(statSync(join(cacheDir, 'cli-stamp.json')).mtimeMs, stampTime, 'the stamp was not rewritten');

  writeSources(50);
  const edited = await bundledMain(ws.dir, cacheDir);
  assert.equal(await edited!([]), { answer: 50, where: ws.path('cli'), file: ws.path('cli', 'main.ts') });
  assert.is.not(stamp().dir, before);
});

test('a source edited while the bundle is being made is noticed by the next start', async () => {
  writeSources(60);
  let edited = false;
  // The edit lands after the bundler read the file and before the bundle is stamped.
  const readSource = (path: string): Buffer => {
    const text = readFileSync(path);
    if (path.endsWith('answer.ts') && !edited) {
      edited = true;
      ws.write(
        'cli/answer.ts',
        'export const answer: number = 700;\nexport const where: string = import.meta.dirname;\n',
      );
    }
    return text;
  };
  const during = await bundledExport({
    root: ws.dir,
    cacheDir,
    entry: 'cli/main.ts',
    name: 'cli',
    exportName: 'main',
    readSource,
  });
  assert.ok(edited);
  assert.is(((await during!([])) as { answer: number }).answer, 60);
  const next = await bundledMain(ws.dir, cacheDir);
  assert.is(((await next!([])) as { answer: number }).answer, 700);
});

test('sources that do not bundle give no main, so the CLI falls back to tsx', async () => {
  ws.write('cli/answer.ts', 'export const answer: number = ;\n');
  assert.is(await bundledMain(ws.dir, cacheDir), undefined);
});

test.run();
