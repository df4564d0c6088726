/**
 * The files of format 4 that are not the schema: namespace skills (`skills/<name>.mjs` beside the
 * schema; a folder's skills belong to its first schema file by name, so a skill is served once) and
 * selection files (`export const selection`, validated when given as a file; `selections/` folders
 * are not schema folders).
 */
import { basename, dirname, join } from 'node:path';
import type { SkillModel } from '../../runtime/model.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { isObject, isString, isStringArray, type Obj } from '../validate/checks.ts';
import type { SchemaNames } from '../validate/content-placeholders.ts';
import { checkSelection } from '../validate/format-4/selection.ts';
import { checkSkill4 } from '../validate/format-4/skills-4.ts';
import { linkOutside } from './content-files.ts';
import { checkExtensionSkill } from '../validate/skill-extension.ts';
import { readDataExport } from './data-module.ts';
import { skippedLink } from './find-schema-files.ts';
import type { LoadContext } from './load-context.ts';
import { readSkillFolder } from './skill-folder.ts';

/** The skills of the schema's folder, when this schema owns them (the folder's first `.mjs` file). */
export function loadSkills4(context: LoadContext, names: SchemaNames): SkillModel[] {
  const { schemaFile, fs, report } = context;
  const folder = dirname(schemaFile);
  const first = (fs.listDir?.(folder) ?? []).filter((name) => name.endsWith('.mjs')).sort()[0];
  if (first !== basename(schemaFile)) return [];
  const skillsDir = join(folder, 'skills');
  const files = (fs.listDir?.(skillsDir) ?? []).filter((name) => name.endsWith('.mjs')).sort();
  const skills: SkillModel[] = [];
  for (const file of files) {
    const path = join(skillsDir, file);
    const escapes = linkOutside(path, schemaFile, fs);
    if (escapes !== undefined) {
      report.include([skippedLink(path, `leads outside the schema's directory (to ${escapes})`)]);
      continue;
    }
    const text = fs.readText(path);
    if (text === undefined) continue;
    const data = readDataExport(path, text, 'skill');
    const name = file.slice(0, -'.mjs'.length);
    if (data.missing || (data.value !== undefined && !isObject(data.value)))
      data.reporter.report('SKL001', [], `${file} in skills/ must export \`skill\` as an object`);
    else if (isObject(data.value)) {
      checkSkill4(name, data.value, names, data.reporter);
      const files = readSkillFolder(context, name, path);
      const model = skillModel(name, data.value, files);
      checkExtensionSkill(model, data.reporter);
      skills.push(model);
    }
    report.include(data.reporter.diagnostics);
  }
  return skills;
}

function skillModel(name: string, skill: Obj, files: SkillModel['files']): SkillModel {
  const requires = isObject(skill.requires) ? skill.requires : {};
  const whenToUse = isString(skill.whenToUse) ? skill.whenToUse : '';
  const description = isString(skill.description) ? skill.description : '';
  return {
    name,
    // What a client sees first: what the skill does and when to use it.
    description: whenToUse && description ? `${description} Use when: ${whenToUse}` : description || whenToUse,
    content: isString(skill.content) ? skill.content : '',
    input: Array.isArray(skill.input)
      ? skill.input.filter(isObject).map((i) => ({
          key: String(i.key),
          type: (['string', 'number', 'boolean', 'enum'].includes(String(i.type))
            ? i.type
            : 'string') as SkillModel['input'][number]['type'],
          description: isString(i.description) ? i.description : '',
          required: i.required === true,
          ...(isStringArray(i.values) ? { values: i.values } : {}),
        }))
      : [],
    requires: {
      tools: isStringArray(requires.tools) ? requires.tools : [],
      resources: isStringArray(requires.resources) ? requires.resources : [],
      external: isStringArray(requires.external) ? requires.external : [],
    },
    ...(isString(skill.output) ? { output: skill.output } : {}),
    ...(files ? { files } : {}),
  };
}

/** A selection file's findings, or undefined when the module has no `selection` export. */
export function selectionFileDiagnostics(path: string, text: string): Diagnostic[] | undefined {
  const data = readDataExport(path, text, 'selection');
  if (data.missing) return undefined;
  if (isObject(data.value)) checkSelection(data.value, data.reporter);
  else if (data.value !== undefined) data.reporter.report('SEL005', [], '`selection` must be an object');
  return data.reporter.diagnostics;
}
