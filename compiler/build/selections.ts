/**
 * Format 4's selections (`selections/<namespace>/<name>.mjs` under the schemas directory, `export
 * const selection`), read as data, judged by the selection rules (SEL001–SEL005, VAL110) and then
 * against the built catalog, each finding at its entry: a tool, resource or prompt ID must name one
 * of the catalog (SEL006), a skill name exactly one skill (the selection's own namespace first,
 * SEL007); a file sits at `selections/<namespace>/<name>.mjs` of its own namespace and name
 * (SEL008), which also keeps IDs unique; it names each primitive once (SEL009).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { SchemaModel, SelectionMember, SelectionModel } from '../../runtime/model.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { readDataExport } from '../load/data-module.ts';
import { isObject, isString, type Obj } from '../validate/checks.ts';
import { checkSelection } from '../validate/format-4/selection.ts';
import type { Reporter } from '../validate/reporter.ts';

export const SELECTIONS_DIR = 'selections';

/** The selection files under `<schemasDir>/selections/`, in path order (dot-entries skipped). */
export function findSelectionFiles(schemasDir: string): string[] {
  const walk = (dir: string): string[] => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return [];
    }
    return names
      .filter((n) => !n.startsWith('.'))
      .flatMap((name) => {
        const path = join(dir, name);
        try {
          if (statSync(path).isDirectory()) return walk(path);
        } catch {
          return [];
        }
        return name.endsWith('.mjs') ? [path] : [];
      });
  };
  return walk(join(schemasDir, SELECTIONS_DIR));
}

type Kind = 'tools' | 'resources' | 'prompts';
const TYPE_OF: Record<Kind, string> = { tools: 'tool', resources: 'resource', prompts: 'prompt' };

/** The names a catalog has, by namespace, for each kind. */
function catalogNames(models: readonly SchemaModel[]): Record<Kind | 'skills', Map<string, Set<string>>> {
  const out = {
    tools: new Map<string, Set<string>>(),
    resources: new Map<string, Set<string>>(),
    prompts: new Map<string, Set<string>>(),
    skills: new Map<string, Set<string>>(),
  };
  const add = (kind: keyof typeof out, namespace: string, name: string) => {
    let set = out[kind].get(namespace);
    if (!set) out[kind].set(namespace, (set = new Set()));
    set.add(name);
  };
  for (const model of models) {
    for (const tool of model.tools) add('tools', model.namespace, tool.name);
    for (const resource of model.resources) add('resources', model.namespace, resource.name);
    for (const document of model.documents ?? []) add('resources', model.namespace, document.name);
    for (const prompt of model.prompts) add('prompts', model.namespace, prompt.name);
    for (const skill of model.skills) add('skills', model.namespace, skill.name);
  }
  return out;
}

