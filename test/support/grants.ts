/**
 * The grants an honest user gives a set of schemas: each namespace the server params it declares
 * or uses itself, as `toolkit add` writes them for the tools it activates (reserved names never).
 * Test harnesses start servers with these, so a test that wants a schema to lack a grant says so.
 */
import { secretKeysOf } from '../../runtime/create-runtime.ts';
import type { SchemaModel } from '../../runtime/model.ts';
import { grantsText } from '../../runtime/secrets/grants.ts';
import { reservedServerParam } from '../../runtime/secrets/reserved-server-params.ts';

/** Namespace → its own variables. */
export function ownGrants(schemas: readonly SchemaModel[]): Map<string, Set<string>> {
  const grants = new Map<string, Set<string>>();
  for (const schema of schemas) {
    for (const key of secretKeysOf([schema])) {
      if (reservedServerParam(key) !== undefined) continue;
      let set = grants.get(schema.namespace);
      if (!set) grants.set(schema.namespace, (set = new Set()));
      set.add(key);
    }
  }
  return grants;
}

/** The same as `TOOLKIT_GRANTS` text. */
export const ownGrantsText = (schemas: readonly SchemaModel[]): string => grantsText(ownGrants(schemas));
