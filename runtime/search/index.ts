export { buildSearchIndex, readSearchIndex, type SearchEntry, type SearchIndex } from './search-index.ts';
export { DEFAULT_SEARCH_LIMIT, searchTools, words, type SearchHit } from './rank.ts';
