/**
 * Tool names on the wire: `snake(tool)_snake(namespace)` for format 3.x schemas and
 * `<namespace>__<routeName>` for format 2.0.0 schemas (the spec's MCP name of a v2 route), at most
 * 64 characters (the cap of Claude Desktop and OpenAI). Collisions, including those made by the
 * cap, are resolved with a short hash suffix computed from the tool's identity, so the result does
 * not depend on load order. On the command line every tool is `<tool_name>_<namespace>` (`cliName`).
 */
import { lazyBuiltin } from './lazy-builtin.ts';

/** Loaded on first use: a start that needs it for nothing does not load node:crypto. */
const crypto = lazyBuiltin<typeof import('node:crypto')>('node:crypto');

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

/** The schema formats that name tools differently on the wire. */
export type NamingFormat = 2 | 3;

/** The naming format of a schema by its `version`: major 2 is format 2.0.0, everything else names like 3.x. */
export const namingFormatOf = (version: string): NamingFormat => (/^2\./.test(version) ? 2 : 3);

/**
 * The wire name of one tool, without regard to other tools: `snake(tool)_snake(namespace)`, or
 * `<namespace>__<routeName>` for a format 2.0.0 route; capped.
 */
export function wireName(namespace: string, toolName: string, format: NamingFormat = 3): string {
  const name = format === 2 ? `${namespace}__${toolName}` : `${snake(toolName)}_${snake(namespace)}`;
  return name.slice(0, MAX_WIRE_NAME);
}

/** The tool's name on the command line, whatever its format: `<tool_name>_<namespace>` (the spec's CLI form). */
export const cliName = (namespace: string, toolName: string): string => wireName(namespace, toolName, 3);

/** One tool to name; `source` (e.g. the schema file) separates two schemas with the same namespace. */
export interface WireNameEntry {
  readonly namespace: string;
  readonly toolName: string;
  readonly source?: string;
  /** How its schema names tools (default 3). */
  readonly format?: NamingFormat;
}

const shortHash = (text: string, length: number): string =>
  crypto().createHash('sha256').update(text).digest('hex').slice(0, length);

const withSuffix = (base: string, suffix: string): string =>
  `${base.slice(0, MAX_WIRE_NAME - suffix.length - 1)}_${suffix}`;

const stripExtension = (source: string): string => source.replace(/\.[cm]?[jt]s$/, '');

/** `providers/coin/price-copy.mjs` → `price_copy`: the suffix a duplicate tool of that file takes. */
export function fileSuffix(source: string): string {
  const stem = (source.split('/').pop() ?? source).replace(/\.[cm]?[jt]s$/, '');
  return snake(stem).replace(/_+/g, '_').replace(/^_|_$/g, '') || 'file';
}

/**
 * Two files of one namespace that declare the same tool both serve it: the file whose path (without
 * its extension) sorts first keeps the plain name, each other file's tool takes `_<its file name>` (`fileSuffix`). For
 * each entry, that suffix, or undefined (a unique tool, or the first file's). Depends only on the
 * set of files, never on the order they were loaded in.
 */
export function duplicateSuffixes(entries: readonly WireNameEntry[]): (string | undefined)[] {
  const sources = new Map<string, Set<string>>();
  for (const entry of entries) {
    const id = `${entry.namespace}/${entry.toolName}`;
    let set = sources.get(id);
    if (!set) sources.set(id, (set = new Set()));
    set.add(entry.source ?? '');
  }
  return entries.map((entry) => {
    const set = sources.get(`${entry.namespace}/${entry.toolName}`)!;
    if (set.size < 2) return undefined;
    // By path without the extension, so `price.mjs` comes before `price-copy.mjs`.
    const first = [...set].sort((a, b) =>
      stripExtension(a) < stripExtension(b) ? -1 : stripExtension(a) > stripExtension(b) ? 1 : a < b ? -1 : 1,
    )[0];
    return (entry.source ?? '') === first ? undefined : fileSuffix(entry.source ?? '');
  });
}

/**
 * Names for a whole set, in input order. With `duplicatesByFile` (tools: `source` is the schema
 * file), a tool declared by several files of one namespace is named as `duplicateSuffixes` says. A name still shared by
 * several entries is given to none of them: each gets `<base cut to fit>_<6 hex of sha256(namespace/tool@source)>`, so
 * every name still fits in 64 characters and adding a schema never depends on the order schemas were loaded in.
 */
export function assignWireNames(
  entries: readonly WireNameEntry[],
  options: { readonly duplicatesByFile?: boolean } = {},
): string[] {
  const suffixes = options.duplicatesByFile ? duplicateSuffixes(entries) : entries.map(() => undefined);
  const bases = entries.map((entry, index) => {
    const base = wireName(entry.namespace, entry.toolName, entry.format ?? 3);
    const suffix = suffixes[index];
    return suffix === undefined ? base : withSuffix(base, suffix);
  });
  const counts = new Map<string, number>();
  for (const base of bases) counts.set(base, (counts.get(base) ?? 0) + 1);
  const taken = new Set(bases.filter((base) => counts.get(base) === 1));
  // Order of identities, so exact duplicates are numbered the same way whatever the input order.
  const identities = entries.map((e) => `${e.namespace}/${e.toolName}@${e.source ?? ''}`);
  const seen = new Map<string, number>();
  const sortedIndex = identities
    .map((id, index) => ({ id, index }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.index - b.index));
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
