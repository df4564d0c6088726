/**
 * Validates an agent manifest (`agents/<name>/agent.mjs`, `export const agent`) statically, like a
 * schema: the file is read without running it, every rule reports with a line and column, and
 * external references (`<namespace>/tool/<name>`, `…/resource/…`, `…/prompt/…`) must resolve in
 * the catalog. The agent's own prompt and skill files are read and checked too.
 */
import { basename, join, resolve, sep } from 'node:path';
import type { PromptModel, SkillInputModel, SkillModel } from '../../runtime/model.ts';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { readDataExport } from '../load/data-module.ts';
import { nodeFileSystem, type FileSystem } from '../load/file-system.ts';
import { sortDiagnostics } from '../load/result.ts';
import { isNonEmptyString, isObject, isString, isStringArray, KEBAB_NAME, show, type Obj } from '../validate/checks.ts';
import type { Reporter } from '../validate/reporter.ts';
import {
  AGENT_VERSION,
  MIN_AGENT_TESTS,
  parseId,
  type AgentCatalog,
  type AgentPlan,
  type AgentTest,
  type ExternalRef,
} from './agent-plan.ts';

export interface AgentValidation {
  readonly status: boolean;
  readonly file: string;
  readonly diagnostics: readonly Diagnostic[];
  /** Present exactly when `status` is true. */
  readonly plan?: AgentPlan;
}

const KNOWN_FIELDS = new Set([
  'name',
  'version',
  'description',
  'model',
  'systemPrompt',
  'tools',
  'prompts',
  'skills',
  'resources',
  'tests',
  'sharedLists',
  'maxRounds',
  'maxTokens',
  'inputSchema',
  'hash',
]);
const TOOL_FIELDS = ['method', 'path', 'description', 'parameters'] as const;

/** Validates the agent in `agentDir` (which holds `agent.mjs`) against `catalog`. */
export function validateAgent(
  agentDir: string,
  catalog: AgentCatalog,
  fs: FileSystem = nodeFileSystem(),
): AgentValidation {
  const file = join(agentDir, 'agent.mjs');
  const text = fs.readText(file);
  if (text === undefined) {
    return {
      status: false,
      file,
      diagnostics: [
        {
          rule: 'AGT001',
          severity: 'error',
          message: `${file} not found: an agent is a directory with agent.mjs (\`export const agent = {…}\`)`,
          file,
          line: 0,
          column: 0,
        },
      ],
    };
  }
  const data = readDataExport(file, text, 'agent');
  const r = data.reporter;
  if (data.missing) r.reportAt('AGT001', file, 1, 1, 'agent.mjs must export `agent` (`export const agent = {…}`)');
  else if (data.value !== undefined && !isObject(data.value))
    r.report('AGT001', [], '`agent` must be an object literal');
  const agent = isObject(data.value) ? data.value : undefined;
  let plan: AgentPlan | undefined;
  if (agent) plan = checkAgent(agent, agentDir, catalog, r, fs);
  const diagnostics = sortDiagnostics(r.diagnostics);
  const status = !hasErrors(diagnostics) && agent !== undefined;
  return { status, file, diagnostics, ...(status && plan ? { plan } : {}) };
}

