/**
 * Loads the prompt and skill files a schema declares, checks them with the prompt and skill rules,
 * and returns their model pieces. Each file's findings point into that file.
 */
import { dirname, join } from 'node:path';
import type { PromptModel, SkillInputModel, SkillModel } from '../../runtime/model.ts';
import { isObject, isString, isStringArray, type Obj } from '../validate/checks.ts';
import type { SchemaNames } from '../validate/content-placeholders.ts';
import { checkPromptFile, type PromptDeclaration } from '../validate/prompts.ts';
import { checkSkillFile, findSkillCycles, type SkillDeclaration } from '../validate/skills.ts';
import { checkExtensionSkill } from '../validate/skill-extension.ts';
import { readDataExport } from './data-module.ts';
import type { FileSystem } from './file-system.ts';
import { isInside } from './find-schema-files.ts';
import type { LoadContext } from './load-context.ts';
import { readSkillFolder } from './skill-folder.ts';

/**
 * Where a schema's content file leads when it is a link out of the schema's directory, else
 * undefined. Such a file is not read: its text would be embedded in the build's output and served
 * (any file of the machine that parses as a data module), as links out of the schema tree are not
 * followed either (PAR007).
 */
export function linkOutside(path: string, schemaFile: string, fs: FileSystem): string | undefined {
  const real = fs.realPath?.(path);
  const root = fs.realPath?.(dirname(schemaFile));
  return real !== undefined && root !== undefined && !isInside(root, real) ? real : undefined;
}

const outsideMessage = (what: string, file: string, real: string): string =>
  `${what}: ${file} is a link to ${real}, outside the schema's directory: symbolic link skipped; only links that ` +
  `stay inside it are followed`;

/** The prompts a schema declares, read from their files and checked (each file's findings point into it). */
export function loadPrompts(
  { schemaFile, fs, report: r }: LoadContext,
  declarations: readonly PromptDeclaration[],
  names: SchemaNames,
): PromptModel[] {
  const prompts: PromptModel[] = [];
  for (const { name, contentFile } of declarations) {
    const path = join(dirname(schemaFile), contentFile);
    const escapes = linkOutside(path, schemaFile, fs);
    if (escapes !== undefined) {
      r.report('PAR007', ['prompts', name, 'contentFile'], outsideMessage(`prompt ${name}`, contentFile, escapes));
      continue;
    }
    const text = fs.readText(path);
    if (text === undefined) {
      r.report(
        'PRM008',
        ['prompts', name, 'contentFile'],
        `prompt ${name}: content file ${contentFile} does not exist`,
      );
      continue;
    }
    const data = readDataExport(path, text, 'prompt');
    if (data.missing) data.reporter.report('PRM008', [], `prompt ${name}: ${contentFile} must export \`prompt\``);
    else if (isObject(data.value)) checkPromptFile(name, data.value, names, data.reporter);
    else if (data.value !== undefined)
      data.reporter.report('PRM008', [], `prompt ${name}: \`prompt\` must be an object`);
    r.include(data.reporter.diagnostics);
    const prompt = data.value;
    if (isObject(prompt) && isString(prompt.content)) {
      prompts.push({
        name,
        description: isString(prompt.description) ? prompt.description : '',
        content: prompt.content,
        dependsOn: isStringArray(prompt.dependsOn) ? prompt.dependsOn : [],
      });
    }
  }
  return prompts;
}

/** The skills a format-3 schema declares, read from their files (and folders) and checked. */
export function loadSkills(
  context: LoadContext,
  declarations: readonly SkillDeclaration[],
  names: SchemaNames,
): SkillModel[] {
  const { schemaFile, fs, report: r } = context;
  const skills: SkillModel[] = [];
  const graph = new Map<string, string[]>();
  for (const { name, file } of declarations) {
    const path = join(dirname(schemaFile), file);
    const escapes = linkOutside(path, schemaFile, fs);
    if (escapes !== undefined) {
      r.report('PAR007', ['skills', name, 'file'], outsideMessage(`skill ${name}`, file, escapes));
      continue;
    }
    const text = fs.readText(path);
    if (text === undefined) {
      r.report('SKL017', ['skills', name, 'file'], `skill ${name}: file ${file} does not exist`);
      continue;
    }
    const data = readDataExport(path, text, 'skill');
    if (data.missing) data.reporter.report('SKL001', [], `skill ${name}: ${file} must export \`skill\``);
    else if (data.value !== undefined && !isObject(data.value))
      data.reporter.report('SKL001', [], `skill ${name}: \`skill\` must be an object`);
    if (isObject(data.value)) {
      graph.set(name, checkSkillFile(name, data.value, names, data.reporter));
      const model = skillModel(name, data.value, readSkillFolder(context, name, path));
      checkExtensionSkill(model, data.reporter);
      skills.push(model);
    }
    r.include(data.reporter.diagnostics);
  }
  for (const cycle of findSkillCycles(graph)) {
    r.report('SKL023', ['skills', cycle[0] ?? ''], `skill references form a cycle: ${cycle.join(' → ')}`);
  }
  return skills;
}

function skillModel(name: string, skill: Obj, files: SkillModel['files']): SkillModel {
  const requires = isObject(skill.requires) ? skill.requires : {};
  const input: SkillInputModel[] = Array.isArray(skill.input)
    ? skill.input.filter(isObject).map((i) => ({
        key: String(i.key),
        type: (['string', 'number', 'boolean', 'enum'].includes(String(i.type))
          ? i.type
          : 'string') as SkillInputModel['type'],
        description: isString(i.description) ? i.description : '',
        required: i.required === true,
        ...(isStringArray(i.values) ? { values: i.values } : {}),
      }))
    : [];
  return {
    name,
    description: isString(skill.description) ? skill.description : '',
    content: isString(skill.content) ? skill.content : '',
    input,
    requires: {
      tools: isStringArray(requires.tools) ? requires.tools : [],
      resources: isStringArray(requires.resources) ? requires.resources : [],
      external: isStringArray(requires.external) ? requires.external : [],
    },
    ...(isString(skill.output) ? { output: skill.output } : {}),
    ...(isString(skill.testedWith) ? { testedWith: skill.testedWith } : {}),
    ...(files ? { files } : {}),
  };
}
