/**
 * Where the code of allowed libraries comes from. Libraries never reach handlers as host objects:
 * each is bundled for the sandbox (by `toolkit build`, or by `toolkit server` on first use) and
 * evaluated inside the schema's own context. A library that cannot be had fails only the tools of
 * the schemas that declare it, with an error naming it.
 */
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
  constructor(readonly library: string, message: string) {
    super(message);
  }
}

/** A library a build bundled (`code`), or the reason it could not (`error`). */
export type PrebuiltLibrary = { readonly code: string } | { readonly error: string };

/** The libraries a bundle carries, bundled at build time. */
export function prebuiltGuestLibraries(index: Readonly<Record<string, PrebuiltLibrary>>): GuestLibrarySource {
  const keys = new Map<string, string>();
  return {
    async load(name) {
      const entry = Object.prototype.hasOwnProperty.call(index, name) ? index[name] : undefined;
      if (entry === undefined) throw new GuestLibraryError(name, `library "${name}" was not bundled by this build; rebuild with \`toolkit build\``);
      if ('error' in entry) throw new GuestLibraryError(name, entry.error);
      let key = keys.get(name);
      if (key === undefined) keys.set(name, (key = sha256(entry.code)));
      return { name, key, code: entry.code };
    },
  };
}

/** A source with no libraries at all (a runtime whose schemas declare none). */
export const noGuestLibraries: GuestLibrarySource = {
  async load(name) {
    throw new GuestLibraryError(name, `library "${name}" is not available: this runtime was given no library source`);
  },
};
