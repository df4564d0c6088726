/**
 * What a server says at start about server params its schemas use but the user has not granted
 * them: one line, naming each `namespace:VARIABLE` (or, for a bundle whose schemas are read on
 * first need, each variable no schema was granted) and how to grant one. Never a value.
 */
import type { SchemaModel } from '../model.ts';
import { secretKeysOf } from '../create-runtime.ts';
import type { SchemaSource } from '../schema-source.ts';
import { environmentGrantHint, grantedVariables, isGranted, type GrantHint, type Grants } from './grants.ts';
import { reservedServerParam } from './reserved-server-params.ts';

export function ungrantedNotes(
  schemas: readonly SchemaModel[] | SchemaSource,
  secretKeys: readonly string[],
  grants: Grants,
  hint: GrantHint = environmentGrantHint,
): string[] {
  if (Array.isArray(schemas)) {
    const missing = new Set<string>();
    for (const schema of schemas as readonly SchemaModel[]) {
      for (const key of secretKeysOf([schema])) {
        if (reservedServerParam(key) !== undefined || isGranted(grants, schema.namespace, key)) continue;
        missing.add(`${schema.namespace}:${key}`);
      }
    }
    if (missing.size === 0) return [];
    const sorted = [...missing].sort();
    const [namespace, key] = sorted[0]!.split(':') as [string, string];
    const what = 'server params not granted to the schemas that use them (their tools refuse every call)';
    return [`${what}: ${sorted.join(', ')}; to grant one, ${hint(namespace, key)}`];
  }
  const granted = grantedVariables(grants);
  const missing = secretKeys.filter((key) => reservedServerParam(key) === undefined && !granted.has(key)).sort();
  if (missing.length === 0) return [];
  const what = 'server params granted to no schema (the tools that use them refuse every call)';
  return [`${what}: ${missing.join(', ')}; to grant one, ${hint('<namespace>', missing[0]!)}`];
}
