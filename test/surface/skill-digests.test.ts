/**
 * A skill's digests, and the bundle's hash, change exactly when the skill's bytes do: rebuilding
 * unchanged schemas gives the same bytes; changing one file of a skill's folder changes that file's
 * digest and the bundle's data hash, and nothing of the other skill; changing a skill's text
 * changes its SKILL.md digest. Every build is incremental, as `toolkit build` runs in a project.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { buildWorkspace } from '../build/support/run-cli.ts';
import { createWorkspace } from '../build/support/workspace.ts';
import { connectV2 } from '../support/surface-clients.ts';
import { SKILL_TEXT, surfaceCatalog } from '../support/surface-catalog.ts';

const ws = createWorkspace('surface-digests');
type Digests = Record<string, string>;

/** Every skill file's digest as the built bundle serves it, by URI. */
async function servedDigests(): Promise<Digests> {
  const client = await connectV2('modern', {
    stdio: {
      command: process.execPath,
      args: [ws.path('out', 'catalog.mjs')],
      env: { ...(process.env as Record<string, string>), HOME: ws.path('home') },
    },
  });
  try {
    const { skills } = await new SkillsClient(client).list();
    return Object.fromEntries(
      skills.flatMap((skill) =>
        (skill.resources as { uri: string; digest: string }[]).map((file) => [file.uri, file.digest]),
      ),
    );
  } finally {
    await client.close();
  }
}

async function build(): Promise<{ manifest: string; dataSha256: string; digests: Digests }> {
  const run = await buildWorkspace(ws.dir);
  assert.is(run.code, 0, run.stdout + run.stderr);
  const manifest = readFileSync(ws.path('out', 'manifest.json'), 'utf8');
  const bundle = (JSON.parse(manifest) as { bundles: { name: string; dataSha256: string }[] }).bundles.find(
    (b) => b.name === 'catalog',
  )!;
  return { manifest, dataSha256: bundle.dataSha256, digests: await servedDigests() };
}

const changed = (a: Digests, b: Digests): string[] =>
  Object.keys({ ...a, ...b })
    .filter((uri) => a[uri] !== b[uri])
    .sort();

test.after(() => ws.remove());

test('digests and the bundle hash follow the skills bytes, and nothing else', async () => {
  for (const [path, contents] of Object.entries(surfaceCatalog('https://127.0.0.1:9')))
    ws.write(path, contents as string);
  const first = await build();
  assert.is(Object.keys(first.digests).length, 4);

  const again = await build();
  assert.is(again.manifest, first.manifest, 'an unchanged rebuild writes the same manifest');
  assert.equal(again.digests, first.digests);

  ws.write(
    'schemas/providers/library/skills/item-lookup/references/fields.md',
    '# Item fields\n\n- id: catalogue id\n- title, author, genre, year\n',
  );
  const file = await build();
  assert.equal(changed(first.digests, file.digests), ['skill://library/item-lookup/references/fields.md']);
  assert.is.not(file.dataSha256, first.dataSha256);

  const text = surfaceCatalog('https://127.0.0.1:9', `${SKILL_TEXT}\nAnswer in one paragraph.`)[
    'schemas/providers/library/skills/item-lookup.mjs'
  ] as string;
  ws.write('schemas/providers/library/skills/item-lookup.mjs', text);
  const skill = await build();
  assert.equal(changed(file.digests, skill.digests), ['skill://library/item-lookup/SKILL.md']);
  assert.is.not(skill.dataSha256, file.dataSha256);
});

test.run();
