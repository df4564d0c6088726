/**
 * Where the project's agents are: `agents/` of the project, else the agents shipped with toolkit; one agent by name or
 * path.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageMistake } from '../errors.ts';
import { toolkitRoot } from './catalog.ts';

const isDir = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** The agents directory: `--agents DIR`, else the project's `agents/`, else the one shipped with toolkit. */
export function locateAgents(projectDir: string, option?: string): string {
  if (option !== undefined) {
    if (!isDir(resolve(option))) throw new UsageMistake(`--agents ${option}: not a directory`);
    return resolve(option);
  }
  const own = join(projectDir, 'agents');
  return isDir(own) ? own : join(toolkitRoot, 'agents');
}

/** Agent directories (each with agent.mjs) under `agentsDir`, sorted by name. */
export function listAgents(agentsDir: string): string[] {
  if (!isDir(agentsDir)) return [];
  return readdirSync(agentsDir)
    .filter((name) => !name.startsWith('.') && !name.startsWith('_'))
    .map((name) => join(agentsDir, name))
    .filter((dir) => existsSync(join(dir, 'agent.mjs')))
    .sort();
}

/** One agent: a name under `agentsDir`, or a path to its directory or its agent.mjs. */
export function resolveAgent(agentsDir: string, nameOrPath: string): string {
  const direct = resolve(nameOrPath);
  if (nameOrPath.includes('/') || nameOrPath.includes('\\') || nameOrPath.endsWith('.mjs')) {
    const dir = direct.endsWith('agent.mjs') ? resolve(direct, '..') : direct;
    if (!existsSync(join(dir, 'agent.mjs'))) throw new UsageMistake(`${nameOrPath}: no agent.mjs there`);
    return dir;
  }
  const dir = join(agentsDir, nameOrPath);
  if (!existsSync(join(dir, 'agent.mjs'))) {
    const known = listAgents(agentsDir).map((d) => d.slice(agentsDir.length + 1));
    throw new UsageMistake(
      `no agent ${JSON.stringify(nameOrPath)} in ` +
        `${agentsDir}${known.length ? ` (agents: ${known.join(', ')})` : ' (it has no agents)'}`,
    );
  }
  return dir;
}
