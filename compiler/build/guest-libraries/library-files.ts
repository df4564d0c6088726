/**
 * The libraries of a build, ready to write: each library the schemas' handlers load is bundled for
 * the sandbox (`bundle-guest-library.ts`, cached on disk) into its own file under `libraries/` beside
 * the bundles, named by content (`<name>-<12 hex of sha256>.js`, so the same library gives the same
 * file), and the bundle entry records only the file and its hash. A library that cannot be had is a
 * located warning on each `requiredLibraries` entry that names it (LIB001: not installed; LIB002:
 * cannot run without I/O or fails to bundle); the bundles still serve, and the hooked tools of those
 * schemas answer with the same message.
 */
import { join } from 'node:path';
import { sha256 } from '../../../runtime/hash.ts';
import { GuestLibraryError } from '../../../runtime/isolation/guest-libraries.ts';
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { librariesOf, type BundleLibraries } from '../../emit/bundle-entry.ts';
import type { AnalysedSchema } from '../analyse-schemas.ts';
import { buildRules, type BuildRule } from '../rules.ts';
import { bundlingGuestLibraries } from './bundle-guest-library.ts';

/** Directory of the library files, relative to the output directory. */
export const LIBRARIES_DIR = 'libraries';

export interface PreparedLibraries {
  /** What each bundle entry records, by library name. */
  readonly index: BundleLibraries;
  /** Files to write, by path relative to the output directory. */
  readonly files: ReadonlyMap<string, string>;
  /** LIB001/LIB002 warnings, one per schema entry that names a library that cannot be had, in file order. */
  readonly diagnostics: readonly Diagnostic[];
}

/** `@erc725/erc725.js` → `erc725-erc725.js-<hash>.js`: a file name that says what it holds and changes with it. */
export function libraryFileName(name: string, code: string): string {
  const readable = name.replace(/^@/, '').replace(/[^A-Za-z0-9._-]+/g, '-');
  return `${LIBRARIES_DIR}/${readable}-${sha256(code)
    .replace(/^sha256:/, '')
    .slice(0, 12)}.js`;
}

/** Bundles every library the schemas need; `resolveDirs` are searched for the packages in order. */
export async function prepareGuestLibraries(
  analysed: readonly AnalysedSchema[],
  resolveDirs: readonly string[],
  schemasDirAsGiven: string,
): Promise<PreparedLibraries> {
  const needed = librariesOf(analysed.map((a) => a.model));
  const source = bundlingGuestLibraries({ resolveDirs });
  const index: Record<string, BundleLibraries[string]> = {};
  const files = new Map<string, string>();
  const failures = new Map<string, GuestLibraryError | Error>();
  await Promise.all(
    needed.map(async (name) => {
      try {
        const { code } = await source.load(name);
        const file = libraryFileName(name, code);
        files.set(file, code);
        index[name] = { file, sha256: sha256(code) };
      } catch (error) {
        failures.set(name, error as Error);
        // The bundle carries the reason; installing the package takes a rebuild (libraries are bundled at build time).
        index[name] = { error: `${(error as Error).message}, then rebuild with \`toolkit build\`` };
      }
    }),
  );
  const diagnostics: Diagnostic[] = [];
  for (const schema of analysed) {
    for (const name of librariesOf([schema.model])) {
      const failure = failures.get(name);
      if (!failure) continue;
      const rule: BuildRule = /is not installed/.test(failure.message) ? 'LIB001' : 'LIB002';
      const where = locateLibrary(schema.source.text, name);
      diagnostics.push({
        rule,
        severity: buildRules[rule].severity,
        message:
          `${failure.message}; until then the hooked tools of this schema answer with this error (the other ` +
          `tools of the catalog are served)`,
        file: join(schemasDirAsGiven, schema.source.file),
        line: where.line,
        column: where.column,
      });
    }
  }
  return { index, files: new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1))), diagnostics };
}

/**
 * Line and column (1-based) of the `requiredLibraries` entry naming `library` in a schema's text
 * (read without a parser: the first quoted `library` after the key), else of the key, else of the
 * first use of `Buffer` (the library loaded for code that names that global), else the file start.
 */
export function locateLibrary(text: string, library: string): { line: number; column: number } {
  const key = text.search(/\brequiredLibraries\b/);
  let at = -1;
  if (key >= 0) {
    const quoted = ["'", '"', '`'].map((q) => text.indexOf(`${q}${library}${q}`, key)).filter((i) => i >= 0);
    at = quoted.length > 0 ? Math.min(...quoted) : key;
  }
  if (at < 0) at = text.search(/\bBuffer\b/);
  if (at < 0) return { line: 1, column: 1 };
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  return { line, column: at - before.lastIndexOf('\n') };
}
