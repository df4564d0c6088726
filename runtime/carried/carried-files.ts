/**
 * The files a built bundle carries beside it so that it runs on a machine with nothing but Node:
 * the handler sandbox's engine (QuickJS's JavaScript and WebAssembly), the web standards its guests
 * may name, and the SQLite binding built for the build machine's Node (`toolkit build` writes them
 * into `engine/`, `compiler/build/carry-engine.ts`). A bundle records each file's SHA-256 in its
 * code and names them here when it loads (`useCarriedFiles`); the runtime's engine locators
 * (`isolation/engine-location.ts`, `resources/better-sqlite3-path.ts`) take them from here, each file
 * read and checked on its first use, never at start. Without a bundle (`toolkit server`, the
 * package's API) nothing is carried and the locators resolve the installed packages.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256 } from '../hash.ts';

/** A file beside the bundle, relative to its directory, with the hash the build recorded. */
export interface CarriedFile {
  readonly file: string;
  readonly sha256: string;
}

/** Where a native binding was built: it loads only in a Node of the same ABI, platform and architecture. */
export interface NodeTarget {
  /** `process.versions.modules`. */
  readonly abi: string;
  readonly platform: string;
  readonly arch: string;
  /** The Node version that built it (for messages). */
  readonly node: string;
}

/** What one bundle carries; each part only when its schemas need it. */
export interface CarriedIndex {
  /** QuickJS: its core library, the WebAssembly variant's loader and the WebAssembly itself. */
  readonly quickjs?: { readonly core: CarriedFile; readonly variant: CarriedFile; readonly wasm: CarriedFile };
  /** Guest scripts of the web standards a handler may name (`URL`, `structuredClone`), by package name. */
  readonly standards?: Readonly<Record<string, CarriedFile>>;
  /** better-sqlite3: its JavaScript (one file) and the native binding it loads from beside it. */
  readonly sqlite?: { readonly module: CarriedFile; readonly binding: CarriedFile; readonly builtFor: NodeTarget };
  /** The TypeScript compiler code mode checks programs with (one file), when the build was asked to carry it. */
  readonly checker?: CarriedFile;
}

/** A carried file that is missing or was changed after the build; the message is one line with the fix. */
export class CarriedFileError extends Error {
  override readonly name = 'CarriedFileError';
}

let carried: { readonly dir: string; readonly index: CarriedIndex } | undefined;
/** Paths already checked: a file is read and hashed once per process. */
const checked = new Set<string>();

/** Called by a bundle as it loads: what it carries, and the directory it is in. */
export function useCarriedFiles(dir: string, index: CarriedIndex): void {
  carried = { dir, index };
  checked.clear();
}

/** What the running bundle carries, with its directory; undefined outside a bundle. */
export const carriedFiles = (): { readonly dir: string; readonly index: CarriedIndex } | undefined => carried;

/**
 * The bytes of a carried file, checked against the hash its bundle recorded. Throws a
 * `CarriedFileError` naming the file (`what` says what it is) when it cannot be read or was changed.
 */
export function verifiedBytes(entry: CarriedFile, what: string): Buffer<ArrayBuffer> {
  const path = pathOf(entry);
  let bytes: Buffer<ArrayBuffer>;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new CarriedFileError(
      `${entry.file} (${what}) cannot be read beside the bundle ` +
        `(${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): copy the bundle's engine/ folder ` +
        `with it, or rebuild with \`toolkit build\``,
    );
  }
  if (sha256(bytes) !== entry.sha256)
    throw new CarriedFileError(
      `${entry.file} (${what}) no longer matches the hash recorded at build time; the file was changed after the ` +
        `build. Rebuild with \`toolkit build\``,
    );
  checked.add(path);
  return bytes;
}

/** The absolute path of a carried file, its bytes checked (`verifiedBytes`) on the first call. */
export function verifiedPath(entry: CarriedFile, what: string): string {
  const path = pathOf(entry);
  if (!checked.has(path)) verifiedBytes(entry, what);
  return path;
}

const pathOf = (entry: CarriedFile): string => join(carried?.dir ?? '.', entry.file);
