/**
 * `primitive: 'enum()', options: ['values(asc,desc)', …]` → `primitive: 'enum(asc,desc)'`, the
 * option removed: the values belong in the primitive (VAL046 and VAL052 otherwise).
 */
import { ts } from 'ts-morph';
import { parsePrimitive } from '../../parse/primitive.ts';
import { nodeAt } from '../schema-ast.ts';
import type { SourceEdit } from '../source-edits.ts';
import { isObject, removeElementEdit, replaceString, toolsOf, type Fixer, type FixerNote } from './fixer.ts';

const VALUES = /^\s*values\s*\(([\s\S]*)\)\s*$/;

/** `values(a, b ,c)` → `['a', 'b', 'c']`, or undefined when the string is no values() option. */
export function valuesOption(text: string): string[] | undefined {
  const inner = VALUES.exec(text)?.[1];
  if (inner === undefined) return undefined;
  return inner
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

export const enumValuesOption: Fixer = {
  id: 'enum-values-option',
  summary: 'enum() with an option values(a,b) becomes enum(a,b)',
  plan(ast) {
    const { container, tools } = toolsOf(ast);
    const edits: SourceEdit[] = [];
    const notes: FixerNote[] = [];
    for (const [name, tool] of tools) {
      if (!Array.isArray(tool.parameters)) continue;
      tool.parameters.forEach((parameter, p) => {
        const z = isObject(parameter) && isObject(parameter.z) ? parameter.z : undefined;
        if (!z || typeof z.primitive !== 'string' || !Array.isArray(z.options)) return;
        const primitive = parsePrimitive(z.primitive);
        if (primitive.kind !== 'enum' || primitive.values.length > 0 || primitive.lists.length > 0) return;
        const found = z.options
          .map((o, i) => [i, typeof o === 'string' ? valuesOption(o) : undefined] as const)
          .filter(([, v]) => v !== undefined);
        const key = isObject(parameter.position) ? String(parameter.position.key) : String(p);
        if (found.length !== 1 || found[0]![1]!.length === 0) {
          if (found.length > 1)
            notes.push({
              rule: 'VAL052',
              message:
                `${name}: parameter ${key} has ${found.length} values() options: merge them into ` + `enum(…) by hand`,
            });
          return;
        }
        const [index, values] = found[0]!;
        const at = [container, name, 'parameters', p, 'z'];
        const options = nodeAt(ast.main, [...at, 'options']);
        if (!options || !ts.isArrayLiteralExpression(options) || options.elements.some(ts.isOmittedExpression)) return;
        const enumText = `enum(${values!.join(',')})`;
        edits.push(
          ...replaceString(
            ast,
            nodeAt(ast.main, [...at, 'primitive']),
            enumText,
            `${name}: parameter ${key} enum() + ${z.options[index]} → ${enumText}`,
          ),
        );
        edits.push(
          removeElementEdit(ast.text, options, index, `${name}: parameter ${key} option ${z.options[index]} removed`),
        );
      });
    }
    return { edits, notes };
  },
};
