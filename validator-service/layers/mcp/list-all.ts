/**
 * Follows `nextCursor` through a paginated MCP list, with a page bound and loop detection, because
 * a server under test may return endless or repeating cursors.
 */

export interface ListOutcome<T> {
  readonly items: readonly T[];
  readonly pages: number;
  /** Error message of the first page that failed, or null. */
  readonly error: string | null;
  /** True when the page bound stopped the listing while the server still had more. */
  readonly truncated: boolean;
  /** True when the server handed back a cursor it had already given. */
  readonly repeatedCursor: boolean;
}

export type PageFetcher<T> = (cursor: string | undefined) => Promise<{ readonly items: readonly T[]; readonly nextCursor?: string | undefined }>;

/** Lists every page (at most `maxPages`). Never throws. */
export async function listAll<T>(fetchPage: PageFetcher<T>, maxPages = 20): Promise<ListOutcome<T>> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 0; ; ) {
    let page: Awaited<ReturnType<PageFetcher<T>>>;
    try {
      page = await fetchPage(cursor);
    } catch (error) {
      return { items, pages, error: error instanceof Error ? error.message : String(error), truncated: false, repeatedCursor: false };
    }
    pages += 1;
    items.push(...page.items);
    const next = page.nextCursor;
    if (next === undefined || next === null) return { items, pages, error: null, truncated: false, repeatedCursor: false };
    if (seen.has(next)) return { items, pages, error: null, truncated: false, repeatedCursor: true };
    if (pages >= maxPages) return { items, pages, error: null, truncated: true, repeatedCursor: false };
    seen.add(next);
    cursor = next;
  }
}
