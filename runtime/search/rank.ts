/**
 * Ranks search entries against a free-text query. Words are matched over the tool name, namespace,
 * tags, hints and description, weighted in that order; a word that only starts a field word counts
 * half. Entries that match no query word are dropped; ties break by wire name, so results are stable.
 */
import type { SearchEntry, SearchIndex } from './search-index.ts';

export interface SearchHit {
  readonly entry: SearchEntry;
  readonly score: number;
}

export const DEFAULT_SEARCH_LIMIT = 10;

const WEIGHTS = { tool: 6, namespace: 5, tags: 4, hints: 4, description: 1 } as const;
type Field = keyof typeof WEIGHTS;

/** Lower-case words of a text, camelCase and snake_case split: `getBlockNumber` → get, block, number. */
export function words(text: string): string[] {
  return asciiWords(text) ?? unicodeWords(text);
}

function unicodeWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])(?=[A-Z][a-z])/g, '$1 ')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

const isLower = (c: number): boolean => c >= 97 && c <= 122;
const isUpper = (c: number): boolean => c >= 65 && c <= 90;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/**
 * The same words for an ASCII text in one pass (five times faster than the regular expressions,
 * which matters when a search splits thousands of descriptions); undefined for any other text. A
 * word ends at a character that is not a letter or digit, before an upper-case letter that follows a
 * lower-case letter or digit (`getBlock`), and before the last capital of a run followed by a
 * lower-case letter (`HTTPServer` → HTTP, Server).
 */
function asciiWords(text: string): string[] | undefined {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 127) return undefined;
    const letterOrDigit = isLower(c) || isUpper(c) || isDigit(c);
    if (!letterOrDigit) {
      if (start >= 0) out.push(text.slice(start, i).toLowerCase());
      start = -1;
      continue;
    }
    if (start >= 0 && isUpper(c)) {
      const before = text.charCodeAt(i - 1);
      const after = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (isLower(before) || isDigit(before) || (isUpper(before) && isLower(after))) {
        out.push(text.slice(start, i).toLowerCase());
        start = i;
      }
    }
    if (start < 0) start = i;
  }
  if (start >= 0) out.push(text.slice(start).toLowerCase());
  return out;
}

interface Prepared {
  readonly fields: Readonly<Record<Field, readonly string[]>>;
}

/**
 * Each entry's words, made on first need and kept. An entry can only match a term whose text it
 * holds (every word is a piece of its lower-cased text), so a search splits into words only the
 * entries that pass that cheap test: over thousands of tools, a query touches a few of them.
 */
const prepared = new WeakMap<SearchEntry, Prepared>();

function prepare(entry: SearchEntry): Prepared {
  let found = prepared.get(entry);
  if (!found) {
    found = {
      fields: {
        tool: words(entry.tool),
        namespace: words(entry.namespace),
        tags: entry.tags.flatMap(words),
        hints: entry.hints.flatMap(words),
        description: words(entry.description),
      },
    };
    prepared.set(entry, found);
  }
  return found;
}

const ASCII = /^[\x00-\x7f]*$/;

/**
 * The pattern of an ASCII term where `words` would start a word (`asciiWords`' boundaries: the
 * start, after a character that is not a letter or digit, a capital after a lower-case letter or
 * digit, the last capital of a run before a lower-case letter), in any case: a word can only equal
 * or begin with the term where the pattern matches.
 */
function wordStartPattern(term: string): RegExp {
  const letters = [...term].map((c) => (/[a-z]/.test(c) ? `[${c}${c.toUpperCase()}]` : c)).join('');
  return new RegExp(`(?:^|(?<=[^A-Za-z0-9])|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z]))${letters}`);
}

/** An ASCII term's patterns: anywhere in any case (a fast scan first), then only where a word starts. */
interface TermPatterns {
  readonly anywhere: RegExp;
  readonly wordStart: RegExp;
}

/**
 * Whether any term can start a word of one of the entry's fields: the test `prepare` must pass to
 * matter. ASCII fields (nearly all) are tested with a pattern per term, which allocates nothing;
 * others are lower-cased as `words` lower-cases them and searched for the term anywhere.
 */
function mayMatch(
  entry: SearchEntry,
  terms: readonly string[],
  patterns: readonly (TermPatterns | undefined)[],
): boolean {
  const test = (field: string): boolean => {
    if (ASCII.test(field))
      return patterns.some((p) => p !== undefined && p.anywhere.test(field) && p.wordStart.test(field));
    const lower = field.toLowerCase();
    return terms.some((term) => lower.includes(term));
  };
  return (
    test(entry.tool) ||
    test(entry.namespace) ||
    test(entry.description) ||
    entry.tags.some(test) ||
    entry.hints.some(test)
  );
}

function fieldScore(query: string, fieldWords: readonly string[]): number {
  let best = 0;
  for (const word of fieldWords) {
    if (word === query) return 1;
    if (best === 0 && query.length >= 2 && word.startsWith(query)) best = 0.5;
  }
  return best;
}

/** The best `limit` entries for the query, best first. An empty query finds nothing. */
export function searchTools(index: SearchIndex, query: string, limit = DEFAULT_SEARCH_LIMIT): SearchHit[] {
  const terms = [...new Set(words(query))];
  if (terms.length === 0 || limit <= 0) return [];
  const hits: SearchHit[] = [];
  // Terms are lower-case letters and digits; a term with other characters cannot occur in ASCII text.
  const patterns = terms.map((term): TermPatterns | undefined =>
    ASCII.test(term) ? { anywhere: new RegExp(term, 'i'), wordStart: wordStartPattern(term) } : undefined,
  );
  for (const entry of index.entries) {
    if (!mayMatch(entry, terms, patterns)) continue;
    const { fields } = prepare(entry);
    let score = 0;
    let matched = 0;
    for (const term of terms) {
      let termScore = 0;
      for (const field of Object.keys(WEIGHTS) as Field[])
        termScore += WEIGHTS[field] * fieldScore(term, fields[field]);
      if (termScore > 0) matched++;
      score += termScore;
    }
    if (matched === 0) continue;
    // Entries that match every word of the query rank above those that match some.
    score *= matched / terms.length;
    hits.push({ entry, score });
  }
  hits.sort((a, b) => b.score - a.score || (a.entry.name < b.entry.name ? -1 : a.entry.name > b.entry.name ? 1 : 0));
  return hits.slice(0, limit);
}
