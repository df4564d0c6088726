/**
 * A named placeholder in a tool's fixed path that no parameter fills (`path: '/quote/{{SYMBOL}}'`,
 * no insert parameter `SYMBOL`, and SYMBOL no declared server param: VAL027 or VAL051) becomes what
 * it stands for, a user parameter with that label: an insert parameter (camelCase, `symbol`) is
 * added and the placeholder renamed to it, and tests that pass the label pass the parameter.
 */
import { ts } from 'ts-morph';
import { classifyPath } from '../../validate/path-placeholders.ts';
import { nodeAt, propertyOf } from '../schema-ast.ts';
import type { SourceEdit } from '../source-edits.ts';
import { indentOf, isObject, replaceString, toolsOf, type Fixer } from './fixer.ts';

/** `SYMBOL` → `symbol`, `BLOCK_NUMBER` → `blockNumber`, `blockHash` → `blockHash`. */
export function parameterKeyFor(label: string): string | undefined {
  if (/^[a-z][a-zA-Z0-9]*$/.test(label)) return label;
  const parts = label.split(/[^A-Za-z0-9]+/).filter((p) => p !== '');
  const key = parts
    .map((p, i) => (i === 0 ? p.toLowerCase() : p.charAt(0).toUpperCase() + p.slice(1).toLowerCase()))
    .join('');
  return /^[a-z][a-zA-Z0-9]*$/.test(key) ? key : undefined;
}

export const pathPlaceholderParameters: Fixer = {
  id: 'path-placeholder-parameters',
  summary: 'a named {{PLACEHOLDER}} in a path that nothing fills becomes a user parameter with that label',
  plan(ast) {
    const declared = new Set(
      Array.isArray(ast.value.requiredServerParams)
        ? ast.value.requiredServerParams.filter((v): v is string => typeof v === 'string')
        : [],
    );
    const { container, tools } = toolsOf(ast);
    const edits: SourceEdit[] = [];
    for (const [name, tool] of tools) {
      if (typeof tool.path !== 'string' || !Array.isArray(tool.parameters)) continue;
      const parameters = tool.parameters.filter(isObject);
      const keys = new Set(
        parameters
          .map((p) => (isObject(p.position) ? p.position.key : undefined))
          .filter((k): k is string => typeof k === 'string'),
      );
      const inserts = new Set(
        parameters
          .filter((p) => isObject(p.position) && p.position.location === 'insert')
          .map((p) => String((p.position as Record<string, unknown>).key)),
      );
      const missing = classifyPath(tool.path, inserts, declared).filter(
        (p) =>
          p.style === 'braces' &&
          !p.inner.startsWith('SERVER_PARAM:') &&
          (p.problem === 'undeclared-server' || p.problem === 'unknown-insert'),
      );
      const written = new Map(missing.map((p) => [p.inner.trim(), p.inner]));
      const added = [...written.keys()]
        .map((label) => [label, parameterKeyFor(label)] as const)
        .filter((e): e is readonly [string, string] => e[1] !== undefined && !keys.has(e[1]));
      if (added.length === 0) continue;
      const at = [container, name];
      let path = tool.path;
      for (const [label, key] of added) path = path.split(`{{${written.get(label)}}}`).join(`{{${key}}}`);
      if (path !== tool.path)
        edits.push(
          ...replaceString(ast, nodeAt(ast.main, [...at, 'path']), path, `${name}: path ${tool.path} → ${path}`),
        );
      const list = nodeAt(ast.main, [...at, 'parameters']);
      if (!list || !ts.isArrayLiteralExpression(list)) continue;
      const texts = added.map(
        ([, key]) =>
          `{ position: { key: '${key}', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', ` +
          `options: [] } }`,
      );
      const last = list.elements[list.elements.length - 1];
      const note =
        `${name}: user parameter ` + `${added.map(([label, key]) => `${key} (for {{${label}}})`).join(', ')} added`;
      if (last) {
        const indent = indentOf(ast.text, last, ast.source);
        const sameLine = !ast.text.slice(list.getStart(ast.source), last.getStart(ast.source)).includes('\n');
        edits.push({
          start: last.getEnd(),
          end: last.getEnd(),
          text: texts.map((t) => (sameLine ? `, ${t}` : `,\n${indent}${t}`)).join(''),
          note,
        });
      } else {
        edits.push({ start: list.getStart(ast.source), end: list.getEnd(), text: `[ ${texts.join(', ')} ]`, note });
      }
      // Tests that pass the label now pass the parameter.
      const tests = Array.isArray(tool.tests) ? tool.tests : [];
      tests.forEach((test, index) => {
        if (!isObject(test)) return;
        const object = nodeAt(ast.main, [...at, 'tests', index]);
        if (!object || !ts.isObjectLiteralExpression(object)) return;
        for (const [label, key] of added) {
          const property = label !== key && test[key] === undefined ? propertyOf(object, label) : undefined;
          if (!property) continue;
          const start = property.name.getStart(ast.source);
          edits.push({
            start,
            end: property.name.getEnd(),
            text: key,
            note: `${name}: test ${index} passes ${label} as ${key}`,
          });
        }
      });
    }
    return { edits };
  },
};