function resolveReferences(
  selection: Obj,
  r: Reporter,
  names: ReturnType<typeof catalogNames>,
): Record<Kind | 'skills', SelectionMember[]> {
  const out: Record<Kind | 'skills', SelectionMember[]> = { tools: [], resources: [], prompts: [], skills: [] };
  for (const kind of ['tools', 'resources', 'prompts'] as const) {
    const list = selection[kind];
    if (!Array.isArray(list)) continue;
    list.forEach((id, i) => {
      if (!isString(id) || !id.includes('/')) return; // VAL110 said so
      const [namespace, type, name, ...rest] = id.split('/');
      if (type !== TYPE_OF[kind] || name === undefined || rest.length > 0) {
        r.report(
          'SEL006',
          [kind, i],
          `selection ${kind}[${i}] ${JSON.stringify(id)} is not a ${TYPE_OF[kind]} ID: write ` +
            `${namespace ?? '<namespace>'}/${TYPE_OF[kind]}/<name>`,
        );
        return;
      }
      if (out[kind].some((m) => m.namespace === namespace && m.name === name)) {
        r.report('SEL009', [kind, i], `selection ${kind}[${i}] ${JSON.stringify(id)} is listed twice`);
        return;
      }
      if (!names[kind].get(namespace!)?.has(name)) {
        const known = [...(names[kind].get(namespace!) ?? [])].sort();
        r.report(
          'SEL006',
          [kind, i],
          `selection ${kind}[${i}] ${JSON.stringify(id)} names no ${TYPE_OF[kind]} of the ` +
            `catalog${
              known.length
                ? ` (${namespace} has ` + `${known.join(', ')})`
                : names.tools.has(namespace!) || names.resources.has(namespace!)
                  ? ''
                  : ` (no schema has the namespace ${namespace})`
            }`,
        );
        return;
      }
      out[kind].push({ namespace: namespace!, name });
    });
  }
  const skills = selection.skills;
  const skillNames = Array.isArray(skills) ? skills : isObject(skills) ? Object.keys(skills) : [];
  skillNames.forEach((name, i) => {
    if (!isString(name) || name.includes('/')) return; // VAL110 said so
    const at = Array.isArray(skills) ? ['skills', i] : ['skills', name];
    const own =
      isString(selection.namespace) && names.skills.get(selection.namespace)?.has(name) ? [selection.namespace] : [];
    const holders =
      own.length > 0
        ? own
        : [...names.skills]
            .filter(([, set]) => set.has(name))
            .map(([namespace]) => namespace)
            .sort();
    if (holders.length === 0)
      r.report('SEL007', at, `selection skill ${JSON.stringify(name)} is no skill of the catalog`);
    else if (holders.length > 1)
      r.report(
        'SEL007',
        at,
        `selection skill ${JSON.stringify(name)} is a skill of several namespaces (${holders.join(', ')}): move the ` +
          `selection to the namespace whose skill it means`,
      );
    else if (out.skills.some((m) => m.namespace === holders[0] && m.name === name))
      r.report('SEL009', at, `selection skill ${JSON.stringify(name)} is listed twice`);
    else out.skills.push({ namespace: holders[0]!, name });
  });
  return out;
}

export interface LoadedSelections {
  readonly selections: SelectionModel[];
  /** Every finding, located in its selection file. */
  readonly diagnostics: Diagnostic[];
}

/** The selections under `schemasDir`, checked against the built `models`; one with an error is left out. */
export function loadSelections(
  schemasDir: string,
  models: readonly SchemaModel[],
  shown: (path: string) => string = (p) => p,
): LoadedSelections {
  const names = catalogNames(models);
  const selections: SelectionModel[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const path of findSelectionFiles(schemasDir)) {
    const data = readDataExport(shown(path), readFileSync(path, 'utf8'), 'selection');
    const r = data.reporter;
    if (data.missing || !isObject(data.value)) {
      r.report('SEL005', [], `${relative(schemasDir, path)} in selections/ must export \`selection\` as an object`);
      diagnostics.push(...r.diagnostics);
      continue;
    }
    const selection = data.value;
    checkSelection(selection, r);
    const members = resolveReferences(selection, r, names);
    const where = relative(join(schemasDir, SELECTIONS_DIR), path).split(sep);
    const namespace = isString(selection.namespace) ? selection.namespace : '';
    const name = isString(selection.name) ? selection.name : '';
    if (where.length !== 2 || where[0] !== namespace || where[1] !== `${name}.mjs`) {
      r.report(
        'SEL008',
        ['name'],
        `selection ${namespace}/${name} must be the file selections/${namespace}/${name}.mjs, not ` +
          `selections/${where.join('/')}`,
      );
    }
    const id = `${namespace}/selection/${name}`;
    diagnostics.push(...r.diagnostics);
    if (r.diagnostics.some((d) => d.severity === 'error')) continue;
    selections.push({
      id,
      description: String(selection.description),
      whenToUse: String(selection.whenToUse),
      ...members,
    });
  }
  return { selections, diagnostics };
}
