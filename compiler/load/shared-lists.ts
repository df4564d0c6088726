/**
 * Resolves `main.sharedLists` against a lists directory: `<listsDir>/<kebab(ref)>.mjs`, exact
 * name (case-sensitive) and version, then the declared filter.
 */
import { join } from 'node:path';
import type { ListFilter, ListReference } from '../validate/shared-list-refs.ts';
import type { Obj } from '../validate/checks.ts';
import { readDataExport } from './data-module.ts';
import { checkListValue, type SharedList } from './list-file.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { LoadContext } from './load-context.ts';

export interface ResolvedList {
  readonly list: SharedList;
  /** Entries left after the reference's filter. */
  readonly entries: readonly Obj[];
}

/** `evmChains` → `evm-chains`. */
export const kebab = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** Loads every referenced list; failures are reported on the schema, list-file findings on the list file. */
export function resolveSharedLists(
  { fs, report: r }: LoadContext,
  refs: readonly ListReference[],
  listsDir: string,
): Map<string, ResolvedList> {
  const out = new Map<string, ResolvedList>();
  for (const ref of refs) {
    const at = ['sharedLists', ref.index];
    const file = join(listsDir, `${kebab(ref.ref)}.mjs`);
    const text = fs.readText(file);
    if (text === undefined) {
      r.report('VAL072', [...at, 'ref'], `Shared list '${ref.ref}' not found in lists directory (${listsDir})`);
      continue;
    }
    const { list, diagnostics } = readListFile(file, text);
    r.include(diagnostics);
    if (!list) {
      r.report(
        'VAL072',
        [...at, 'ref'],
        `Shared list '${ref.ref}' not found in lists directory: ${file} is not a valid list`,
      );
      continue;
    }
    if (list.name !== ref.ref) {
      r.report(
        'VAL072',
        [...at, 'ref'],
        `Shared list '${ref.ref}' not found in lists directory: ${file} holds '${list.name}' (names are ` +
          `case-sensitive)`,
      );
      continue;
    }
    if (list.version !== ref.version) {
      r.report(
        'VAL073',
        [...at, 'version'],
        `shared list ${ref.ref}: version ${ref.version} requested, ${list.version} found`,
      );
      continue;
    }
    if (ref.filter && !list.fields.some((f) => f.key === ref.filter?.key)) {
      r.report(
        'VAL074',
        [...at, 'filter', 'key'],
        `shared list ${ref.ref}: filter key ${JSON.stringify(ref.filter.key)} is not a field of the list`,
      );
      continue;
    }
    out.set(ref.ref, { list, entries: applyFilter(list.entries, ref.filter) });
  }
  return out;
}

/** Parsed list files by path; reused while the text is unchanged, so a tree parses each list once. */
const listCache = new Map<string, { text: string; list: SharedList | undefined; diagnostics: readonly Diagnostic[] }>();

function readListFile(
  file: string,
  text: string,
): { list: SharedList | undefined; diagnostics: readonly Diagnostic[] } {
  const cached = listCache.get(file);
  if (cached && cached.text === text) return cached;
  const data = readDataExport(file, text, 'list');
  if (data.missing) data.reporter.report('LST001', [], 'a list file must export `list = { meta, entries }`');
  const list = data.value === undefined ? undefined : checkListValue(data.value, data.reporter);
  const entry = { text, list, diagnostics: [...data.reporter.diagnostics] };
  listCache.set(file, entry);
  return entry;
}

function applyFilter(entries: readonly Obj[], filter: ListFilter | undefined): readonly Obj[] {
  if (!filter) return entries;
  if ('exists' in filter)
    return entries.filter((e) => (e[filter.key] !== undefined && e[filter.key] !== null) === filter.exists);
  if ('value' in filter) return entries.filter((e) => e[filter.key] === filter.value);
  return entries.filter((e) => filter.in.includes(e[filter.key]));
}
