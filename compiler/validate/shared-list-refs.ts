/** Rules on `main.sharedLists` declarations (VAL024, VAL070, VAL071, VAL074, VAL075). */
import type { Reporter } from './reporter.ts';
import { isNonEmptyString, isObject, isString, SEMVER, show } from './checks.ts';

/** A declaration that passed the shape rules. */
export interface ListReference {
  readonly ref: string;
  readonly version: string;
  readonly filter?: ListFilter;
  readonly index: number;
}

export type ListFilter =
  | { readonly key: string; readonly exists: boolean }
  | { readonly key: string; readonly value: string | number | boolean | null }
  | { readonly key: string; readonly in: readonly unknown[] };

export function checkSharedListRefs(value: unknown, r: Reporter): ListReference[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    r.report('VAL024', ['sharedLists'], 'main.sharedLists must be an array of { ref, version, filter? }');
    return [];
  }
  const out: ListReference[] = [];
  value.forEach((entry, index) => {
    const at = ['sharedLists', index];
    if (!isObject(entry))
      return r.report('VAL024', at, `sharedLists[${index}] must be an object { ref, version, filter? }`);
    let ok = true;
    if (!isNonEmptyString(entry.ref)) {
      r.report('VAL070', [...at, 'ref'], `sharedLists[${index}].ref must be a non-empty string`);
      ok = false;
    }
    if (!isString(entry.version) || !SEMVER.test(entry.version)) {
      r.report(
        'VAL071',
        [...at, 'version'],
        `sharedLists[${index}].version must be a semver string, got ${show(entry.version)}`,
      );
      ok = false;
    }
    const filter = entry.filter === undefined ? undefined : readFilter(entry.filter);
    if (filter === null) {
      r.report(
        'VAL074',
        [...at, 'filter'],
        `sharedLists[${index}].filter must be { key, exists } | { key, value } | { key, in: [...] }`,
      );
      ok = false;
    }
    if (ok)
      out.push({ ref: entry.ref as string, version: entry.version as string, index, ...(filter ? { filter } : {}) });
  });
  return out;
}

function readFilter(filter: unknown): ListFilter | null {
  if (!isObject(filter) || !isNonEmptyString(filter.key)) return null;
  const keys = Object.keys(filter).filter((k) => k !== 'key');
  if (keys.length !== 1) return null;
  if (typeof filter.exists === 'boolean') return { key: filter.key, exists: filter.exists };
  if ('value' in filter && (filter.value === null || ['string', 'number', 'boolean'].includes(typeof filter.value)))
    return { key: filter.key, value: filter.value as string };
  if (Array.isArray(filter.in)) return { key: filter.key, in: filter.in };
  return null;
}

/** VAL075: a declared list no parameter uses and the handlers never mention. */
export function checkUnusedLists(
  refs: readonly ListReference[],
  used: ReadonlySet<string>,
  handlersSource: string | undefined,
  r: Reporter,
): void {
  for (const ref of refs) {
    if (used.has(ref.ref) || handlersSource?.includes(ref.ref)) continue;
    r.report(
      'VAL075',
      ['sharedLists', ref.index],
      `shared list ${ref.ref} is declared but not used by any parameter or handler`,
    );
  }
}
