/**
 * A parameter whose value is a bare `{{KEY}}` that is really the client's input becomes
 * `{{USER_PARAM}}`: when the tool's own tests pass it as an argument (by the parameter's key or by
 * `KEY`), or when `KEY` is not a declared server param (so it could never be filled from the
 * environment: VAL027). A bare `{{KEY}}` of a declared server param that no test passes stays.
 */
import { nodeAt } from '../schema-ast.ts';
import type { SourceEdit } from '../source-edits.ts';
import { isRecord, replaceString, toolsOf, type Fixer } from './fixer.ts';

const BARE = /^\{\{\s*([A-Za-z_][A-Za-z0-9_-]*)\s*\}\}$/;

export const userInputPlaceholders: Fixer = {
  id: 'user-input-placeholders',
  summary: 'bare {{KEY}} parameter values that are user input (tests pass them, or KEY is no server param) become {{USER_PARAM}}',
  plan(ast) {
    const declared = new Set(Array.isArray(ast.value.requiredServerParams) ? ast.value.requiredServerParams.filter((v): v is string => typeof v === 'string') : []);
    const { container, tools } = toolsOf(ast);
    const edits: SourceEdit[] = [];
    for (const [name, tool] of tools) {
      if (!Array.isArray(tool.parameters)) continue;
      const tested = new Set((Array.isArray(tool.tests) ? tool.tests : []).flatMap((t) => (isRecord(t) ? Object.keys(t) : [])));
      tool.parameters.forEach((parameter, index) => {
        const position = isRecord(parameter) ? parameter.position : undefined;
        if (!isRecord(position) || typeof position.value !== 'string') return;
        const key = BARE.exec(position.value)?.[1];
        if (key === undefined || key === 'USER_PARAM') return;
        const passedByTests = tested.has(String(position.key)) || tested.has(key);
        if (declared.has(key) && !passedByTests) return;
        const why = passedByTests ? 'its tests pass it' : `${key} is not in requiredServerParams`;
        edits.push(...replaceString(ast, nodeAt(ast.main, [container, name, 'parameters', index, 'position', 'value']), '{{USER_PARAM}}', `${name}: parameter ${String(position.key)} {{${key}}} → {{USER_PARAM}} (${why})`));
      });
    }
    return { edits };
  },
};
