/** Options shared by the commands that work on a project and its catalog. */
import { Option } from 'clipanion';
import { resolve } from 'node:path';
import { statSync } from 'node:fs';
import { UsageMistake } from './errors.ts';
import { findProjectDir } from './project/find-project.ts';

export const projectOption = () =>
  Option.String('--project', {
    description:
      'project directory holding .toolkit/ (default: found from the current directory upwards, as git finds ' +
      'its repository)',
  });

export const schemasOption = () =>
  Option.String('--schemas', {
    description: "catalog directory (default: the project's schemas/, else the catalog shipped with toolkit)",
  });

export const jsonOption = (what: string) => Option.Boolean('--json', false, { description: `print ${what} as JSON` });

/** The project directory of `--project` (checked), or the one the working directory is in (`find-project.ts`). */
export function projectDirOf(option: string | undefined): string {
  if (option === undefined) return findProjectDir(process.cwd());
  const dir = resolve(option);
  let ok = false;
  try {
    ok = statSync(dir).isDirectory();
  } catch {
    ok = false;
  }
  if (!ok) throw new UsageMistake(`--project ${option}: not a directory`);
  return dir;
}
