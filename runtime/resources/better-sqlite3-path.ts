/**
 * Where the query process loads better-sqlite3 from. A built bundle carries it beside itself
 * (`engine/`: its JavaScript as one file and the native binding built for the build machine's Node,
 * each checked against the hash the build recorded, on the first query); a binding that cannot load
 * in this Node (another ABI, platform or architecture) gives way to a better-sqlite3 installed
 * beside the bundle, else to a one-line reason with the fix. Without a bundle (`toolkit server`,
 * the package's API) it is the installed package, resolved from where this runtime lives.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { carriedFiles, verifiedPath, type NodeTarget } from '../carried/carried-files.ts';
import { sqliteEngineFor } from './sqlite-engine.ts';

/** This process's Node, as a native binding sees it. */
const running = (): NodeTarget => ({
  abi: process.versions.modules,
  platform: process.platform,
  arch: process.arch,
  node: process.versions.node,
});

const describe = (target: NodeTarget): string =>
  `Node ${target.node} (ABI ${target.abi}, ${target.platform}-${target.arch})`;

/** Why a binding built for `builtFor` cannot load in `here`, or undefined when it can. */
export function bindingMismatch(builtFor: NodeTarget, here: NodeTarget = running()): string | undefined {
  if (builtFor.abi === here.abi && builtFor.platform === here.platform && builtFor.arch === here.arch) return undefined;
  return (
    `the SQLite engine beside this bundle (better-sqlite3, built for ${describe(builtFor)}) cannot load in ` +
    `${describe(here)}: rebuild the bundle with this Node (\`toolkit build\`), run it with Node ` +
    `${builtFor.node.split('.')[0]}, or install better-sqlite3@12 beside it (\`npm install better-sqlite3@12\`)`
  );
}

/** better-sqlite3 installed where `dir` can resolve it, or undefined. */
function installedFrom(dir: string): string | undefined {
  try {
    return createRequire(join(dir, 'noop.js')).resolve('better-sqlite3');
  } catch {
    return undefined;
  }
}

/**
 * What the query process `require`s for better-sqlite3. Throws one line (never a resolution stack)
 * when there is nothing that can load here.
 */
export function betterSqlite3Path(): string {
  const carried = carriedFiles();
  const sqlite = carried?.index.sqlite;
  if (carried && sqlite) {
    const mismatch = bindingMismatch(sqlite.builtFor);
    if (mismatch === undefined) {
      verifiedPath(sqlite.binding, 'the SQLite binding');
      return verifiedPath(sqlite.module, 'the SQLite engine');
    }
    const installed = installedFrom(carried.dir);
    if (installed !== undefined) return installed;
    throw new Error(mismatch);
  }
  try {
    return createRequire(import.meta.url).resolve('better-sqlite3');
  } catch {
    // Node's own message spans lines and lists this server's files: one line, for the client too.
    throw new Error(
      'better-sqlite3 is not installed where this server runs (`npm install better-sqlite3@12` in its directory or a ' +
        'parent, or rebuild the bundle with `toolkit build`, which carries it beside the bundle)',
    );
  }
}

/**
 * What a bundle says at start about its SQLite engine, one line, or undefined when all is well:
 * the binding it carries does not fit this Node and none is installed beside it. No file is read.
 */
export function betterSqlite3StartProblem(): string | undefined {
  const carried = carriedFiles();
  const sqlite = carried?.index.sqlite;
  // On a Node line with its own SQLite (`sqlite-engine.ts`) the carried binding is never loaded.
  if (!carried || !sqlite || sqliteEngineFor() === 'node:sqlite') return undefined;
  const mismatch = bindingMismatch(sqlite.builtFor);
  return mismatch === undefined || installedFrom(carried.dir) !== undefined ? undefined : mismatch;
}
