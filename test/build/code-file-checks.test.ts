/**
 * A bundle's code is compiled by its launcher as a script (runtime/code-cache.ts), which has no
 * module loader: the build refuses code that would need one (a dynamic `import()`, an `import.meta`
 * field other than `url`), naming the bundle, instead of writing a bundle that fails when run.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createBundler } from '../../compiler/build/bundle.ts';
import { rejects } from './support/rejects.ts';

const launcher = '// the x bundle\nexport const x = 1;\n';

async function built(code: string): Promise<{ code: string; launcher: string }> {
  const bundler = await createBundler(['x'], false);
  try {
    return (await bundler.build(new Map([['x', code]]), new Map(), [], new Map([['x', launcher]]))).get('x')!;
  } finally {
    await bundler.dispose();
  }
}

test('code that imports dynamically is refused, naming the bundle and the import', async () => {
  const error = (await rejects(() => built("export const later = () => import('node:fs');\n"))) as Error;
  assert.match(error.message, /the code of bundle x imports node:fs dynamically/);
});

test('code that reads import.meta beyond its url is refused', async () => {
  const error = (await rejects(() => built('export const dir = import.meta.dirname;\n'))) as Error;
  assert.match(error.message, /the code of bundle x reads import\.meta beyond its url/);
});

test("import.meta.url becomes the launcher's url, and the launcher keeps its header", async () => {
  const { code, launcher: written } = await built('export const here = import.meta.url;\n');
  assert.match(code, /__toolkitBundleUrl/);
  assert.not.match(code, /import\.meta/);
  assert.ok(written.startsWith('// the x bundle\n'), written.slice(0, 80));
});

test.run();
