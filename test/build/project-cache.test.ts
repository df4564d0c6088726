/**
 * `toolkit build` takes the schemas its own caches miss from the project's validation cache
 * (`.toolkit/cache`, shared with `toolkit validate`): a build into a new output directory gives the
 * same bytes as the first, from the cache; `--force` reads none of it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { buildCatalog } from '../../compiler/build/build-catalog.ts';
import { simpleSchema } from './support/schema-files.ts';
import { readTree } from './support/tree.ts';
import { createWorkspace } from './support/workspace.ts';

const ws = createWorkspace('project-cache');
test.after(() => ws.remove());
// A project: it has a `.toolkit/` (a directory without one gets no cache).
mkdirSync(ws.path('.toolkit'));

const build = (out: string, force = false) =>
  buildCatalog({ schemasDir: ws.schemasDir, outDir: ws.path(out), projectDir: ws.dir, force });

/** Rewrites the cached entries' text (each line re-signed, as a cache this user wrote would be). */
function editCache(from: string, to: string): number {
  const file = ws.path('.toolkit', 'cache', 'validation.jsonl');
  let edited = 0;
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => {
      if (!line.includes(from)) return line;
      edited++;
      const [key, slot] = line.split(' ');
      const json = line.slice(195).split(from).join(to);
      return `${key} ${slot} ${createHash('sha256').update(json).digest('hex')} ${json}`;
    });
  writeFileSync(file, lines.join('\n'));
  return edited;
}

test('a build into a new directory takes unchanged schemas from the project cache, byte-identical', async () => {
  ws.write('schemas/providers/alpha/api.mjs', simpleSchema('alpha', 2));
  ws.write('schemas/providers/beta/api.mjs', simpleSchema('beta', 2));
  const first = await build('out1');
  assert.ok(first.ok, first.problems.join('\n'));
  const second = await build('out2');
  assert.ok(second.ok, second.problems.join('\n'));
  assert.equal(readTree(ws.path('out2')), readTree(ws.path('out1')));
});

test('the project cache is what answered; --force reads none of it', async () => {
  assert.is(editCache('Item 1 of alpha.', 'Item 1 of ALPHA.'), 1);
  const cached = await build('out3');
  assert.ok(cached.ok, cached.problems.join('\n'));
  assert.ok(readFileSync(ws.path('out3', 'catalog.data.jsonl'), 'utf8').includes('Item 1 of ALPHA.'));
  const forced = await build('out4', true);
  assert.ok(forced.ok, forced.problems.join('\n'));
  const data = readFileSync(ws.path('out4', 'catalog.data.jsonl'), 'utf8');
  assert.ok(data.includes('Item 1 of alpha.') && !data.includes('Item 1 of ALPHA.'));
  assert.equal(readTree(ws.path('out4')), readTree(ws.path('out1')));
});

test('a directory that is not a project gets no cache', async () => {
  const bare = createWorkspace('project-cache-bare');
  try {
    bare.write('schemas/providers/alpha/api.mjs', simpleSchema('alpha', 1));
    const report = await buildCatalog({ schemasDir: bare.schemasDir, outDir: bare.path('out'), projectDir: bare.dir });
    assert.ok(report.ok, report.problems.join('\n'));
    assert.not.ok(existsSync(bare.path('.toolkit')));
  } finally {
    bare.remove();
  }
});

test.run();
