/**
 * Format 4's skill files (`skills/<name>.mjs` beside the schema, `export const skill`): a name that
 * is the file's, version `flowmcp/4.0.0` (the legacy `flowmcp-skill/1.0.0` warns), a `type`
 * (namespace, selection or agent), `whenToUse`, description, content, optional `requires` of the
 * schema's own tools and resources, optional typed `input`. Rules SKL026–SKL029 plus the shared
 * SKL ids where the meaning is the same.
 */
import type { Reporter } from '../reporter.ts';
import { isNonEmptyString, isObject, isString, isStringArray, show, type Obj } from '../checks.ts';
import type { SchemaNames } from '../content-placeholders.ts';

const NAME = /^[a-z][a-z0-9-]{0,63}$/;
export const SKILL_4_VERSIONS = new Set(['flowmcp/4.0.0', 'toolkit/4.0.0']);
const LEGACY_VERSIONS = new Set(['flowmcp-skill/1.0.0', 'toolkit-skill/1.0.0']);
const TYPES = new Set(['namespace', 'selection', 'agent']);
const INPUT_TYPES = new Set(['string', 'number', 'boolean', 'enum']);

export function checkSkill4(fileName: string, skill: Obj, names: SchemaNames, r: Reporter): void {
  if (!isString(skill.name) || !NAME.test(skill.name))
    r.report('SKL002', ['name'], `skill name ${show(skill.name)} must match ^[a-z][a-z0-9-]{0,63}$`);
  else if (skill.name !== fileName)
    r.report('SKL003', ['name'], `skill name ${show(skill.name)} must be its file name ${show(fileName)}`);
  if (isString(skill.version) && LEGACY_VERSIONS.has(skill.version))
    r.report('SKL029', ['version'], `skill version ${skill.version} is the legacy form: write 'flowmcp/4.0.0'`);
  else if (!isString(skill.version) || !SKILL_4_VERSIONS.has(skill.version))
    r.report('SKL028', ['version'], `skill version must be 'flowmcp/4.0.0', got ${show(skill.version)}`);
  if (!isString(skill.type) || !TYPES.has(skill.type))
    r.report('SKL026', ['type'], `skill type must be namespace, selection or agent, got ${show(skill.type)}`);
  if (!isNonEmptyString(skill.whenToUse))
    r.report('SKL027', ['whenToUse'], 'skill whenToUse must say, in a sentence, when an agent should use this skill');
  if (!isNonEmptyString(skill.description))
    r.report('SKL007', ['description'], 'skill description must be a non-empty string');
  if (!isNonEmptyString(skill.content)) r.report('SKL010', ['content'], 'skill content must be a non-empty string');
  if (skill.output !== undefined && !isNonEmptyString(skill.output))
    r.report('SKL011', ['output'], 'skill output must be a non-empty string');
  checkRequires(skill.requires, names, r);
  if (skill.input !== undefined) {
    if (!Array.isArray(skill.input))
      r.report('SKL013', ['input'], 'skill input must be an array of { key, type, description, required }');
    else
      skill.input.forEach((item, i) => {
        if (!isObject(item) || !isString(item.type) || !INPUT_TYPES.has(item.type))
          r.report(
            'SKL013',
            ['input', i],
            `skill input ${i} must be an object whose type is string, number, boolean or enum`,
          );
      });
  }
}

function checkRequires(requires: unknown, names: SchemaNames, r: Reporter): void {
  if (requires === undefined) return;
  const fields = ['tools', 'resources', 'external'] as const;
  if (!isObject(requires) || fields.some((f) => requires[f] !== undefined && !isStringArray(requires[f]))) {
    return r.report(
      'SKL024',
      ['requires'],
      'skill requires must be { tools?, resources?, external? }, arrays of strings',
    );
  }
  (requires.tools as string[] | undefined)?.forEach((tool, i) => {
    if (!names.tools.has(tool))
      r.report(
        'SKL005',
        ['requires', 'tools', i],
        `skill requires tool ${show(tool)}, which is not a tool of the schema`,
      );
  });
  (requires.resources as string[] | undefined)?.forEach((resource, i) => {
    if (!names.resources.has(resource))
      r.report(
        'SKL006',
        ['requires', 'resources', i],
        `skill requires resource ${show(resource)}, which is not a resource of the schema`,
      );
  });
}
