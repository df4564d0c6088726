/** Rules on `main.prompts` declarations and prompt files (PRM001–PRM011; the count is in limits.ts). */
import type { Reporter } from './reporter.ts';
import { isNonEmptyString, isObject, isString, KEBAB_NAME, show, type Obj } from './checks.ts';
import { contentPlaceholders, type SchemaNames } from './content-placeholders.ts';

export interface PromptDeclaration {
  readonly name: string;
  readonly contentFile: string;
}

export function checkPromptDeclarations(value: unknown, r: Reporter): PromptDeclaration[] {
  if (value === undefined) return [];
  if (!isObject(value)) {
    r.report('PRM008', ['prompts'], 'main.prompts must be an object of { contentFile } entries');
    return [];
  }
  const names = Object.keys(value);
  const out: PromptDeclaration[] = [];
  for (const name of names) {
    const entry = value[name];
    const at = ['prompts', name];
    if (!KEBAB_NAME.test(name)) r.report('PRM001', at, `prompt name ${show(name)} must match ^[a-z][a-z0-9-]*$`);
    const file = isObject(entry) ? entry.contentFile : undefined;
    if (!isString(file) || !file.endsWith('.mjs') || file.startsWith('/') || file.split(/[\\/]/).includes('..')) {
      r.report('PRM008', at, `prompt ${name}: needs { contentFile: './prompts/<file>.mjs' } (relative, .mjs, no ..)`);
      continue;
    }
    out.push({ name, contentFile: file });
  }
  return out;
}

/** Checks the `prompt` export of a prompt file; `r` reports against that file. */
export function checkPromptFile(key: string, prompt: Obj, names: SchemaNames, r: Reporter): void {
  if (!isString(prompt.name) || !KEBAB_NAME.test(prompt.name))
    r.report('PRM001', ['name'], `prompt name ${show(prompt.name)} must match ^[a-z][a-z0-9-]*$`);
  else if (prompt.name !== key)
    r.report('PRM011', ['name'], `prompt name ${show(prompt.name)} must match its key ${show(key)} in main.prompts`);
  if (prompt.version !== 'toolkit-prompt/1.0.0')
    r.report('PRM002', ['version'], `prompt version must be toolkit-prompt/1.0.0, got ${show(prompt.version)}`);
  if (prompt.provider !== names.namespace)
    r.report(
      'PRM003',
      ['provider'],
      `prompt provider must be the namespace ${show(names.namespace)}, got ${show(prompt.provider)}`,
    );
  if (!isNonEmptyString(prompt.description))
    r.report('PRM004', ['description'], 'prompt description must be a non-empty string');
  if (prompt.dependsOn !== undefined) {
    if (!Array.isArray(prompt.dependsOn))
      r.report('PRM005', ['dependsOn'], 'prompt dependsOn must be an array of <namespace>.<toolName>');
    else
      prompt.dependsOn.forEach((dep, i) => {
        const [ns, tool, extra] = isString(dep) ? dep.split('.') : [];
        if (ns !== names.namespace || tool === undefined || extra !== undefined || !names.tools.has(tool)) {
          r.report(
            'PRM005',
            ['dependsOn', i],
            `prompt dependsOn ${show(dep)} must be ${names.namespace}.<toolName> of a tool in this schema`,
          );
        }
      });
  }
  if (!Array.isArray(prompt.references))
    r.report('PRM006', ['references'], 'prompt references must be an array ([] when none)');
  if (!isNonEmptyString(prompt.content))
    return r.report('PRM007', ['content'], 'prompt content must be a non-empty string');
  for (const p of contentPlaceholders(prompt.content)) {
    const resolved =
      p.type === 'tool'
        ? names.tools.has(p.name)
        : p.type === 'resource'
          ? names.resources.has(p.name)
          : p.type === 'input'
            ? /^[a-zA-Z][a-zA-Z0-9]*$/.test(p.name)
            : undefined;
    if (resolved === undefined)
      r.report('PRM010', ['content'], `prompt placeholder {{${p.type}:${p.name}}} must be tool, resource or input`);
    else if (!resolved) r.report('PRM009', ['content'], `prompt placeholder {{${p.type}:${p.name}}} does not resolve`);
  }
}
