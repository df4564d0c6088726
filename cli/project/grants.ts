/**
 * The project's grants (`"grants"` in `.toolkit/config.json`: which server param each schema may
 * use, by namespace), read and written for `toolkit grant`, `add`, `status`, `server`, `call` and
 * `test`. A server started by the CLI uses the project's grants and those of `TOOLKIT_GRANTS`.
 */
import {
  grantProblem,
  grantsFromEnvironment,
  grantsFromRecord,
  grantsRecord,
  GrantsError,
  mergeGrants,
  type Grants,
  type GrantsRecord,
} from '../../runtime/secrets/grants.ts';
import { UsageMistake } from '../errors.ts';
import { configPath, readProjectFile, writeProjectFile } from './config-file.ts';

const isGrantsRecord = (value: unknown): value is GrantsRecord =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.values(value).every((list) => Array.isArray(list) && list.every((item) => typeof item === 'string'));

/**
 * The project's grants; a broken entry is a usage mistake naming the file. Read without zod (as
 * `config-file.ts` reads the other keys the CLI owns), so the commands that need grants start fast.
 */
export function projectGrants(projectDir: string): Grants {
  const grants = readProjectFile(projectDir).raw.grants ?? {};
  const file = configPath(projectDir);
  if (!isGrantsRecord(grants)) {
    throw new UsageMistake(`${file}: grants must be { "<namespace>": ["<VARIABLE>", …] }`);
  }
  try {
    return grantsFromRecord(grants, file);
  } catch (error) {
    if (error instanceof GrantsError) throw new UsageMistake(error.message);
    throw error;
  }
}

/** What a server or call started by the CLI uses: the project's grants and `TOOLKIT_GRANTS`. */
export function effectiveGrants(
  projectDir: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Grants {
  try {
    return mergeGrants(projectGrants(projectDir), grantsFromEnvironment(env));
  } catch (error) {
    if (error instanceof GrantsError) throw new UsageMistake(error.message);
    throw error;
  }
}

/** Adds (or, with `revoke`, removes) grants of `namespace` in the project; returns the variables that changed. */
export function changeGrants(
  projectDir: string,
  namespace: string,
  variables: readonly string[],
  revoke = false,
): string[] {
  for (const variable of variables) {
    const problem = grantProblem(namespace, variable);
    if (problem !== undefined) throw new UsageMistake(problem);
  }
  const grants = new Map([...projectGrants(projectDir)].map(([ns, set]) => [ns, new Set(set)]));
  const set = grants.get(namespace) ?? new Set<string>();
  const changed = variables.filter((variable) => set.has(variable) === revoke);
  for (const variable of changed) {
    if (revoke) set.delete(variable);
    else set.add(variable);
  }
  grants.set(namespace, set);
  if (changed.length > 0) writeProjectFile(projectDir, { grants: grantsRecord(grants) });
  return changed;
}

/** The other namespaces `variable` is granted to (a key given to two schemas is worth a word). */
export const alsoGrantedTo = (grants: Grants, namespace: string, variable: string): string[] =>
  [...grants]
    .filter(([ns, set]) => ns !== namespace && set.has(variable))
    .map(([ns]) => ns)
    .sort();
