/**
 * Tool names on the wire: `snake(tool)_snake(namespace)`, at most 64 characters (the cap of Claude
 * Desktop and OpenAI). Collisions, including those made by the cap, are resolved with a short hash
 * suffix computed from the tool's identity, so the result does not depend on load order.
 */
import { createHash } from 'node:crypto';

/** Longest tool name the common MCP clients accept. */
export const MAX_WIRE_NAME = 64;

const HASH_CHARS = 6;

/** `getBlockNumber` → `get_block_number`; `get:balance/of` → `getbalance_of` (prior-art compatible). */
export function snake(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/:/g, '')
    .replace(/[^a-z0-9_]/g, '_');
}

/** The wire name of one tool, without regard to other tools: `snake(tool)_snake(namespace)`, capped. */
export function wireName(namespace: string, toolName: string): string {
  return `${snake(toolName)}_${snake(namespace)}`.slice(0, MAX_WIRE_NAME);
}

/** One tool to name; `source` (e.g. the schema file) separates two schemas with the same namespace. */
export interface WireNameEntry {
  readonly namespace: string;
  readonly toolName: string;
  readonly source?: string;
}

const shortHash = (text: string, length: number): string => createHash('sha256').update(text).digest('hex').slice(0, length);

const withSuffix = (base: string, suffix: string): string => `${base.slice(0, MAX_WIRE_NAME - suffix.length - 1)}_${suffix}`;

/**
 * Names for a whole set, in input order. A name shared by several entries is given to none of them:
 * each gets `<base cut to fit>_<6 hex of sha256(namespace/tool@source)>`, so every name still fits in
 * 64 characters and adding a schema never depends on the order schemas were loaded in.
 */
export function assignWireNames(entries: readonly WireNameEntry[]): string[] {
  const bases = entries.map((entry) => wireName(entry.namespace, entry.toolName));
  const counts = new Map<string, number>();
  for (const base of bases) counts.set(base, (counts.get(base) ?? 0) + 1);
  const taken = new Set(bases.filter((base) => counts.get(base) === 1));
  // Order of identities, so exact duplicates are numbered the same way whatever the input order.
  const identities = entries.map((e) => `${e.namespace}/${e.toolName}@${e.source ?? ''}`);
  const seen = new Map<string, number>();
  const sortedIndex = identities.map((id, index) => ({ id, index })).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.index - b.index));
  const ordinal = new Array<number>(entries.length).fill(0);
  for (const { id, index } of sortedIndex) {
    const n = seen.get(id) ?? 0;
    ordinal[index] = n;
    seen.set(id, n + 1);
  }
  return bases.map((base, index) => {
    if (counts.get(base) === 1) return base;
    const identity = ordinal[index] ? `${identities[index]}#${ordinal[index]}` : identities[index]!;
    for (let length = HASH_CHARS; ; length += 2) {
      const candidate = withSuffix(base, shortHash(identity, length));
      if (!taken.has(candidate)) {
        taken.add(candidate);
        return candidate;
      }
    }
  });
}
