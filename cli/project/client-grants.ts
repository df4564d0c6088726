/**
 * What `toolkit server --print-config` puts in a client's `env` block: the grants the served
 * schemas use (as `TOOLKIT_GRANTS`), a placeholder for each granted variable, and, for the user to
 * read, what the served schemas use but were not granted (never written into the block: a grant is
 * the user's decision, not the printer's).
 */
import { secretKeysOf } from '../../runtime/create-runtime.ts';
import type { SchemaModel } from '../../runtime/model.ts';
import { isGranted, type Grants } from '../../runtime/secrets/grants.ts';
import { reservedServerParam } from '../../runtime/secrets/reserved-server-params.ts';

export interface ClientGrants {
  /** The grants the served schemas use, for `TOOLKIT_GRANTS`. */
  readonly granted: Grants;
  /** The granted variables, each a placeholder of the `env` block. */
  readonly keys: string[];
  /** `namespace:VARIABLE` the served schemas use but were not granted. */
  readonly ungranted: string[];
}

export function grantsForClient(models: readonly SchemaModel[], grants: Grants): ClientGrants {
  const granted = new Map<string, Set<string>>();
  const ungranted = new Set<string>();
  for (const model of models) {
    for (const key of secretKeysOf([model])) {
      if (reservedServerParam(key) !== undefined) continue;
      if (!isGranted(grants, model.namespace, key)) {
        ungranted.add(`${model.namespace}:${key}`);
        continue;
      }
      let set = granted.get(model.namespace);
      if (!set) granted.set(model.namespace, (set = new Set()));
      set.add(key);
    }
  }
  const keys = [...new Set([...granted.values()].flatMap((set) => [...set]))].sort();
  return { granted, keys, ungranted: [...ungranted].sort() };
}
