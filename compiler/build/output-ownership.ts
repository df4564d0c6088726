/**
 * Which directories a build may replace. A build replaces its output directory whole, so it owns
 * one only when it is missing, empty, or holds a previous build (its `manifest.json`) and nothing
 * else: never the project, the schemas or a directory that contains them, never a file, never a
 * directory with files no build wrote. Anything else is a usage error naming the problem, found
 * before any work starts and checked again just before the swap, with nothing touched.
 */
import { lstatSync, mkdtempSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { BuildError } from './build-error.ts';
import { MANIFEST_FILE, readManifest, type Manifest } from './manifest.ts';
import { makeDirectory } from './make-directory.ts';
import { counted } from '../../runtime/counted.ts';

/** What a build writes at the top of its output besides its bundles' files (builds whose manifest lists none). */
const BUILD_ENTRIES = [
  'manifest.json',
  '.cache',
  'modules',
  'libraries',
  'data',
  'engine',
  'catalog-index.json',
  'search-index.json',
];

export interface OwnershipContext {
  /** The output directory as the user gave it, for messages. */
  readonly shown: string;
  readonly projectDir: string;
  readonly schemasDir: string;
}

/** True when `inner` is `outer` or lies inside it. */
const within = (inner: string, outer: string): boolean => {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel));
};

/** The top-level names a previous build wrote, from its manifest. */
export function entriesOf(manifest: Manifest): Set<string> {
  if (manifest.written !== undefined) return new Set([...manifest.written, MANIFEST_FILE]);
  const files = manifest.bundles.flatMap((bundle) =>
    [bundle.file, bundle.types, bundle.code, bundle.data].filter((f): f is string => typeof f === 'string'),
  );
  return new Set([...BUILD_ENTRIES, ...files]);
}

/** Throws a usage `BuildError` unless the build may replace `outDir` (absolute). */
export function assertOwnedOutput(outDir: string, context: OwnershipContext): void {
  const out = resolve(outDir);
  const named = `--out ${context.shown}`;
  const refuse = (why: string): never => {
    throw new BuildError(`${named} ${why}; nothing was touched`, 'usage');
  };
  if (within(resolve(context.projectDir), out))
    refuse(
      `is ${out === resolve(context.projectDir) ? 'the project directory' : 'a directory that contains the project'},` +
        ` and a build replaces its output directory whole; choose a directory of its own, e.g. --out generated`,
    );
  if (within(resolve(context.schemasDir), out))
    refuse(
      `${out === resolve(context.schemasDir) ? 'is the schemas directory' : 'contains the schemas directory'}, and a ` +
        `build replaces its output directory whole; choose a directory of its own, e.g. --out generated`,
    );
  if (within(out, resolve(context.schemasDir)))
    refuse(
      'lies inside the schemas directory, where a build would read its own output as schemas; choose a directory ' +
        'outside it, e.g. --out generated',
    );
  let stat;
  try {
    stat = lstatSync(out);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') refuse('has a file where its path needs a directory');
    refuse(`cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  if (stat!.isSymbolicLink()) {
    const target = statSync(out, { throwIfNoEntry: false });
    if (!target?.isDirectory())
      refuse('is a symbolic link to something other than a directory; a build writes a directory there');
    refuse('is a symbolic link, which a build would replace by a directory; give the directory it leads to');
  }
  if (!stat!.isDirectory())
    refuse('is a file, not a directory; a build writes a directory of bundles there, so choose another path');
  const entries = readdirSync(out);
  if (entries.length === 0) return;
  const manifest = entries.includes(MANIFEST_FILE) ? readManifest(out) : undefined;
  if (!manifest)
    refuse(
      `holds ${counted(entries.length, 'entry', 'entries')} and no previous build (no ${MANIFEST_FILE} of one), and ` +
        `a build replaces its output directory whole; give an empty or new directory`,
    );
  const owned = entriesOf(manifest!);
  const foreign = entries.filter((name) => !owned.has(name)).sort();
  if (foreign.length > 0)
    refuse(
      `holds a previous build and ${counted(foreign.length, 'entry', 'entries')} no build wrote ` +
        `(${foreign.slice(0, 5).join(', ')}${foreign.length > 5 ? ', …' : ''}), which replacing it would delete; ` +
        `move ${foreign.length === 1 ? 'it' : 'them'} out or choose another --out`,
    );
}

/**
 * Checks that the output can be written where it goes: its parent is made (as the build would) and
 * a temp directory is created and removed there. A path that cannot be written is a usage error
 * naming the system's reason (`--out /proc/x`), before any work.
 */
export function assertWritableOutput(outDir: string, shown: string): void {
  const out = resolve(outDir);
  const parent = dirname(out);
  try {
    makeDirectory(parent);
    rmdirSync(mkdtempSync(join(parent, `.${basename(out)}.probe-`)));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    const why = REASONS[code] ?? 'the system refused to create a directory there';
    throw new BuildError(
      `--out ${shown} cannot be written (${why}, ${code}); choose a directory you can write`,
      'usage',
    );
  }
}

const REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOTDIR: 'a part of its path is a file',
  ENOSPC: 'no space left on the device',
};
