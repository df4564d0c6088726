/**
 * When a server lists its tools as they are and when it offers the toolset instead: clients drop or
 * truncate tool lists past roughly 50–70 KB, so above `TOOLSET_THRESHOLD_BYTES` of plain listing the
 * toolset is the default. `--toolset` and `--no-toolset` decide it either way.
 */

/**
 * Plain listings (the `tools/list` JSON text) larger than this are served as the toolset by default; `toolkit build`
 * warns past it.
 */
export const TOOLSET_THRESHOLD_BYTES = 50 * 1024;

/** `on` / `off` from a flag; `auto` decides by the listing's size. */
export type ToolsetChoice = 'on' | 'off' | 'auto';

/** True when the toolset is served. */
export function useToolset(choice: ToolsetChoice, listingBytes: number): boolean {
  return choice === 'on' || (choice === 'auto' && listingBytes > TOOLSET_THRESHOLD_BYTES);
}

/** The size of a listing as a client receives it (UTF-8 bytes of its JSON). */
export const listingBytesOf = (listing: readonly unknown[]): number => Buffer.byteLength(JSON.stringify(listing));
