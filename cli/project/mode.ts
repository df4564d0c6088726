/**
 * The project's mode (the spec's state table): `agent` (the default) or `dev`. Dev commands are
 * hidden and refused in agent mode. `TOOLKIT_MODE=dev|agent` overrides the project file for one
 * process without writing anything (what CI uses).
 */
import { UsageMistake } from '../errors.ts';
import { MODES, readProjectFile, type Mode } from './config-file.ts';

/** Commands only available in dev mode (first word of the command path). */
export const DEV_COMMANDS: ReadonlySet<string> = new Set([
  'validate',
  'test',
  'validate-agent',
  'migrate',
  'init',
  'import',
]);

export interface ModeState {
  readonly mode: Mode;
  /** Where it came from: the environment, the project file, or the default. */
  readonly source: 'TOOLKIT_MODE' | 'config' | 'default';
}

export function resolveMode(projectDir: string, env: NodeJS.ProcessEnv = process.env): ModeState {
  const fromEnv = env.TOOLKIT_MODE;
  if (fromEnv !== undefined && fromEnv !== '') {
    if (!MODES.includes(fromEnv as Mode))
      throw new UsageMistake(`TOOLKIT_MODE must be "agent" or "dev", got ${JSON.stringify(fromEnv)}`);
    return { mode: fromEnv as Mode, source: 'TOOLKIT_MODE' };
  }
  const { mode } = readProjectFile(projectDir);
  return mode === undefined ? { mode: 'agent', source: 'default' } : { mode, source: 'config' };
}

export const isDevCommand = (path: readonly string[]): boolean => DEV_COMMANDS.has(path[0] ?? '');