function checkAgent(agent: Obj, agentDir: string, catalog: AgentCatalog, r: Reporter, fs: FileSystem): AgentPlan {
  for (const key of Object.keys(agent))
    if (!KNOWN_FIELDS.has(key)) r.report('AGT020', [key], `agent.${key} is not a known field`);
  const dirName = basename(resolve(agentDir));
  if (!isString(agent.name) || !KEBAB_NAME.test(agent.name))
    r.report('AGT002', ['name'], `agent name ${show(agent.name)} must match ^[a-z][a-z0-9-]*$`);
  else if (agent.name !== dirName)
    r.report('AGT002', ['name'], `agent name ${show(agent.name)} must equal its directory name ${show(dirName)}`);
  if (!isNonEmptyString(agent.description))
    r.report('AGT003', ['description'], 'agent description must be a non-empty string');
  if (agent.version !== AGENT_VERSION)
    r.report('AGT004', ['version'], `agent version must be ${AGENT_VERSION}, got ${show(agent.version)}`);
  if (!isNonEmptyString(agent.model))
    r.report('AGT005', ['model'], 'agent model must be a non-empty string naming the target model');
  if (!isNonEmptyString(agent.systemPrompt))
    r.report('AGT006', ['systemPrompt'], 'agent systemPrompt must be a non-empty string (who the agent is)');

  const tools: ExternalRef[] = [];
  const inlineTools: string[] = [];
  if (!isObject(agent.tools) || Object.keys(agent.tools).length === 0)
    r.report('AGT007', ['tools'], 'agent tools must be a non-empty object: { "<namespace>/tool/<name>": null, … }');
  else {
    for (const [key, value] of Object.entries(agent.tools)) {
      if (key.includes('/')) {
        const ref = externalRef(key, value, 'tool', ['tools', key], r);
        if (!ref) continue;
        if (!catalog.tools.some((t) => t.namespace === ref.namespace && t.tool === ref.name)) {
          const inNamespace = catalog.tools.filter((t) => t.namespace === ref.namespace).map((t) => t.tool);
          r.report(
            'AGT010',
            ['tools', key],
            `tool ${key} is not in the ` +
              `catalog${
                inNamespace.length
                  ? ` (${ref.namespace} has ${inNamespace.join(', ')})`
                  : ` (no schema has ` + `namespace ${ref.namespace})`
              }`,
          );
        } else tools.push(ref);
      } else {
        checkInlineTool(key, value, r);
        inlineTools.push(key);
      }
    }
  }

  const resources = externalSection(agent.resources, 'resources', 'resource', catalog, r);
  const prompts = externalSection(agent.prompts, 'prompts', 'prompt', catalog, r);
  // Without a usable tools object, what tests and skills expect cannot be judged (AGT007 says why).
  const toolIds =
    isObject(agent.tools) && Object.keys(agent.tools).length > 0 ? new Set(Object.keys(agent.tools)) : undefined;
  const ownPrompts = loadOwnPrompts(agent.prompts, agentDir, r, fs);
  const ownSkills = loadOwnSkills(agent.skills, agentDir, toolIds, r, fs);
  const tests = checkTests(agent.tests, toolIds, r);
  if (agent.sharedLists !== undefined && !isStringArray(agent.sharedLists))
    r.report('AGT021', ['sharedLists'], 'agent sharedLists must be an array of list names');

  return {
    name: isString(agent.name) ? agent.name : dirName,
    description: isString(agent.description) ? agent.description : '',
    model: isString(agent.model) ? agent.model : '',
    systemPrompt: isString(agent.systemPrompt) ? agent.systemPrompt : '',
    tools,
    inlineTools,
    resources,
    prompts,
    ownPrompts,
    ownSkills,
    tests,
    sharedLists: isStringArray(agent.sharedLists) ? agent.sharedLists : [],
  };
}

/** A `/` key: a valid ID of the expected type whose value is null. */
function externalRef(
  key: string,
  value: unknown,
  type: string,
  at: readonly (string | number)[],
  r: Reporter,
): ExternalRef | undefined {
  const id = parseId(key);
  if (!id || id.type !== type) {
    r.report('AGT008', at, `${show(key)} must be an ID of the form <namespace>/${type}/<name>`);
    return undefined;
  }
  if (value !== null) {
    r.report(
      'AGT008',
      at,
      `${key} is an external reference: its value must be null (inline definitions use a key without /)`,
    );
    return undefined;
  }
  return { namespace: id.namespace, name: id.name };
}

function checkInlineTool(key: string, value: unknown, r: Reporter): void {
  if (!isObject(value))
    return r.report(
      'AGT009',
      ['tools', key],
      `inline tool ${key} must be a tool definition object (an external reference needs a key <namespace>/tool/<name>)`,
    );
  const missing = TOOL_FIELDS.filter((field) =>
    field === 'parameters' ? !Array.isArray(value[field]) : !isNonEmptyString(value[field]),
  );
  if (missing.length > 0) r.report('AGT009', ['tools', key], `inline tool ${key} needs ${missing.join(', ')}`);
}

/** `resources` / `prompts`: external references resolved in the catalog (own prompts are read separately). */
function externalSection(
  value: unknown,
  field: 'resources' | 'prompts',
  type: 'resource' | 'prompt',
  catalog: AgentCatalog,
  r: Reporter,
): ExternalRef[] {
  if (value === undefined) return [];
  if (!isObject(value)) {
    r.report('AGT022', [field], `agent ${field} must be an object`);
    return [];
  }
  const out: ExternalRef[] = [];
  for (const [key, entry] of Object.entries(value)) {
    if (!key.includes('/')) {
      if (field === 'resources')
        r.report(
          'AGT009',
          [field, key],
          `inline resource ${key}: an agent's resources are references to the catalog (<namespace>/resource/<name>)`,
        );
      continue;
    }
    const ref = externalRef(key, entry, type, [field, key], r);
    if (!ref) continue;
    const found = catalog.schemas.some(
      (s) => s.namespace === ref.namespace && (type === 'resource' ? s.resources : s.prompts).includes(ref.name),
    );
    if (!found) r.report('AGT011', [field, key], `${type} ${key} is not in the catalog`);
    else out.push(ref);
  }
  return out;
}

