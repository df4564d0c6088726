/**
 * Which tools of which schemas go into a bundle: all of them for the catalog, and for a group the
 * entries of `.toolkit/config.json` (`namespace` takes a whole schema, `namespace/toolName` one tool).
 */
import type { GroupConfig } from '../../runtime/project-config.ts';
import type { SchemaModel } from '../../runtime/model.ts';

export interface Selected {
  readonly index: number;
  /** null: the whole schema, with resources, prompts and skills. */
  readonly tools: readonly string[] | null;
}

/** The selection of `group` over `models`, plus the entries that matched nothing. */
export function selectGroup(
  group: GroupConfig,
  models: readonly SchemaModel[],
): { selected: Selected[]; unmatched: string[] } {
  const matched = new Set<string>();
  const selected: Selected[] = [];
  models.forEach((model, index) => {
    if (group.tools.includes(model.namespace)) {
      matched.add(model.namespace);
      selected.push({ index, tools: null });
      return;
    }
    const tools = model.tools
      .map((tool) => tool.name)
      .filter((name) => group.tools.includes(`${model.namespace}/${name}`));
    for (const name of tools) matched.add(`${model.namespace}/${name}`);
    if (tools.length > 0) selected.push({ index, tools });
  });
  return { selected, unmatched: group.tools.filter((entry) => !matched.has(entry)) };
}
