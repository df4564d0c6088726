/**
 * Where the code of allowed libraries comes from. Libraries never reach handlers as host objects:
 * each is bundled for the sandbox (by `toolkit build`, or by `toolkit server` on first use) and
 * evaluated inside the schema's own context. A library that cannot be had fails only the tools of
 * the schemas that declare it, with an error naming it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256 } from '../hash.ts';

export interface GuestLibrary {
  readonly name: string;
  /** Content hash of `code`: a worker receives each library's code once. */
  readonly key: string;
  readonly code: string;
}

export interface GuestLibrarySource {
  /** The sandbox code of a library; rejects with a `GuestLibraryError` naming it. */
  load(name: string): Promise<GuestLibrary>;
}

/** A library that cannot be used in handlers (not installed, or it needs I/O); the message says which and why. */
export class GuestLibraryError extends Error {
  override readonly name = 'GuestLibraryError';
  constructor(
    readonly library: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A library a build bundled: its code in a file beside the bundle (`file`, relative to the bundle's
 * directory, with the SHA-256 the build recorded), or inline (`code`, for callers that hold it in
 * memory), or the reason it could not be bundled (`error`).
 */
export type PrebuiltLibrary =
  | { readonly file: string; readonly sha256: string }
  | { readonly code: string }
  | { readonly error: string };

/**
 * The libraries a bundle carries, bundled at build time. A library's file is read (and checked
 * against its recorded hash) only when a handler that needs it is first loaded, never at start:
 * start-up costs the same with one library or fifty. `dir` is where the bundle is (files are
 * relative to it).
 */
export function prebuiltGuestLibraries(
  index: Readonly<Record<string, PrebuiltLibrary>>,
  dir = '.',
): GuestLibrarySource {
  const loaded = new Map<string, Promise<GuestLibrary>>();
  const read = async (
    name: string,
    entry: { readonly file: string; readonly sha256: string },
  ): Promise<GuestLibrary> => {
    let code: string;
    try {
      code = await readFile(join(dir, entry.file), 'utf8');
    } catch (error) {
      throw new GuestLibraryError(
        name,
        `library "${name}" cannot be read from ${entry.file} beside the bundle ` +
          `(${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); rebuild with \`toolkit build\``,
      );
    }
    if (sha256(code) !== entry.sha256)
      throw new GuestLibraryError(
        name,
        `library "${name}" (${entry.file}) no longer matches the hash recorded at build time; the file was changed ` +
          `after the build. Rebuild it with \`toolkit build\``,
      );
    return { name, key: entry.sha256, code };
  };
  return {
    load(name) {
      const entry = Object.prototype.hasOwnProperty.call(index, name) ? index[name] : undefined;
      if (entry === undefined)
        return Promise.reject(
          new GuestLibraryError(
            name,
            `library "${name}" was not bundled by this build; rebuild with \`toolkit build\``,
          ),
        );
      if ('error' in entry) return Promise.reject(new GuestLibraryError(name, entry.error));
      let found = loaded.get(name);
      if (!found) {
        found =
          'code' in entry ? Promise.resolve({ name, key: sha256(entry.code), code: entry.code }) : read(name, entry);
        loaded.set(name, found);
        found.catch(() => loaded.delete(name));
      }
      return found;
    },
  };
}

/** A source with no libraries at all (a runtime whose schemas declare none). */
export const noGuestLibraries: GuestLibrarySource = {
  async load(name) {
    throw new GuestLibraryError(name, `library "${name}" is not available: this runtime was given no library source`);
  },
};