/** A relative `.mjs` path inside the agent directory, read; undefined (with AGT017) otherwise. */
function readOwnFile(
  entry: unknown,
  agentDir: string,
  at: readonly (string | number)[],
  what: string,
  r: Reporter,
  fs: FileSystem,
): { path: string; text: string } | undefined {
  const file = isObject(entry) ? entry.file : undefined;
  if (!isString(file) || !file.endsWith('.mjs') || file.startsWith('/') || file.split(/[\\/]/).includes('..')) {
    r.report('AGT017', at, `${what} needs { file: './<dir>/<name>.mjs' } (relative, .mjs, inside the agent directory)`);
    return undefined;
  }
  const path = join(agentDir, file);
  if (!resolve(path).startsWith(resolve(agentDir) + sep)) {
    r.report('AGT017', at, `${what}: ${file} is outside the agent directory`);
    return undefined;
  }
  const text = fs.readText(path);
  if (text === undefined) {
    r.report('AGT017', at, `${what}: file ${file} does not exist`);
    return undefined;
  }
  return { path, text };
}

function loadOwnPrompts(value: unknown, agentDir: string, r: Reporter, fs: FileSystem): PromptModel[] {
  if (!isObject(value)) return [];
  const prompts: PromptModel[] = [];
  for (const [key, entry] of Object.entries(value)) {
    if (key.includes('/')) continue;
    const found = readOwnFile(entry, agentDir, ['prompts', key], `prompt ${key}`, r, fs);
    if (!found) continue;
    const data = readDataExport(found.path, found.text, 'prompt');
    const pr = data.reporter;
    const prompt = data.value;
    if (data.missing || !isObject(prompt)) {
      if (data.missing || prompt !== undefined)
        pr.report('AGT018', [], `prompt ${key}: the file must export \`prompt\` as an object`);
      r.include(pr.diagnostics);
      continue;
    }
    if (prompt.name !== key)
      pr.report('AGT018', ['name'], `prompt name ${show(prompt.name)} must equal its key ${show(key)}`);
    if (prompt.version !== 'toolkit-prompt/1.0.0')
      pr.report('AGT018', ['version'], `prompt version must be toolkit-prompt/1.0.0, got ${show(prompt.version)}`);
    if (!isNonEmptyString(prompt.description))
      pr.report('AGT018', ['description'], 'prompt description must be a non-empty string');
    if (!isNonEmptyString(prompt.content))
      pr.report('AGT018', ['content'], 'prompt content must be a non-empty string');
    if (prompt.dependsOn !== undefined && !isStringArray(prompt.dependsOn))
      pr.report('AGT018', ['dependsOn'], 'prompt dependsOn must be an array of strings');
    r.include(pr.diagnostics);
    if (isString(prompt.content)) {
      prompts.push({
        name: key,
        description: isString(prompt.description) ? prompt.description : '',
        content: prompt.content,
        dependsOn: isStringArray(prompt.dependsOn) ? prompt.dependsOn : [],
      });
    }
  }
  return prompts;
}

