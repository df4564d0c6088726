/**
 * Runs every rule that needs only `main` (and the handlers' AST): the part shared by
 * `validateMain`, `validateSchema` and `loadSchema`. Rules that need other files run in the loader.
 */
import type { HandlersSource } from '../parse/read-schema.ts';
import type { Reporter } from './reporter.ts';
import { isObject, isString, isStringArray, toolContainer, type Obj } from './checks.ts';
import type { SchemaNames } from './content-placeholders.ts';
import { checkHandlerKeys } from './handler-keys.ts';
import { checkLimits } from './limits.ts';
import { checkMainFields } from './main-fields.ts';
import { checkParameter } from './parameters.ts';
import type { ListCatalog } from './primitive-options.ts';
import { checkPromptDeclarations, type PromptDeclaration } from './prompts.ts';
import { checkResources, type DatabaseExists } from './resources.ts';
import { checkSharedListRefs, checkUnusedLists, type ListReference } from './shared-list-refs.ts';
import { checkSkillDeclarations, type SkillDeclaration } from './skills.ts';
import { checkRootAndHeaders, checkToolPath } from './tool-paths.ts';
import { checkToolOutput } from './tool-output.ts';
import { checkToolTests } from './tool-tests.ts';
import { checkToolFields } from './tools.ts';

export interface MainValidationOptions {
  readonly handlers?: HandlersSource;
  /** Field keys of the shared lists that were loaded (enables VAL049). */
  readonly listFields?: ReadonlyMap<string, ReadonlySet<string>>;
  /** Enables RES020 when the loader knows where databases live. */
  readonly databaseExists?: DatabaseExists;
}

/** What later (file-level) stages need from `main` once it passed the shape rules. */
export interface MainFacts {
  readonly main: Obj;
  readonly listRefs: readonly ListReference[];
  readonly prompts: readonly PromptDeclaration[];
  readonly skills: readonly SkillDeclaration[];
  readonly names: SchemaNames;
}

export function validateMainValue(main: unknown, r: Reporter, options: MainValidationOptions = {}): MainFacts | undefined {
  if (!isObject(main)) {
    r.report('VAL002', [], '`main` must be an object');
    return undefined;
  }
  checkMainFields(main, r);
  checkLimits(main, r);
  const declared = new Set(isStringArray(main.requiredServerParams) ? main.requiredServerParams : []);
  checkRootAndHeaders(main, declared, r);
  const listRefs = checkSharedListRefs(main.sharedLists, r);
  const lists: ListCatalog = { declared: new Set(listRefs.map((l) => l.ref)), used: new Set(), ...(options.listFields ? { fields: options.listFields } : {}) };

  const { key: containerKey, tools } = toolContainer(main);
  const toolNames = Object.keys(tools);
  for (const name of toolNames) {
    const at = [containerKey, name];
    const tool = tools[name];
    if (!checkToolFields(name, tool, at, r)) continue;
    const insertKeys = new Set<string>();
    const userKeys = new Set<string>();
    if (Array.isArray(tool.parameters)) {
      tool.parameters.forEach((parameter, i) => {
        const facts = checkParameter(name, parameter, [...at, 'parameters', i], declared, lists, r);
        if (facts?.location === 'insert') insertKeys.add(facts.key);
        if (facts?.visible) userKeys.add(facts.key);
      });
    }
    if (isString(tool.path)) checkToolPath(name, tool.path, insertKeys, declared, [...at, 'path'], r);
    checkToolOutput(name, tool.output, [...at, 'output'], r);
    checkToolTests(name, tool.tests, userKeys, [...at, 'tests'], r);
  }
  checkUnusedLists(listRefs, lists.used, options.handlers?.source, r);

  checkResources(main.resources, r, options.databaseExists);
  const resourceNames = new Set(isObject(main.resources) ? Object.keys(main.resources) : []);
  checkHandlerKeys(options.handlers, new Set(toolNames), resourceNames, r.file, r);
  if (main.root === '' && (!options.handlers || options.handlers.entries !== undefined)) {
    // An empty root only works for tools an executeRequest handler answers.
    const executes = new Set((options.handlers?.entries ?? []).filter((e) => e.members.includes('executeRequest')).map((e) => e.key));
    for (const name of toolNames.filter((t) => !executes.has(t))) {
      r.report('VAL015', [containerKey, name], `tool ${name}: main.root is empty and no executeRequest handler answers this tool`);
    }
  }
  const prompts = checkPromptDeclarations(main.prompts, r);
  const skills = checkSkillDeclarations(main.skills, r);
  const names: SchemaNames = {
    namespace: isString(main.namespace) ? main.namespace : '',
    tools: new Set(toolNames),
    resources: resourceNames,
    skills: new Set(isObject(main.skills) ? Object.keys(main.skills) : []),
  };
  return { main, listRefs, prompts, skills, names };
}
