/**
 * How a server lists its catalog: `tools` (every tool), `toolset` (search_tools / describe_tool /
 * call_tool), `code` (search_api / run_program) or `tools+code` (every tool and the two code-mode
 * tools). Every mode serves from the same build; unlisted tools stay callable by name. Without a
 * choice the listing's size decides between `tools` and `toolset`, as it always has.
 */
import { useToolset } from '../toolset/toolset-mode.ts';

export const LISTING_MODES = ['tools', 'toolset', 'code', 'tools+code'] as const;
export type ListingMode = (typeof LISTING_MODES)[number];

export const isListingMode = (text: string): text is ListingMode => (LISTING_MODES as readonly string[]).includes(text);

/** The mode served: the one asked for, else `toolset` past the size threshold, else `tools`. */
export function chooseListingMode(asked: ListingMode | undefined, listingBytes: number): ListingMode {
  return asked ?? (useToolset('auto', listingBytes) ? 'toolset' : 'tools');
}

/** Whether a mode lists the two code-mode tools. */
export const servesCode = (mode: ListingMode): boolean => mode === 'code' || mode === 'tools+code';
