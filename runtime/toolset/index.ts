export {
  CALL_TOOL,
  createToolset,
  DESCRIBE_TOOL,
  MAX_DESCRIBED_DESCRIPTION,
  MAX_HIT_DESCRIPTION,
  MAX_SEARCH_LIMIT,
  SEARCH_TOOLS,
  toolsetInstructions,
  toolsetListing,
} from './meta-tools.ts';
export { searchIndexOf } from './search-entries.ts';
export { listingBytesOf, TOOLSET_THRESHOLD_BYTES, useToolset, type ToolsetChoice } from './toolset-mode.ts';
