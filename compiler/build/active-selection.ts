/**
 * The project's active tools (`toolkit add`, by CLI name `<tool_name>_<namespace>`) taken out of a
 * catalog: what `toolkit server` and the catalog bundle serve once a project has activated any.
 * CLI names are assigned over the whole catalog, as the catalog index assigns them.
 */
import { isAbsolute, relative, sep } from 'node:path';
import type { SchemaModel } from '../../runtime/model.ts';
import { assignWireNames } from '../../runtime/wire-name.ts';
import type { Selected } from './group-selection.ts';

export interface ActiveSelection {
  /** Each schema with an active tool, narrowed to those tools (no resources, prompts or skills). */
  readonly models: SchemaModel[];
  /** The same selection as bundle parts over `models`' indexes in the input. */
  readonly selected: Selected[];
  /** Active names that match no tool. */
  readonly unmatched: string[];
  /** How many tools were selected. */
  readonly count: number;
}

/**
 * `catalogDir`: where the models' files are when they are absolute (as the front end names them);
 * names are assigned with files relative to it, as a build records them.
 */
export function selectActive(
  active: readonly string[],
  models: readonly SchemaModel[],
  catalogDir?: string,
): ActiveSelection {
  const sourceOf = (file: string): string =>
    catalogDir !== undefined && isAbsolute(file) ? relative(catalogDir, file).split(sep).join('/') : file;
  const entries = models.flatMap((model, index) => model.tools.map((tool) => ({ model, index, tool })));
  const names = assignWireNames(
    entries.map(({ model, tool }) => ({
      namespace: model.namespace,
      toolName: tool.name,
      source: sourceOf(model.file),
    })),
    { duplicatesByFile: true },
  );
  const wanted = new Set(active);
  const matched = new Set<string>();
  const bySchema = new Map<number, string[]>();
  entries.forEach(({ index, tool }, i) => {
    if (!wanted.has(names[i]!)) return;
    matched.add(names[i]!);
    bySchema.set(index, [...(bySchema.get(index) ?? []), tool.name]);
  });
  const selected = [...bySchema].map(([index, tools]) => ({ index, tools }));
  return {
    models: selected.map(({ index, tools }) => ({
      ...models[index]!,
      tools: models[index]!.tools.filter((t) => tools.includes(t.name)),
      resources: [],
      prompts: [],
      skills: [],
    })),
    selected,
    unmatched: active.filter((name) => !matched.has(name)),
    count: matched.size,
  };
}
