/**
 * The environment, read once at each entry (a bundle's start and `createTools()`, `toolkit server`
 * and the CLI's commands) into the runtime's typed options: grants (`TOOLKIT_GRANTS`), server params
 * (the granted variables' values, from `~/.toolkit/.env` and the environment), upstream and query
 * caps, the query tools switch and the home directory. Library code takes options only; nothing
 * below the entries reads `process.env` or the user's files.
 */
import { homedir } from 'node:os';
import { DEFAULT_TIMEOUT_MS, toGrants, type RuntimeOptions } from '../create-runtime.ts';
import { MAX_BODY_BYTES } from '../upstream/upstream-fetch.ts';
import type { PrimitivesOptions } from '../resources/primitives.ts';
import { grantedVariables, grantsFromEnvironment, type Grants } from '../secrets/grants.ts';
import { loadServerParams } from '../secrets/server-params.ts';

/** What an entry reads of its process: the environment's variables and the user's home directory. */
export interface EntryEnvironment {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly homeDir: string;
}

/** This process's environment and home directory (the one place the runtime's entries take them from). */
export const processEnvironment = (): EntryEnvironment => ({ env: process.env, homeDir: homedir() });

/** The options an entry gives the runtime, each from the caller when given, else from the environment. */
export type EnvironmentOptions = Required<
  Pick<RuntimeOptions, 'serverParams' | 'timeoutMs' | 'maxBodyBytes' | 'primitives'>
> & { readonly grants: Grants };

/** A positive number from a variable; undefined when unset or not one. */
function positive(value: string | undefined, integer: boolean): number | undefined {
  const number = Number(value);
  return (integer ? Number.isInteger(number) : Number.isFinite(number)) && number > 0 ? number : undefined;
}

/** The upstream timeout per call (`TOOLKIT_TIMEOUT_MS`), ms; undefined for the runtime's default. */
export const timeoutFromEnvironment = (env: EntryEnvironment['env']): number | undefined =>
  positive(env.TOOLKIT_TIMEOUT_MS, false);

/** The largest upstream body (`TOOLKIT_MAX_BODY_BYTES`); undefined for the runtime's default. */
export const maxBodyFromEnvironment = (env: EntryEnvironment['env']): number | undefined =>
  positive(env.TOOLKIT_MAX_BODY_BYTES, true);

/** Every query's time cap (`TOOLKIT_QUERY_TIMEOUT_MS`), ms; undefined for the default. */
export const queryTimeoutFromEnvironment = (env: EntryEnvironment['env']): number | undefined =>
  positive(env.TOOLKIT_QUERY_TIMEOUT_MS, false);

/** Whether the environment switches the query tools on (`TOOLKIT_QUERY_TOOLS=1` or `true`). */
export const queryToolsFromEnvironment = (env: EntryEnvironment['env']): boolean =>
  env.TOOLKIT_QUERY_TOOLS === '1' || env.TOOLKIT_QUERY_TOOLS === 'true';

/**
 * The runtime's options at an entry: what the caller gave wins; the rest is read from `environment`
 * now. Grants from `TOOLKIT_GRANTS` (a bad value throws a `GrantsError` naming it); server params are
 * only the granted variables' values.
 */
export function runtimeOptionsFrom(
  environment: EntryEnvironment,
  given: Partial<Pick<RuntimeOptions, 'grants' | 'serverParams' | 'timeoutMs' | 'maxBodyBytes' | 'primitives'>> = {},
): EnvironmentOptions {
  const { env, homeDir } = environment;
  const grants = toGrants(given.grants ?? grantsFromEnvironment(env));
  const serverParams = given.serverParams ?? loadServerParams({ keys: grantedVariables(grants), env, homeDir });
  const queryTimeout = queryTimeoutFromEnvironment(env);
  const primitives: PrimitivesOptions = {
    ...given.primitives,
    places: { home: homeDir, ...given.primitives?.places },
    queryTools: given.primitives?.queryTools ?? queryToolsFromEnvironment(env),
    ...(queryTimeout !== undefined || given.primitives?.queryLimits
      ? {
          queryLimits: {
            ...(queryTimeout !== undefined ? { timeoutMs: queryTimeout } : {}),
            ...given.primitives?.queryLimits,
          },
        }
      : {}),
  };
  return {
    grants,
    serverParams,
    timeoutMs: given.timeoutMs ?? timeoutFromEnvironment(env) ?? DEFAULT_TIMEOUT_MS,
    maxBodyBytes: given.maxBodyBytes ?? maxBodyFromEnvironment(env) ?? MAX_BODY_BYTES,
    primitives,
  };
}
