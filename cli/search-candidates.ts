/**
 * Reads from a search index file only the entries a query can match, so `toolkit search` over
 * thousands of tools does not parse (and collect) every entry: the ranking itself is unchanged
 * (`searchTools` scores each entry on its own, so it ranks the candidates exactly as the whole index).
 *
 * A word of an entry can only equal or begin with a query term where the term's letters stand in
 * the file at the start of a word. Terms are letters and digits, so they appear in the JSON text as
 * they do in the strings; the file is the compact JSON the build writes (`{"version":1,"entries":[…]}`,
 * each entry an object starting `{"name":"`, no nested objects). Anything else (non-ASCII text, another
 * layout, a query that touches a quarter of the entries) is parsed whole, as before.
 */
import { readFileSync } from 'node:fs';
import { words } from '../runtime/search/rank.ts';
import { readSearchIndex, type SearchIndex } from '../runtime/search/search-index.ts';

const PREFIX = '{"version":1,"entries":[';
const ENTRY = '{"name":"';
const ASCII = /^[\x00-\x7f]*$/;

const isLower = (c: number): boolean => c >= 97 && c <= 122;
const isUpper = (c: number): boolean => c >= 65 && c <= 90;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isHex = (c: number): boolean => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);

/**
 * Whether a word can start at `i` of the JSON text: the boundaries of the search's word splitting
 * (start, after a character that is not a letter or digit, camelCase, the end of a capital run), and
 * after a JSON escape (`\n`, `\u0007`), which stands for a separator. A superset: never misses one.
 */
function wordStartAt(text: string, i: number): boolean {
  if (i === 0) return true;
  const before = text.charCodeAt(i - 1);
  if (!isLower(before) && !isUpper(before) && !isDigit(before)) return true;
  if (i >= 2 && text.charCodeAt(i - 2) === 92) return true;
  if (
    i >= 6 &&
    text.charCodeAt(i - 6) === 92 &&
    text.charCodeAt(i - 5) === 117 &&
    [4, 3, 2, 1].every((k) => isHex(text.charCodeAt(i - k)))
  )
    return true;
  const at = text.charCodeAt(i);
  if (isUpper(at) && (isLower(before) || isDigit(before))) return true;
  return isUpper(at) && isUpper(before) && isLower(text.charCodeAt(i + 1));
}

/** The index in `file` holding at least every entry `query` can match (all of them when reading less is not safe). */
export function readSearchCandidates(file: string, query: string): SearchIndex {
  const text = readFileSync(file, 'utf8');
  const whole = (): SearchIndex => readSearchIndex(JSON.parse(text));
  const end = text.trimEnd();
  if (!text.startsWith(PREFIX) || !end.endsWith(']}') || !ASCII.test(text)) return whole();
  const starts: number[] = [];
  for (let at = text.indexOf(ENTRY, PREFIX.length); at >= 0; at = text.indexOf(ENTRY, at + ENTRY.length))
    starts.push(at);
  // Terms with other characters cannot occur in ASCII text (lower-casing never makes them ASCII words).
  const terms = [...new Set(words(query))].filter((term) => ASCII.test(term));
  const candidates = new Set<number>();
  for (const term of terms) {
    const pattern = new RegExp(term, 'gi');
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      if (!wordStartAt(text, match.index)) continue;
      // The entry the match falls in: the last start at or before it.
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (starts[middle]! <= match.index) low = middle;
        else high = middle - 1;
      }
      if (starts.length > 0 && starts[low]! <= match.index) candidates.add(low);
    }
    if (candidates.size * 4 > starts.length) return whole();
  }
  const tail = end.length - 2;
  const entries = [...candidates]
    .sort((a, b) => a - b)
    .map((i) => JSON.parse(text.slice(starts[i]!, i + 1 < starts.length ? starts[i + 1]! - 1 : tail)) as unknown);
  return readSearchIndex({ version: 1, entries });
}
