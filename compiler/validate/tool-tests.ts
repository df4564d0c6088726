/** Rules on a tool's optional `tests` examples (TST002, TST006). */
import type { Reporter } from './reporter.ts';
import { isObject, isString, show } from './checks.ts';

export function checkToolTests(
  name: string,
  tests: unknown,
  userKeys: ReadonlySet<string>,
  at: readonly (string | number)[],
  r: Reporter,
): void {
  if (tests === undefined) return;
  if (!Array.isArray(tests))
    return r.report('TST002', at, `tool ${name}: tests must be an array of objects with a _description`);
  tests.forEach((test, i) => {
    if (!isObject(test) || !isString(test._description)) {
      r.report('TST002', [...at, i], `tool ${name}: test ${i} must be an object with a _description string`);
      return;
    }
    for (const key of Object.keys(test)) {
      if (key !== '_description' && !userKeys.has(key))
        r.report('TST006', [...at, i, key], `tool ${name}: test ${i} sets ${show(key)}, which is not a user parameter`);
    }
  });
}
