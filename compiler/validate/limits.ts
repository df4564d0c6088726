/** The per-schema limits in one place (VAL031, RES003, RES008, SKL018, PRM012). */
import type { Reporter } from './reporter.ts';
import { isObject, toolContainer, type Obj } from './checks.ts';

export const LIMITS = {
  tools: 8,
  resources: 2,
  /** Per resource, including the runtime's `freeQuery`. */
  queries: 8,
  skills: 4,
  prompts: 4,
} as const;

export function checkLimits(main: Obj, r: Reporter, format: 2 | 3 = 3): void {
  const { key, tools } = toolContainer(main);
  const toolCount = Object.keys(tools).length;
  if (toolCount > LIMITS.tools)
    r.report(
      'VAL031',
      [key],
      `schema exceeds maximum of ${LIMITS.tools} ${format === 2 ? 'routes' : 'tools'} (found ${toolCount})`,
    );
  if (isObject(main.resources)) {
    const names = Object.keys(main.resources);
    if (names.length > LIMITS.resources)
      r.report('RES003', ['resources'], `at most ${LIMITS.resources} resources per schema, found ${names.length}`);
    for (const name of names) {
      const resource = main.resources[name];
      if (!isObject(resource) || !isObject(resource.queries)) continue;
      const defined = Object.keys(resource.queries).filter((q) => q !== 'freeQuery').length;
      if (defined + 1 > LIMITS.queries) {
        r.report(
          'RES008',
          ['resources', name, 'queries'],
          `resource ${name}: at most ${LIMITS.queries} queries including freeQuery (${LIMITS.queries - 1} defined), ` +
            `found ${defined} defined`,
        );
      }
    }
  }
  if (isObject(main.skills) && Object.keys(main.skills).length > LIMITS.skills) {
    r.report(
      'SKL018',
      ['skills'],
      `at most ${LIMITS.skills} skills per schema, found ${Object.keys(main.skills).length}`,
    );
  }
  if (isObject(main.prompts) && Object.keys(main.prompts).length > LIMITS.prompts) {
    r.report(
      'PRM012',
      ['prompts'],
      `at most ${LIMITS.prompts} prompts per schema, found ${Object.keys(main.prompts).length}`,
    );
  }
}
