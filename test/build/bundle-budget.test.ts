/**
 * Byte budget of what a bundle carries besides the schemas: the runtime stays small, and nothing
 * of the compiler (ts-morph, typescript) or of ajv ends up in it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gzipSync } from 'node:zlib';
import { bundle } from '../../compiler/build/bundle.ts';
import { emitBundleEntry } from '../../compiler/emit/bundle-entry.ts';

const entry = emitBundleEntry('budget', [], '0');

test('a bundle has no compiler, TypeScript or ajv in it', async () => {
  const { metafile } = await bundle({ entry, modules: new Map(), minify: true });
  const inputs = Object.keys(metafile.outputs['out/bundle.mjs']!.inputs);
  assert.ok(
    inputs.some((path) => path.startsWith('runtime/')),
    'the runtime is bundled',
  );
  assert.ok(
    inputs.some((path) => path.includes('@modelcontextprotocol/server/')),
    'the v2 SDK server is bundled',
  );
  assert.equal(
    inputs.filter((path) => path.includes('@modelcontextprotocol/sdk/')),
    [],
    'nothing of the v1 SDK',
  );
  assert.equal(
    inputs.filter((path) => path.includes('@modelcontextprotocol/client/')),
    [],
    'nothing of the SDK client',
  );
  for (const banned of ['compiler/', 'ts-morph', 'typescript', '/ajv/', 'ajv-formats', 'ajvProvider', 'esbuild']) {
    assert.equal(
      inputs.filter((path) => path.includes(banned)),
      [],
      `${banned} must not be bundled (ajv: the SDK's shims are replaced by templates/sdk-shims.ts)`,
    );
  }
});

test('the runtime without the SDK stays under 150 KB gzip', async () => {
  const { code, metafile } = await bundle({
    entry,
    modules: new Map(),
    external: ['@modelcontextprotocol/server', '@modelcontextprotocol/core'],
    minify: true,
  });
  assert.equal(
    Object.keys(metafile.inputs).filter((path) => path.includes('@modelcontextprotocol/')),
    [],
    'the SDK is left out',
  );
  assert.match(code, /from\s*["']@modelcontextprotocol\/server["']/);
  const gzip = gzipSync(code, { level: 9 }).length;
  assert.ok(gzip < 150 * 1024, `runtime + zod is ${gzip} bytes gzip`);
});

// 224 KB since skills, completions, selections, discovery, grants and code mode joined the runtime (206 KB measured).
test('the runtime with the SDK and zod stays under 224 KB gzip', async () => {
  const { code } = await bundle({ entry, modules: new Map(), minify: true });
  const gzip = gzipSync(code, { level: 9 }).length;
  assert.ok(gzip < 224 * 1024, `bundle is ${gzip} bytes gzip`);
});

test.run();
