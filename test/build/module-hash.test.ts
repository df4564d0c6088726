/**
 * Every analysed schema carries the sha256 of its module (computed once, when emitted, or taken from
 * the manifest it was verified against), and the manifest records exactly that hash.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { analyseSchemas } from '../../compiler/build/analyse-schemas.ts';
import { buildCatalog } from '../../compiler/build/build-catalog.ts';
import { discoverSchemas } from '../../compiler/build/discover-schemas.ts';
import { readManifest } from '../../compiler/build/manifest.ts';
import { frontEndLoader } from '../../compiler/build/schema-loader.ts';
import { keyInputs } from '../../compiler/build/source-key.ts';
import { sha256 } from '../../runtime/hash.ts';
import { simpleSchema } from './support/schema-files.ts';
import { createWorkspace } from './support/workspace.ts';

const ws = createWorkspace('module-hash');
test.after(() => ws.remove());

test('fresh and cached records carry their module hash; the manifest records it', async () => {
  ws.write('schemas/providers/alpha/api.mjs', simpleSchema('alpha', 2));
  const loader = await frontEndLoader();
  const schemasDir = ws.path('schemas');
  const analyse = async (previous: ReturnType<typeof readManifest>) => {
    const discovery = discoverSchemas(schemasDir);
    return analyseSchemas({
      sources: discovery.sources,
      keyInputs: keyInputs(schemasDir, [], discovery),
      schemasDirAsGiven: schemasDir,
      projectDir: ws.dir,
      outDir: ws.path('out'),
      previous,
      loader,
    });
  };
  const fresh = (await analyse(undefined)).analysed[0]!;
  assert.ok(fresh.fresh);
  assert.is(fresh.moduleSha256, sha256(fresh.emitted.text));

  await buildCatalog({ schemasDir, outDir: ws.path('out'), projectDir: ws.dir, loader });
  const manifest = readManifest(ws.path('out'))!;
  assert.is(manifest.schemas[0]!.moduleSha256, fresh.moduleSha256);
  assert.is(sha256(readFileSync(ws.path('out', manifest.schemas[0]!.integrity.module), 'utf8')), fresh.moduleSha256);

  const cached = (await analyse(manifest)).analysed[0]!;
  assert.not.ok(cached.fresh);
  assert.ok(cached.unchangedOnDisk);
  assert.is(cached.moduleSha256, fresh.moduleSha256);
});

test.run();
