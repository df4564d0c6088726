/**
 * The incremental build's cache: `<out>/.cache/analysis.jsonl`, one line per schema that built,
 * holding its source key, analysed model, diagnostics and what was emitted from it except the
 * module text: that is the generated module file itself, whose SHA-256 the manifest records (a
 * 500-schema cache would otherwise carry 6 MB twice, to be parsed and written on every build). The
 * manifest records each line's SHA-256; a line that does not match is ignored (that schema is
 * analysed again), so an edited cache never leaks into a build; and the file is read only when it
 * and its directory are this user's own and writable by no one else (`runtime/trusted-cache.ts`).
 * One file keeps a 500-schema rebuild from paying for 500 file writes, and a hit costs one hash,
 * not a re-canonicalization of the model.
 */
import { join } from 'node:path';
import { readTrustedFile, writeTrustedFile } from '../../runtime/trusted-cache.ts';
import { sha256 } from '../../runtime/hash.ts';
import type { SchemaModel } from '../../runtime/model.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { EmittedModule } from '../emit/schema-module.ts';

const CACHE_FILE = join('.cache', 'analysis.jsonl');

export interface CacheEntry {
  readonly key: string;
  readonly model: SchemaModel;
  /** Warnings and infos of the analysis (entries exist only for schemas that passed). */
  readonly diagnostics: readonly Diagnostic[];
  readonly emitted: EmittedModule;
}

/** A cache line read back: the module text is in the generated module file, not in the line. */
export interface CachedEntry extends Omit<CacheEntry, 'emitted'> {
  readonly emitted: Omit<EmittedModule, 'text'>;
}

/**
 * The cache of a previous build: entries are parsed only when asked for and only if their line still has the recorded
 * hash.
 */
export class AnalysisCache {
  readonly #lines = new Map<string, string>();

  /** Reads `<outDir>/.cache/analysis.jsonl`; a missing, unreadable or untrusted file is an empty cache. */
  static read(outDir: string): AnalysisCache {
    const cache = new AnalysisCache();
    const bytes = readTrustedFile(join(outDir, '.cache'), join(outDir, CACHE_FILE));
    if (bytes === undefined) return cache;
    const text = bytes.toString('utf8');
    for (const line of text.split('\n')) {
      const match = /^\{"key":"(sha256:[0-9a-f]{64})"/.exec(line);
      if (match) cache.#lines.set(match[1]!, line);
    }
    return cache;
  }

  /** The entry for `key` if its line hashes to `expectedSha256` (from the previous manifest). */
  get(key: string, expectedSha256: string | undefined): { entry: CachedEntry; line: string } | undefined {
    const line = this.#lines.get(key);
    if (line === undefined || expectedSha256 === undefined || sha256(line) !== expectedSha256) return undefined;
    try {
      const entry = JSON.parse(line) as CachedEntry;
      return entry.key === key ? { entry, line } : undefined;
    } catch {
      return undefined;
    }
  }
}

/** One cache line (stable: same entry, same text). `key` comes first so lines can be indexed without parsing. */
export const cacheLine = ({ key, model, diagnostics, emitted }: CacheEntry): string =>
  JSON.stringify({
    key,
    model,
    diagnostics,
    emitted: { path: emitted.path, integrity: emitted.integrity, declarations: emitted.declarations },
  });

/** Writes the cache file of a build into `dir`. */
export function writeCache(dir: string, lines: readonly string[]): void {
  writeTrustedFile(
    join(dir, '.cache'),
    join(dir, CACHE_FILE),
    Buffer.from(lines.length === 0 ? '' : `${lines.join('\n')}\n`, 'utf8'),
  );
}
