/**
 * `.toolkit/config.json` read and written by the CLI's project commands (`add`, `remove`, `mode`):
 * only the keys they own (`tools`, `mode`) are checked here (without zod, so commands that only
 * need the mode start fast); every other key (`groups`, `security`, …) is kept exactly as it was.
 * Writes go to a temp file that is renamed over the old one: a crash never leaves half a file.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UsageMistake } from '../errors.ts';
import { makeDirectory } from '../../compiler/build/make-directory.ts';

export type Mode = 'agent' | 'dev';
export const MODES: readonly Mode[] = ['agent', 'dev'];

export interface ProjectFile {
  /** Active tools by CLI name (`<tool_name>_<namespace>`), in the order they were added. */
  readonly tools: readonly string[];
  readonly mode?: Mode;
  /** The whole object as read, for writing back with the other keys untouched. */
  readonly raw: Readonly<Record<string, unknown>>;
}

export const toolkitDir = (projectDir: string): string => join(projectDir, '.toolkit');
export const configPath = (projectDir: string): string => join(toolkitDir(projectDir), 'config.json');
export const toolFilePath = (projectDir: string, name: string): string =>
  join(toolkitDir(projectDir), 'tools', `${name}.json`);

/** Reads the project file; a missing file is an empty project, a broken one a usage mistake naming the file. */
export function readProjectFile(projectDir: string): ProjectFile {
  const file = configPath(projectDir);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { tools: [], raw: {} };
    throw new UsageMistake(`${file}: cannot be read (${(error as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageMistake(`${file}: not valid JSON (${(error as Error).message}); fix or delete it`);
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    throw new UsageMistake(`${file}: must hold a JSON object`);
  const raw = json as Record<string, unknown>;
  const tools = raw.tools ?? [];
  if (!Array.isArray(tools) || !tools.every((t) => typeof t === 'string'))
    throw new UsageMistake(`${file}: tools must be an array of tool names`);
  const mode = raw.mode;
  if (mode !== undefined && !MODES.includes(mode as Mode))
    throw new UsageMistake(`${file}: mode must be "agent" or "dev", got ${JSON.stringify(mode)}`);
  return { tools: tools as string[], raw, ...(mode === undefined ? {} : { mode: mode as Mode }) };
}

/**
 * Writes `.toolkit/config.json` with `changes` applied over what is there (other keys untouched; `grants` left out when
 * empty).
 */
export function writeProjectFile(
  projectDir: string,
  changes: { tools?: readonly string[]; mode?: Mode; grants?: Readonly<Record<string, readonly string[]>> },
): void {
  const current = readProjectFile(projectDir).raw;
  const next: Record<string, unknown> = { ...current };
  if (changes.tools !== undefined) next.tools = [...changes.tools];
  if (changes.mode !== undefined) next.mode = changes.mode;
  if (changes.grants !== undefined) {
    if (Object.keys(changes.grants).length === 0) delete next.grants;
    else next.grants = changes.grants;
  }
  writeFileAtomic(configPath(projectDir), `${JSON.stringify(next, null, 2)}\n`);
}

/** Writes a file through a temp file in the same directory and a rename. */
export function writeFileAtomic(path: string, text: string): void {
  makeDirectory(dirname(path));
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, path);
}
