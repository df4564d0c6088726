/**
 * Local `$ref`s resolved on demand through `@apidevtools/json-schema-ref-parser`'s `$Refs` (its JSON
 * pointer rules: `~0`, `~1`, percent-encoding), each target looked up once. A chain of references
 * that returns to itself, or one that leads nowhere, resolves to `undefined`; cycles between schemas
 * (a tree type that holds itself) are the callers' business: they bound their depth.
 */
import $RefParser from '@apidevtools/json-schema-ref-parser';

export interface References {
  /** The node itself, or what its `$ref` (chain) points to; undefined when it cannot be resolved. */
  resolve(node: unknown): unknown;
  /** References that could not be resolved, for the report. */
  readonly broken: ReadonlySet<string>;
}

const refOf = (node: unknown): string | undefined =>
  node !== null &&
  typeof node === 'object' &&
  !Array.isArray(node) &&
  typeof (node as { $ref?: unknown }).$ref === 'string'
    ? (node as { $ref: string }).$ref
    : undefined;

export async function createReferences(path: string, root: Record<string, unknown>): Promise<References> {
  const parser = new $RefParser();
  await parser.parse(path, root, { resolve: { external: false } });
  const cache = new Map<string, unknown>();
  const broken = new Set<string>();
  const lookup = (ref: string): unknown => {
    if (cache.has(ref)) return cache.get(ref);
    let value: unknown;
    try {
      value = ref.startsWith('#') ? parser.$refs.get(ref) : undefined;
    } catch {
      value = undefined;
    }
    if (value === undefined) broken.add(ref);
    cache.set(ref, value);
    return value;
  };
  return {
    broken,
    resolve(node) {
      let current = node;
      const seen = new Set<string>();
      for (let ref = refOf(current); ref !== undefined; ref = refOf(current)) {
        if (seen.has(ref)) return undefined;
        seen.add(ref);
        current = lookup(ref);
      }
      return current;
    },
  };
}
