/**
 * Reading only the entries a query can match gives exactly the results of ranking the whole index:
 * random entries with camelCase, acronyms, JSON escapes (newlines, quotes, control characters) and a
 * thousand queries; and files it must not take apart (non-ASCII text, pretty-printed) are read whole.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSearchCandidates } from '../../cli/search-candidates.ts';
import { searchCatalog } from '../../cli/search-results.ts';
import { buildSearchIndex, readSearchIndex, type SearchEntry } from '../../runtime/search/search-index.ts';

const dir = mkdtempSync(join(tmpdir(), 'search-candidates-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const vocabulary = [
  'getBlockNumber',
  'HTTPServer',
  'rate',
  'generated',
  'weather',
  'Forecast',
  'x2Y',
  'ABCDef',
  'station',
  'quote\"d',
  'back\\\\slash',
  'line\nbreak',
  'tab\there',
  'bell\u0007rate',
  'price',
  'API',
  'nRate',
  'uRate',
];
let seed = 5;
const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
// Many distinct words besides the tricky ones, so that most queries touch few entries.
const syllables = ['ka', 'lo', 'mi', 'tre', 'vo', 'sun', 'dar', 'pel', 'qu', 'zo'];
for (let i = 100; i < 400; i++) vocabulary.push(`x${[...String(i)].map((d) => syllables[Number(d)]).join('')}`);
const pick = () => vocabulary[Math.floor(next() * vocabulary.length)]!;
const phrase = (n: number) =>
  Array.from({ length: n }, () => (next() < 0.25 ? pick().slice(0, 1 + Math.floor(next() * 4)) : pick())).join(
    next() < 0.5 ? ' ' : '_',
  );

function entries(count: number, extra = ''): SearchEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `tool_${i}`,
    namespace:
      phrase(1)
        .replace(/[^a-z]/gi, '')
        .toLowerCase() || 'ns',
    tool: phrase(2).replace(/[^A-Za-z0-9]/g, '') || 'tool',
    description: phrase(8) + extra,
    tags: [phrase(1)],
    hints: [phrase(2)],
  }));
}

function write(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

test('candidates rank exactly as the whole index, for a thousand queries', () => {
  const index = buildSearchIndex(entries(400));
  const file = write('compact.json', `${JSON.stringify(index)}\n`);
  const full = readSearchIndex(JSON.parse(JSON.stringify(index)));
  for (let q = 0; q < 1000; q++) {
    const query = phrase(1 + Math.floor(next() * 2));
    assert.equal(searchCatalog(readSearchCandidates(file, query), query), searchCatalog(full, query), query);
  }
  // A query of one whole word touches few entries: only those are read.
  let partial = 0;
  for (const word of vocabulary.slice(-100)) {
    const candidates = readSearchCandidates(file, word);
    if (candidates.entries.length < full.entries.length / 4) partial++;
    assert.equal(searchCatalog(candidates, word), searchCatalog(full, word), word);
  }
  assert.ok(partial > 80, `the reader took entries apart for ${partial} of 100 one-word queries`);
});

test('non-ASCII text and other layouts are read whole, with the same results', () => {
  const list = entries(60, ' café Zürich');
  const nonAscii = write('non-ascii.json', JSON.stringify(buildSearchIndex(list)));
  const pretty = write('pretty.json', JSON.stringify(buildSearchIndex(list), null, 2));
  const full = buildSearchIndex(list);
  for (const file of [nonAscii, pretty]) {
    assert.is(readSearchCandidates(file, 'weather').entries.length, list.length);
    for (const query of ['weather', 'zürich', 'block number', 'rate'])
      assert.equal(searchCatalog(readSearchCandidates(file, query), query), searchCatalog(full, query));
  }
});

test.run();
