/**
 * The project a command works on when `--project` is not given, found as git finds its repository:
 * from the working directory upwards, the first directory holding `.toolkit/config.json` (the
 * project's state), or the directory whose `schemas/` the working directory lies in. Otherwise the
 * working directory itself. Only `node:fs` and `node:path`, so the fast search path can use it.
 */
import { statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const isFile = (path: string): boolean => statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
const isDir = (path: string): boolean => statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;

/** The project directory for a command run in `cwd` (absolute). */
export function findProjectDir(cwd: string): string {
  let insideSchemasOf: string | undefined;
  for (let dir = cwd, child = ''; ; child = dir, dir = dirname(dir)) {
    if (isFile(join(dir, '.toolkit', 'config.json'))) return dir;
    // The working directory is somewhere in this directory's schemas/: its catalog, unless a project file is found
    // further up.
    if (insideSchemasOf === undefined && child !== '' && basename(child) === 'schemas' && isDir(child))
      insideSchemasOf = dir;
    if (dirname(dir) === dir) return insideSchemasOf ?? cwd;
  }
}
