/**
 * Runs every rule that needs only `main` (and the handlers' AST): the part shared by
 * `validateMain`, `validateSchema` and `loadSchema`. Rules that need other files run in the loader.
 */
import type { HandlersSource } from '../parse/read-schema.ts';
import type { Reporter } from './reporter.ts';
import { isObject, isString, isStringArray, toolContainer, type Obj } from './checks.ts';
import type { SchemaNames } from './content-placeholders.ts';
import { checkTool } from './check-tool.ts';
import { checkFormat2, format2View, formatOf } from './format-2.ts';
import { checkFormat4, format4View } from './format-4/format-4.ts';
import { checkEmptyRoot, checkHandlerKeys } from './handler-keys.ts';
import { checkDescriptionLengths } from './description-lengths.ts';
import { checkLimits } from './limits.ts';
import { checkMainFields } from './main-fields.ts';
import type { ListCatalog } from './primitive-options.ts';
import { checkPromptDeclarations, type PromptDeclaration } from './prompts.ts';
import { checkResources, type DatabaseExists } from './resources.ts';
import { checkSharedListRefs, checkUnusedLists, type ListReference } from './shared-list-refs.ts';
import { checkSkillDeclarations, type SkillDeclaration } from './skills.ts';
import { checkRootAndHeaders } from './tool-paths.ts';

export interface MainValidationOptions {
  readonly handlers?: HandlersSource;
  /** Field keys of the shared lists that were loaded (enables VAL049). */
  readonly listFields?: ReadonlyMap<string, ReadonlySet<string>>;
  /** Enables RES020 when the loader knows where databases live. */
  readonly databaseExists?: DatabaseExists;
  /** `main.sharedLists` as already checked (and reported) by the caller; checked here otherwise. */
  readonly listRefs?: readonly ListReference[];
}

/** What later (file-level) stages need from `main` once it passed the shape rules. */
export interface MainFacts {
  /** `main` as the normalizer reads it (a format 2.0.0 or 4.x schema in its 3.x-equivalent form). */
  readonly main: Obj;
  readonly format: 2 | 3 | 4;
  readonly prompts: readonly PromptDeclaration[];
  readonly skills: readonly SkillDeclaration[];
  readonly names: SchemaNames;
}

export function validateMainValue(
  source: unknown,
  r: Reporter,
  options: MainValidationOptions = {},
): MainFacts | undefined {
  if (!isObject(source)) {
    r.report('VAL002', [], '`main` must be an object');
    return undefined;
  }
  const format = formatOf(source);
  if (format === 2) checkFormat2(source, options.handlers, r);
  if (format === 4) checkFormat4(source, r);
  // Formats 2.0.0 and 4.x are judged by the shared rules in their 3.x-equivalent reading (same paths, so same
  // positions).
  const view4 = format === 4 ? format4View(source) : undefined;
  const main = format === 2 ? format2View(source) : view4 ? view4.checked : source;
  const shared = format === 4 ? 3 : format;
  checkMainFields(main, r, format);
  checkLimits(main, r, shared);
  checkDescriptionLengths(main, r);
  const declared = new Set(isStringArray(main.requiredServerParams) ? main.requiredServerParams : []);
  checkRootAndHeaders(main, declared, r);
  const listRefs = options.listRefs ?? checkSharedListRefs(main.sharedLists, r);
  const lists: ListCatalog = {
    declared: new Set(listRefs.map((l) => l.ref)),
    used: new Set(),
    ...(options.listFields ? { fields: options.listFields } : {}),
    ...(format === 4 ? { listEnumIsSpecForm: true } : {}),
  };

  const { key: containerKey, tools } = toolContainer(main);
  const toolNames = Object.keys(tools);
  for (const name of toolNames) checkTool(name, tools[name], [containerKey, name], declared, lists, r);
  checkUnusedLists(listRefs, lists.used, options.handlers?.source, r);

  // Format 4's resources were judged by its own rules; the served view holds those this runtime serves.
  if (format !== 4) checkResources(main.resources, r, options.databaseExists);
  const resourceSource = view4 ? (source.resources as unknown) : main.resources;
  const resourceNames = new Set(isObject(resourceSource) ? Object.keys(resourceSource) : []);
  const queriesByResource = new Map(
    [...resourceNames].map((name) => {
      const resource = (resourceSource as Obj)[name];
      return [
        name,
        new Set(isObject(resource) && isObject(resource.queries) ? Object.keys(resource.queries) : []),
      ] as const;
    }),
  );
  checkHandlerKeys(options.handlers, new Set(toolNames), queriesByResource, r, shared);
  checkEmptyRoot(main.root, toolNames, options.handlers, containerKey, r);
  const prompts = checkPromptDeclarations(main.prompts, r);
  const skills = checkSkillDeclarations(main.skills, r);
  const names: SchemaNames = {
    namespace: isString(main.namespace) ? main.namespace : '',
    tools: new Set(toolNames),
    resources: resourceNames,
    skills: new Set(isObject(main.skills) ? Object.keys(main.skills) : []),
  };
  return { main: view4 ? view4.served : main, format, prompts, skills, names };
}
