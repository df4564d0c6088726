/**
 * Every fixer `toolkit migrate --fix` runs, in order: format 1.x leftovers first (the others read
 * `method` and `path`), then what makes `main` readable (constants, array holes), server params
 * named before placeholders are judged against them, tool names late (they rename handler keys
 * too) and handler keys naming no tool last.
 */
import type { Fixer } from './fixer.ts';
import { arrayHoles } from './array-holes.ts';
import { enumValuesOption } from './enum-values-option.ts';
import { format1Handlers } from './format-1-handlers.ts';
import { format1ToolKeys } from './format-1-tool-keys.ts';
import { joinedOptions } from './joined-options.ts';
import { mainConstants } from './main-constants.ts';
import { orphanHandlerKeys } from './orphan-handler-keys.ts';
import { outputMimeTypes } from './output-mime-types.ts';
import { pathPlaceholderParameters } from './path-placeholder-parameters.ts';
import { resourceDatabaseOrigin } from './resource-database-origin.ts';
import { resourceFreeQuery } from './resource-free-query.ts';
import { rootTrailingSlash } from './root-trailing-slash.ts';
import { serverParamPrefix } from './server-param-prefix.ts';
import { toolNames } from './tool-names.ts';
import { userInputPlaceholders } from './user-input-placeholders.ts';

export const fixers: readonly Fixer[] = [
  format1ToolKeys,
  format1Handlers,
  mainConstants,
  arrayHoles,
  serverParamPrefix,
  userInputPlaceholders,
  pathPlaceholderParameters,
  rootTrailingSlash,
  joinedOptions,
  enumValuesOption,
  outputMimeTypes,
  resourceDatabaseOrigin,
  resourceFreeQuery,
  toolNames,
  orphanHandlerKeys,
];

export { fixSource, type FixOptions, type FixResult, type Unfixable } from './fix-source.ts';
export { planFormat1 } from './format-1.ts';
export type { Fixer, FixerNote } from './fixer.ts';
