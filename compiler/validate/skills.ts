/** Rules on `main.skills` declarations and skill files (SKL002–SKL025; the count is in limits.ts). */
import type { Reporter } from './reporter.ts';
import {
  CAMEL_CASE,
  isNonEmptyString,
  isObject,
  isString,
  isStringArray,
  KEBAB_NAME,
  show,
  type Obj,
} from './checks.ts';
import { contentPlaceholders, toolResolves, type SchemaNames } from './content-placeholders.ts';

export interface SkillDeclaration {
  readonly name: string;
  readonly file: string;
}

export function checkSkillDeclarations(value: unknown, r: Reporter): SkillDeclaration[] {
  if (value === undefined) return [];
  if (!isObject(value)) {
    r.report('SKL016', ['skills'], 'main.skills must be an object of { file } entries');
    return [];
  }
  const names = Object.keys(value);
  const out: SkillDeclaration[] = [];
  for (const name of names) {
    const at = ['skills', name];
    if (!KEBAB_NAME.test(name)) r.report('SKL002', at, `skill name ${show(name)} must match ^[a-z][a-z0-9-]*$`);
    const entry = value[name];
    const file = isObject(entry) ? entry.file : undefined;
    if (!isString(file) || !file.endsWith('.mjs') || file.startsWith('/') || file.split(/[\\/]/).includes('..')) {
      r.report('SKL016', at, `skill ${name}: needs { file: './skills/<file>.mjs' } (relative, .mjs, no ..)`);
      continue;
    }
    out.push({ name, file });
  }
  return out;
}

const INPUT_TYPES = new Set(['string', 'number', 'boolean', 'enum']);

/** Skill identifiers accepted: ours, and the prior art's, which community skill files carry (same fields). */
export const SKILL_VERSIONS: ReadonlySet<string> = new Set(['toolkit-skill/1.0.0', 'flowmcp-skill/1.0.0']);

/** Checks the `skill` export of a skill file; returns the skills its content references. */
export function checkSkillFile(key: string, skill: Obj, names: SchemaNames, r: Reporter): string[] {
  if (!isString(skill.name) || !KEBAB_NAME.test(skill.name))
    r.report('SKL002', ['name'], `skill name ${show(skill.name)} must match ^[a-z][a-z0-9-]*$`);
  else if (skill.name !== key)
    r.report('SKL003', ['name'], `skill name ${show(skill.name)} must match its key ${show(key)} in main.skills`);
  if (!isString(skill.version) || !SKILL_VERSIONS.has(skill.version))
    r.report(
      'SKL004',
      ['version'],
      `skill version must be toolkit-skill/1.0.0 (or the prior art's flowmcp-skill/1.0.0), got ${show(skill.version)}`,
    );
  if (!isNonEmptyString(skill.description))
    r.report('SKL007', ['description'], 'skill description must be a non-empty string');
  // Optional: the prior art's skills have no such field; when written it names the model (`provider/model`).
  if (skill.testedWith !== undefined && !isNonEmptyString(skill.testedWith))
    r.report(
      'SKL019',
      ['testedWith'],
      'skill testedWith, when present, must be a non-empty string: the model the skill was tested with',
    );
  if (skill.output !== undefined && !isNonEmptyString(skill.output))
    r.report('SKL011', ['output'], 'skill output must be a non-empty string');
  checkRequires(skill.requires, names, r);
  const inputs = checkInputs(skill.input, r);
  if (!isNonEmptyString(skill.content)) {
    r.report('SKL010', ['content'], 'skill content must be a non-empty string');
    return [];
  }
  const referenced: string[] = [];
  for (const p of contentPlaceholders(skill.content)) {
    const tag = `{{${p.type}:${p.name}}}`;
    if (p.type === 'tool') {
      if (!toolResolves(p.name, names))
        r.report('SKL020', ['content'], `skill placeholder ${tag} does not resolve to a tool of this schema`);
    } else if (p.type === 'resource') {
      if (!names.resources.has(p.name))
        r.report('SKL021', ['content'], `skill placeholder ${tag} does not resolve to a resource of this schema`);
    } else if (p.type === 'skill') {
      if (!names.skills.has(p.name))
        r.report('SKL022', ['content'], `skill placeholder ${tag} does not name a skill in main.skills`);
      else referenced.push(p.name);
    } else if (p.type === 'input') {
      if (!inputs.has(p.name)) r.report('SKL008', ['content'], `skill placeholder ${tag} has no matching input`);
    } else {
      r.report('SKL025', ['content'], `skill placeholder ${tag} must be tool, resource, skill or input`);
    }
  }
  return referenced;
}

function checkRequires(requires: unknown, names: SchemaNames, r: Reporter): void {
  if (
    !isObject(requires) ||
    !isStringArray(requires.tools) ||
    !isStringArray(requires.resources) ||
    !isStringArray(requires.external)
  ) {
    r.report(
      'SKL024',
      ['requires'],
      'skill requires must be { tools: [], resources: [], external: [] } (arrays of strings)',
    );
    return;
  }
  requires.tools.forEach((tool, i) => {
    if (!toolResolves(tool, names))
      r.report('SKL005', ['requires', 'tools', i], `skill requires tool ${show(tool)}, which is not in main.tools`);
  });
  requires.resources.forEach((resource, i) => {
    if (!names.resources.has(resource))
      r.report(
        'SKL006',
        ['requires', 'resources', i],
        `skill requires resource ${show(resource)}, which is not in main.resources`,
      );
  });
}

function checkInputs(input: unknown, r: Reporter): Set<string> {
  const keys = new Set<string>();
  if (input === undefined) return keys;
  if (!Array.isArray(input)) {
    r.report('SKL013', ['input'], 'skill input must be an array of { key, type, description, required }');
    return keys;
  }
  input.forEach((item, i) => {
    const at = ['input', i];
    if (!isObject(item)) return r.report('SKL013', at, `skill input ${i} must be an object`);
    if (!isString(item.key) || !CAMEL_CASE.test(item.key))
      r.report('SKL012', [...at, 'key'], `skill input key ${show(item.key)} must be camelCase`);
    else keys.add(item.key);
    if (!isString(item.type) || !INPUT_TYPES.has(item.type))
      r.report(
        'SKL013',
        [...at, 'type'],
        `skill input type must be string, number, boolean or enum, got ${show(item.type)}`,
      );
    if (!isNonEmptyString(item.description))
      r.report('SKL014', [...at, 'description'], 'skill input description must be a non-empty string');
    if (typeof item.required !== 'boolean')
      r.report('SKL015', [...at, 'required'], 'skill input required must be a boolean');
    const hasValues = item.values !== undefined;
    if (item.type === 'enum' ? !isStringArray(item.values) || item.values.length === 0 : hasValues) {
      r.report(
        'SKL009',
        [...at, 'values'],
        item.type === 'enum'
          ? 'skill input values are required for enum (non-empty string array)'
          : 'skill input values are only allowed for enum',
      );
    }
  });
  return keys;
}

/** SKL023: skills whose `{{skill:…}}` references lead back to themselves. */
export function findSkillCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const visit = (name: string, trail: string[]): void => {
    const at = trail.indexOf(name);
    if (at >= 0) {
      const cycle = trail.slice(at);
      const id = [...cycle].sort().join(',');
      if (!seen.has(id)) {
        seen.add(id);
        cycles.push([...cycle, name]);
      }
      return;
    }
    for (const next of graph.get(name) ?? []) visit(next, [...trail, name]);
  };
  for (const name of graph.keys()) visit(name, []);
  return cycles;
}
