/**
 * Rules only a build can check, because they depend on the project's installed packages rather than
 * on the schema file: merged into the rule manifest by `allRules` (severity and meaning live here).
 * Warnings: a library that cannot be had does not fail the build (see ARCHITECTURE.md, "Build policy").
 */
import type { RuleInfo } from '../diagnostics/rules.ts';

export const buildRules = {
  LIB001: {
    severity: 'warning',
    summary:
      'a library in `main.requiredLibraries` is not installed: the schema builds, and its hooked tools answer with ' +
      'an error naming the library until it is installed and the catalog rebuilt',
  },
  LIB002: {
    severity: 'warning',
    summary:
      'a library in `main.requiredLibraries` cannot run in the handler sandbox (it needs a Node module with file, ' +
      'network or process access, or fails to bundle): the hooked tools of the schema answer with an error naming it',
  },
} as const satisfies Record<string, RuleInfo>;

export type BuildRule = keyof typeof buildRules;
