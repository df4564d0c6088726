/**
 * The one-pass splitting of ASCII text gives exactly the words of the regular-expression splitting it
 * replaces, and the prefilter that skips entries never drops one the full ranking would score.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { searchTools, words } from '../../runtime/search/rank.ts';
import { buildSearchIndex, type SearchEntry } from '../../runtime/search/search-index.ts';

/** The reference: the original definition. */
const reference = (text: string): string[] =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);

test('known cases', () => {
  assert.equal(words('getBlockNumber'), ['get', 'block', 'number']);
  assert.equal(words('HTTPServer_v2 ABCDeFGh'), ['http', 'server', 'v2', 'abc', 'de', 'f', 'gh']);
  assert.equal(words('get_station_status_bikeshare'), ['get', 'station', 'status', 'bikeshare']);
  assert.equal(words('Zürich Straße'), reference('Zürich Straße'));
  assert.equal(words(''), []);
});

test('equal to the regular expressions on 20,000 random ASCII strings', () => {
  const alphabet = 'aAbBzZ09 _-.:/HTTPServerXMLhttp';
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let n = 0; n < 20_000; n++) {
    let text = '';
    const length = Math.floor(next() * 24);
    for (let i = 0; i < length; i++) text += alphabet[Math.floor(next() * alphabet.length)];
    assert.equal(words(text), reference(text), JSON.stringify(text));
  }
});

/** The ranking without any prefilter: every entry split into words and scored (the original algorithm). */
function referenceSearch(entries: readonly SearchEntry[], query: string): string[] {
  const weights = { tool: 6, namespace: 5, tags: 4, hints: 4, description: 1 };
  const fieldScore = (term: string, fieldWords: readonly string[]) => {
    let best = 0;
    for (const word of fieldWords) {
      if (word === term) return 1;
      if (best === 0 && term.length >= 2 && word.startsWith(term)) best = 0.5;
    }
    return best;
  };
  const terms = [...new Set(reference(query))];
  const hits: { name: string; score: number }[] = [];
  for (const entry of entries) {
    const fields = {
      tool: reference(entry.tool),
      namespace: reference(entry.namespace),
      tags: entry.tags.flatMap(reference),
      hints: entry.hints.flatMap(reference),
      description: reference(entry.description),
    };
    let score = 0;
    let matched = 0;
    for (const term of terms) {
      let termScore = 0;
      for (const field of Object.keys(weights) as (keyof typeof weights)[])
        termScore += weights[field] * fieldScore(term, fields[field]);
      if (termScore > 0) matched++;
      score += termScore;
    }
    if (matched > 0) hits.push({ name: entry.name, score: score * (matched / terms.length) });
  }
  return hits.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1)).map((h) => h.name);
}

test('the prefilter never drops an entry the full ranking scores (random entries and queries)', () => {
  const vocabulary = [
    'getBlockNumber',
    'HTTPServer',
    'rate',
    'generated',
    'Straße',
    'İstanbul',
    'weather_forecast',
    'x2Y',
    'ABCDef',
    'station',
    'cafe',
    'café',
    'K\u212Aelvin',
  ];
  let seed = 11;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = () => vocabulary[Math.floor(next() * vocabulary.length)]!;
  const phrase = (n: number) =>
    Array.from({ length: n }, () => (next() < 0.3 ? pick().slice(0, 1 + Math.floor(next() * 5)) : pick())).join(
      next() < 0.5 ? ' ' : '-',
    );
  const entries: SearchEntry[] = Array.from({ length: 300 }, (_, i) => ({
    name: `tool_${i}`,
    namespace: phrase(1).toLowerCase(),
    tool: phrase(2).replace(/[^A-Za-z0-9]/g, ''),
    description: phrase(6),
    tags: [phrase(1)],
    hints: [phrase(2)],
  }));
  const index = buildSearchIndex(entries);
  for (let q = 0; q < 300; q++) {
    const query = phrase(1 + Math.floor(next() * 2));
    assert.equal(
      searchTools(index, query, Number.MAX_SAFE_INTEGER).map((h) => h.entry.name),
      referenceSearch(entries, query),
      query,
    );
  }
});

test.run();
