/**
 * What a catalog serves, one rule for `toolkit build`'s bundles and `toolkit server`: a group of
 * `.toolkit/config.json` (whole schemas or single tools), else the project's active tools when it has
 * any (`toolkit add`), else every schema whole. Part of a schema is only its tools (no resources,
 * prompts or skills), as `narrowModel` says. The messages about what matched nothing are made here too.
 */
import type { GroupConfig } from '../../runtime/project-config.ts';
import type { SchemaModel } from '../../runtime/model.ts';
import { narrowModel } from '../../templates/narrow-model.ts';
import { selectActive } from './active-selection.ts';
import { selectGroup, type Selected } from './group-selection.ts';

/** Which selection: one group by name, or the catalog (its active tools when there are any). */
export type ServedChoice =
  | { readonly group: string; readonly config: GroupConfig }
  | { readonly active: readonly string[] };

export interface ServedSelection {
  /** The selection as bundle parts over the input's indexes. */
  readonly selected: Selected[];
  /** Each selected schema as served: whole, or narrowed to the selected tools. */
  readonly models: SchemaModel[];
  /** Group entries or active tool names that match nothing. */
  readonly unmatched: string[];
  /** How many active tools are served; undefined unless the catalog is narrowed to its active tools. */
  readonly activeCount?: number;
}

/**
 * The selection of `choice` over `models`. `catalogDir`: where the models' files are when they are
 * absolute (as the front end names them); active tool names are assigned over files relative to it.
 */
export function selectServed(
  models: readonly SchemaModel[],
  choice: ServedChoice,
  catalogDir?: string,
): ServedSelection {
  const served = (selected: Selected[]) => selected.map(({ index, tools }) => narrowModel(models[index]!, tools));
  if ('group' in choice) {
    const { selected, unmatched } = selectGroup(choice.config, models);
    return { selected, models: served(selected), unmatched };
  }
  if (choice.active.length === 0) {
    const selected = models.map((_, index) => ({ index, tools: null }));
    return { selected, models: served(selected), unmatched: [] };
  }
  const { selected, unmatched, count } = selectActive(choice.active, models, catalogDir);
  return { selected, models: served(selected), unmatched, activeCount: count };
}

/** An active tool the catalog no longer has. */
export const unmatchedActiveText = (name: string): string =>
  `active tool ${name} is not in the catalog (\`toolkit remove ${name}\`)`;

/** How many active tools are served, `1 active tool` / `3 active tools`. */
export const activeToolsText = (count: number): string => `${count} active tool${count === 1 ? '' : 's'}`;

/** A group entry that matches nothing; `what` names what was looked in (`built tool`, `loaded schema or tool`). */
export const unmatchedGroupText = (group: string, entry: string, what: string): string =>
  `group "${group}": "${entry}" matches no ${what}`;
