/**
 * Format 4's selections (`selections/<namespace>/<name>.mjs`, `export const selection`): a named
 * set of tools, skills, resources and prompts with `whenToUse` (SEL001), not empty (SEL002), its
 * own fields (SEL005) and the slash rule (VAL110): tools, resources and prompts are full IDs
 * `namespace/type/name`; skills are bare names (an array, or `{ name: { file } }`).
 */
import type { Reporter } from '../reporter.ts';
import { isNonEmptyString, isObject, isString, KEBAB_NAME, show, type Obj } from '../checks.ts';

const REFERENCE_LISTS = ['tools', 'resources', 'prompts'] as const;

export function checkSelection(selection: Obj, r: Reporter): void {
  if (!isString(selection.namespace) || !KEBAB_NAME.test(selection.namespace))
    r.report(
      'SEL005',
      ['namespace'],
      `selection namespace must match ^[a-z][a-z0-9-]*$, got ${show(selection.namespace)}`,
    );
  if (!isString(selection.name) || !KEBAB_NAME.test(selection.name))
    r.report('SEL005', ['name'], `selection name must be kebab-case, got ${show(selection.name)}`);
  if (selection.version !== 'flowmcp/4.0.0' && selection.version !== 'toolkit/4.0.0')
    r.report('SEL005', ['version'], `selection version must be 'flowmcp/4.0.0', got ${show(selection.version)}`);
  if (!isNonEmptyString(selection.description))
    r.report('SEL005', ['description'], 'selection description must be a non-empty string');
  if (!isNonEmptyString(selection.whenToUse))
    r.report('SEL001', ['whenToUse'], 'selection whenToUse must say when an agent should use this selection');
  let entries = 0;
  for (const field of REFERENCE_LISTS) {
    const list = selection[field];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      r.report('SEL005', [field], `selection ${field} must be an array of full IDs (namespace/type/name)`);
      continue;
    }
    entries += list.length;
    list.forEach((id, i) => {
      if (!isString(id) || !id.includes('/'))
        r.report(
          'VAL110',
          [field, i],
          `selection ${field}[${i}] must be a full ID namespace/type/name, got ${show(id)}`,
        );
    });
  }
  const skills = selection.skills;
  const skillNames = Array.isArray(skills) ? skills : isObject(skills) ? Object.keys(skills) : undefined;
  if (skills !== undefined && skillNames === undefined)
    r.report('SEL005', ['skills'], 'selection skills must be an array of names or { name: { file } }');
  skillNames?.forEach((name, i) => {
    if (!isString(name) || name.includes('/'))
      r.report(
        'VAL110',
        Array.isArray(skills) ? ['skills', i] : ['skills', String(name)],
        `selection skills are bare names without /, got ${show(name)}`,
      );
  });
  entries += skillNames?.length ?? 0;
  if (entries === 0) r.report('SEL002', [], 'a selection must list at least one tool, skill, resource or prompt');
}
