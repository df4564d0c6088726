/** Every fixer `toolkit migrate --fix` runs, in order (server params are named before placeholders are judged against them). */
import type { Fixer } from './fixer.ts';
import { joinedOptions } from './joined-options.ts';
import { rootTrailingSlash } from './root-trailing-slash.ts';
import { serverParamPrefix } from './server-param-prefix.ts';
import { toolNames } from './tool-names.ts';
import { userInputPlaceholders } from './user-input-placeholders.ts';

export const fixers: readonly Fixer[] = [serverParamPrefix, userInputPlaceholders, rootTrailingSlash, joinedOptions, toolNames];

export { fixSource, type FixResult, type Unfixable } from './fix-source.ts';
export { planFormat1 } from './format-1.ts';
export type { Fixer, FixerNote } from './fixer.ts';