function loadOwnSkills(
  value: unknown,
  agentDir: string,
  toolIds: ReadonlySet<string> | undefined,
  r: Reporter,
  fs: FileSystem,
): SkillModel[] {
  if (value === undefined) return [];
  if (!isObject(value)) {
    r.report('AGT016', ['skills'], 'agent skills must be an object of { file } entries');
    return [];
  }
  const skills: SkillModel[] = [];
  for (const [key, entry] of Object.entries(value)) {
    if (key.includes('/')) {
      r.report('AGT016', ['skills', key], `skill ${show(key)}: skills cannot be external references (no / in the key)`);
      continue;
    }
    const found = readOwnFile(entry, agentDir, ['skills', key], `skill ${key}`, r, fs);
    if (!found) continue;
    const data = readDataExport(found.path, found.text, 'skill');
    const sr = data.reporter;
    const skill = data.value;
    if (data.missing || !isObject(skill)) {
      if (data.missing || skill !== undefined)
        sr.report('AGT019', [], `skill ${key}: the file must export \`skill\` as an object`);
      r.include(sr.diagnostics);
      continue;
    }
    if (skill.name !== key)
      sr.report('AGT019', ['name'], `skill name ${show(skill.name)} must equal its key ${show(key)}`);
    if (skill.version !== 'toolkit-skill/1.0.0')
      sr.report('AGT019', ['version'], `skill version must be toolkit-skill/1.0.0, got ${show(skill.version)}`);
    if (!isNonEmptyString(skill.description))
      sr.report('AGT019', ['description'], 'skill description must be a non-empty string');
    if (!isNonEmptyString(skill.content)) sr.report('AGT019', ['content'], 'skill content must be a non-empty string');
    const requires = isObject(skill.requires) ? skill.requires : undefined;
    const requiredTools = requires && isStringArray(requires.tools) ? requires.tools : [];
    if (!requires || !isStringArray(requires.tools))
      sr.report('AGT019', ['requires'], "skill requires.tools must be an array of the agent's tool IDs");
    requiredTools.forEach((tool, i) => {
      if (toolIds && !toolIds.has(tool))
        sr.report(
          'AGT019',
          ['requires', 'tools', i],
          `skill ${key} requires ${show(tool)}, which is not one of the agent's tools`,
        );
    });
    r.include(sr.diagnostics);
    if (isString(skill.content)) {
      skills.push({
        name: key,
        description: isString(skill.description) ? skill.description : '',
        content: skill.content,
        input: Array.isArray(skill.input) ? (skill.input.filter(isObject) as unknown as SkillInputModel[]) : [],
        requires: {
          tools: requiredTools,
          resources: requires && isStringArray(requires.resources) ? requires.resources : [],
          external: requires && isStringArray(requires.external) ? requires.external : [],
        },
        ...(isString(skill.output) ? { output: skill.output } : {}),
        ...(isString(skill.testedWith) ? { testedWith: skill.testedWith } : {}),
      });
    }
  }
  return skills;
}

function checkTests(value: unknown, toolIds: ReadonlySet<string> | undefined, r: Reporter): AgentTest[] {
  if (!Array.isArray(value) || value.length < MIN_AGENT_TESTS) {
    r.report(
      'AGT012',
      ['tests'],
      `an agent needs at least ${MIN_AGENT_TESTS} tests, found ${Array.isArray(value) ? value.length : 'none'}`,
    );
    if (!Array.isArray(value)) return [];
  }
  const tests: AgentTest[] = [];
  value.forEach((test: unknown, i: number) => {
    const at = ['tests', i];
    if (!isObject(test)) return r.report('AGT013', at, `test ${i + 1} must be an object`);
    const problems: string[] = [];
    if (!isNonEmptyString(test._description)) problems.push('a _description string');
    if (!isNonEmptyString(test.input)) problems.push('an input string (the prompt)');
    if (!Array.isArray(test.expectedTools) || test.expectedTools.length === 0 || !isStringArray(test.expectedTools))
      problems.push('a non-empty expectedTools array of tool IDs');
    if (test.expectedContent !== undefined && !isStringArray(test.expectedContent))
      problems.push('expectedContent as an array of strings');
    if (problems.length > 0) r.report('AGT013', at, `test ${i + 1} needs ${problems.join(', ')}`);
    const expected = isStringArray(test.expectedTools) ? test.expectedTools : [];
    expected.forEach((tool, j) => {
      if (toolIds && !toolIds.has(tool))
        r.report(
          'AGT014',
          [...at, 'expectedTools', j],
          `test ${i + 1} expects ${show(tool)}, which is not one of the agent's tools`,
        );
    });
    tests.push({
      description: isString(test._description) ? test._description : '',
      input: isString(test.input) ? test.input : '',
      expectedTools: expected,
      expectedContent: isStringArray(test.expectedContent) ? test.expectedContent : [],
    });
  });
  const combinations = new Set(tests.map((t) => [...t.expectedTools].sort().join('\n')));
  if (tests.length >= MIN_AGENT_TESTS && combinations.size === 1)
    r.report('AGT015', ['tests'], 'every test expects the same tools: cover different tool combinations');
  return tests;
}

/** The agent directories under `agentsDir` (each holding agent.mjs), sorted. */
export function findAgentDirs(
  agentsDir: string,
  list: (dir: string) => string[],
  fs: FileSystem = nodeFileSystem(),
): string[] {
  return list(agentsDir)
    .filter((name) => !name.startsWith('.') && !name.startsWith('_'))
    .map((name) => join(agentsDir, name))
    .filter((dir) => fs.exists(join(dir, 'agent.mjs')))
    .sort();
}
