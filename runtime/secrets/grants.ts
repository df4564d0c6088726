/**
 * Grants: which server params (API keys) the user gave to which schema. A schema's tools get the
 * value of a variable only when the user granted that variable to the schema's namespace; a schema
 * that merely names a variable (another schema's key, or any variable of the machine) gets nothing,
 * and an ungranted variable is never even read from the environment. The reserved list
 * (`reserved-server-params.ts`) stays a second wall: a reserved name cannot be granted.
 *
 * Grants come from the project (`"grants": { "<namespace>": ["<VARIABLE>", …] }` in
 * `.toolkit/config.json`, written by `toolkit add` and `toolkit grant`) and from the environment
 * variable `TOOLKIT_GRANTS` (`<namespace>:<VARIABLE>` pairs joined by commas, read once at a
 * server's entry), which is how a built bundle outside a project and an MCP client's `env` block
 * carry them. Both add up.
 */
import { reservedServerParam, reservedServerParamText } from './reserved-server-params.ts';

/** Namespace → the variables granted to it. */
export type Grants = ReadonlyMap<string, ReadonlySet<string>>;

/** Grants as written in `.toolkit/config.json`: namespace → variable names. */
export type GrantsRecord = Readonly<Record<string, readonly string[]>>;

/** Names of every format (format 4's namespaces may hold digits and hyphens). */
const NAMESPACE = /^[a-z][a-z0-9-]*$/;
const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The environment variable that carries grants into a server started without a project. */
export const GRANTS_VARIABLE = 'TOOLKIT_GRANTS';

/** A grant that cannot be used; the message names where it was written and what is wrong. */
export class GrantsError extends Error {
  override readonly name = 'GrantsError';
}

export const noGrants: Grants = new Map();

/** Why `namespace` / `variable` cannot be a grant, or undefined when they can. */
export function grantProblem(namespace: string, variable: string): string | undefined {
  if (!NAMESPACE.test(namespace)) return `"${namespace}" is not a namespace (lowercase letters, digits and hyphens)`;
  if (!VARIABLE.test(variable) || variable === '__proto__') {
    return `"${variable}" is not a variable name (letters, digits and _)`;
  }
  if (reservedServerParam(variable) !== undefined) return reservedServerParamText(variable);
  return undefined;
}

function add(into: Map<string, Set<string>>, namespace: string, variable: string, where: string): void {
  const problem = grantProblem(namespace, variable);
  if (problem !== undefined) throw new GrantsError(`${where}: ${problem}`);
  let set = into.get(namespace);
  if (!set) into.set(namespace, (set = new Set()));
  set.add(variable);
}

/** Grants from the project's `grants` object; `where` names the file in errors. */
export function grantsFromRecord(record: GrantsRecord, where: string): Grants {
  const grants = new Map<string, Set<string>>();
  for (const [namespace, variables] of Object.entries(record)) {
    for (const variable of variables) add(grants, namespace, variable, `${where}: grants.${namespace}`);
  }
  return grants;
}

/** Grants from `TOOLKIT_GRANTS` text: `weather:WEATHER_KEY,github:GITHUB_TOKEN` (spaces around items ignored). */
export function parseGrants(text: string, where = GRANTS_VARIABLE): Grants {
  const grants = new Map<string, Set<string>>();
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const colon = item.indexOf(':');
    if (colon <= 0) {
      throw new GrantsError(`${where}: "${item}" is not <namespace>:<VARIABLE> (e.g. weather:WEATHER_API_KEY)`);
    }
    add(grants, item.slice(0, colon).trim(), item.slice(colon + 1).trim(), where);
  }
  return grants;
}

/** Grants from the environment's `TOOLKIT_GRANTS`, if set. */
export const grantsFromEnvironment = (env: Readonly<Record<string, string | undefined>>): Grants =>
  env[GRANTS_VARIABLE] ? parseGrants(env[GRANTS_VARIABLE]!) : noGrants;

/** Every grant of every argument. */
export function mergeGrants(...all: readonly Grants[]): Grants {
  const merged = new Map<string, Set<string>>();
  for (const grants of all)
    for (const [namespace, variables] of grants)
      for (const variable of variables) {
        let set = merged.get(namespace);
        if (!set) merged.set(namespace, (set = new Set()));
        set.add(variable);
      }
  return merged;
}

export const isGranted = (grants: Grants, namespace: string, variable: string): boolean =>
  grants.get(namespace)?.has(variable) === true;

/** Every variable granted to some namespace: the only ones a server reads. */
export function grantedVariables(grants: Grants): Set<string> {
  const all = new Set<string>();
  for (const variables of grants.values()) for (const variable of variables) all.add(variable);
  return all;
}

/** Grants as `TOOLKIT_GRANTS` text, sorted (the same grants always give the same text). */
export function grantsText(grants: Grants): string {
  return [...grants]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([namespace, variables]) => [...variables].sort().map((variable) => `${namespace}:${variable}`))
    .join(',');
}

/** Grants as the project file writes them, sorted. */
export function grantsRecord(grants: Grants): Record<string, string[]> {
  const record: Record<string, string[]> = {};
  for (const namespace of [...grants.keys()].sort()) {
    const variables = [...grants.get(namespace)!].sort();
    if (variables.length > 0) record[namespace] = variables;
  }
  return record;
}

/**
 * How a user grants a variable where this server runs: named in the one-line error of a call that
 * lacks the grant. `toolkit server` and the CLI name `toolkit grant`; a bundle names `TOOLKIT_GRANTS`.
 */
export type GrantHint = (namespace: string, variable: string) => string;

export const environmentGrantHint: GrantHint = (namespace, variable) =>
  `start the server with ${GRANTS_VARIABLE}=${namespace}:${variable} in its environment ` +
  '(the "env" block of the MCP client configuration)';

export const commandGrantHint: GrantHint = (namespace, variable) => `run \`toolkit grant ${namespace} ${variable}\``;
