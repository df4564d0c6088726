/**
 * Follows `nextCursor` through a paginated MCP list, with a page bound and loop detection, because
 * a server under test may return endless or repeating cursors.
 */

export interface ListOutcome<T> {
  readonly items: readonly T[];
  readonly pages: number;
  /** Error message of the first page that failed, or null. */
  readonly error: string | null;
  /** True when the page or item bound stopped the listing while the server still had more. */
  readonly truncated: boolean;
  /** True when the server handed back a cursor it had already given. */
  readonly repeatedCursor: boolean;
}

export type PageFetcher<T> = (
  cursor: string | undefined,
) => Promise<{ readonly items: readonly T[]; readonly nextCursor?: string | undefined }>;

/**
 * Items kept per list. Far above any real server's listing, and what bounds the assessment's size:
 * a page can hold tens of thousands of items, and every item is kept and reported.
 */
export const MAX_LIST_ITEMS = 1000;

/** Lists every page (at most `maxPages`, at most `maxItems` items). Never throws. */
export async function listAll<T>(
  fetchPage: PageFetcher<T>,
  maxPages = 20,
  maxItems = MAX_LIST_ITEMS,
): Promise<ListOutcome<T>> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 0; ; ) {
    let page: Awaited<ReturnType<PageFetcher<T>>>;
    try {
      page = await fetchPage(cursor);
    } catch (error) {
      return {
        items,
        pages,
        error: error instanceof Error ? error.message : String(error),
        truncated: false,
        repeatedCursor: false,
      };
    }
    pages += 1;
    const taken = page.items.slice(0, maxItems - items.length);
    items.push(...taken);
    const next = page.nextCursor;
    const more = next !== undefined && next !== null;
    if (taken.length < page.items.length || (items.length >= maxItems && more)) {
      return { items, pages, error: null, truncated: true, repeatedCursor: false };
    }
    if (next === undefined || next === null)
      return { items, pages, error: null, truncated: false, repeatedCursor: false };
    if (seen.has(next)) return { items, pages, error: null, truncated: false, repeatedCursor: true };
    if (pages >= maxPages) return { items, pages, error: null, truncated: true, repeatedCursor: false };
    seen.add(next);
    cursor = next;
  }
}
