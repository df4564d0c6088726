/**
 * A parameter whose value is a bare `{{KEY}}` that is really the client's input becomes
 * `{{USER_PARAM}}`: when the tool's own tests pass it as an argument (by the parameter's key or by
 * `KEY`), or when `KEY` is not a declared server param (so it could never be filled from the
 * environment: VAL027). One named placeholder inside fixed text (`'name:{{NAME}}'`) is read the
 * same way: the text stays and the client fills the placeholder as the parameter. A bare `{{KEY}}`
 * of a declared server param that no test passes stays.
 */
import { nodeAt } from '../schema-ast.ts';
import type { SourceEdit } from '../source-edits.ts';
import { isObject, replaceString, toolsOf, type Fixer } from './fixer.ts';

const NAMED = /\{\{\s*([A-Za-z_][A-Za-z0-9_-]*)\s*\}\}/g;

/**
 * The one named placeholder of a value (`{{ADDRESS}}`, or inside fixed text: `'name:{{NAME}}'`),
 * or undefined when it has none, several, or also takes `{{USER_PARAM}}` or a `{{SERVER_PARAM:…}}`.
 */
export function namedPlaceholder(value: string): { readonly key: string; readonly written: string } | undefined {
  if (/\{\{\s*(USER_PARAM|SERVER_PARAM:)/.test(value)) return undefined;
  const all = [...value.matchAll(NAMED)];
  if (all.length !== 1 || (value.match(/\{\{/g) ?? []).length !== 1) return undefined;
  return { key: all[0]![1]!, written: all[0]![0] };
}

export const userInputPlaceholders: Fixer = {
  id: 'user-input-placeholders',
  summary:
    'a {{KEY}} parameter value (alone, or once inside fixed text) that is user input (tests pass it, or KEY is no ' +
    'server param) becomes {{USER_PARAM}}',
  plan(ast) {
    const declared = new Set(
      Array.isArray(ast.value.requiredServerParams)
        ? ast.value.requiredServerParams.filter((v): v is string => typeof v === 'string')
        : [],
    );
    const { container, tools } = toolsOf(ast);
    const edits: SourceEdit[] = [];
    for (const [name, tool] of tools) {
      if (!Array.isArray(tool.parameters)) continue;
      const tested = new Set(
        (Array.isArray(tool.tests) ? tool.tests : []).flatMap((t) => (isObject(t) ? Object.keys(t) : [])),
      );
      tool.parameters.forEach((parameter, index) => {
        const position = isObject(parameter) ? parameter.position : undefined;
        if (!isObject(position) || typeof position.value !== 'string') return;
        const found = namedPlaceholder(position.value);
        if (found === undefined) return;
        const { key, written } = found;
        const passedByTests = tested.has(String(position.key)) || tested.has(key);
        if (declared.has(key) && !passedByTests) return;
        const why = passedByTests ? 'its tests pass it' : `${key} is not in requiredServerParams`;
        const value = position.value.replace(written, '{{USER_PARAM}}');
        const shown = value === '{{USER_PARAM}}' ? `{{${key}}} → {{USER_PARAM}}` : `'${position.value}' → '${value}'`;
        edits.push(
          ...replaceString(
            ast,
            nodeAt(ast.main, [container, name, 'parameters', index, 'position', 'value']),
            value,
            `${name}: parameter ${String(position.key)} ${shown} (${why})`,
          ),
        );
      });
    }
    return { edits };
  },
};
