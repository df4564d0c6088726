/**
 * The incremental build's cache: one file per schema in `<out>/.cache/`, named by its source key,
 * holding the analysed model, its diagnostics, and what was emitted from it. The manifest records
 * each entry's SHA-256, and an entry that does not match is ignored (the schema is analysed
 * again), so an edited cache can never leak into a build. Reading an entry costs one hash, not a
 * re-canonicalization of the model, which keeps a 500-schema rebuild fast.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256 } from '../../runtime/hash.ts';
import type { SchemaModel } from '../../runtime/model.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { EmittedModule } from '../emit/schema-module.ts';

export const CACHE_DIR = '.cache';

export interface CacheEntry {
  readonly key: string;
  readonly model: SchemaModel;
  /** Warnings and infos of the analysis (entries exist only for schemas that passed). */
  readonly diagnostics: readonly Diagnostic[];
  readonly emitted: EmittedModule;
}

const fileFor = (dir: string, key: string): string => join(dir, CACHE_DIR, `${key.replace(/^sha256:/, '')}.json`);

/** The cached entry for `key` in `outDir` when its bytes still have the recorded hash. */
export function readCacheEntry(outDir: string, key: string, expectedSha256: string | undefined): CacheEntry | undefined {
  if (expectedSha256 === undefined) return undefined;
  try {
    const text = readFileSync(fileFor(outDir, key), 'utf8');
    if (sha256(text) !== expectedSha256) return undefined;
    const entry = JSON.parse(text) as CacheEntry;
    return entry.key === key ? entry : undefined;
  } catch {
    return undefined;
  }
}

/** The text of an entry (stable: same entry, same bytes). */
export const cacheEntryText = (entry: CacheEntry): string => `${JSON.stringify(entry)}\n`;

/** Writes an entry's text into `dir/.cache/`. */
export function writeCacheEntry(dir: string, key: string, text: string): void {
  mkdirSync(join(dir, CACHE_DIR), { recursive: true });
  writeFileSync(fileFor(dir, key), text);
}
