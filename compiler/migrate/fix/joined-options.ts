/**
 * `options: ['optional(), default(1000)']` → `['optional()', 'default(1000)']`: one option per string (VAL052
 * otherwise).
 */
import { nodeAt, isStringNode } from '../schema-ast.ts';
import { quoteLike, type SourceEdit } from '../source-edits.ts';
import { isObject, toolsOf, type Fixer } from './fixer.ts';

/** A `)` then a comma then a known option: where two options were written as one string. */
const JOIN = /\)\s*,\s*(?=(?:min|max|length|optional|default|regex)\s*\(|\$[A-Za-z])/g;

/** The options one string holds (one when it is not joined; commas inside an argument stay). */
export function splitJoinedOption(text: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (const match of text.matchAll(JOIN)) {
    parts.push(text.slice(from, match.index! + 1).trim());
    from = match.index! + match[0].length;
  }
  parts.push(text.slice(from).trim());
  return parts;
}

export const joinedOptions: Fixer = {
  id: 'joined-options',
  summary: "an options string holding several options ('optional(), default(1000)') is split",
  plan(ast) {
    const { container, tools } = toolsOf(ast);
    const edits: SourceEdit[] = [];
    for (const [name, tool] of tools) {
      if (!Array.isArray(tool.parameters)) continue;
      tool.parameters.forEach((parameter, p) => {
        const options = isObject(parameter) && isObject(parameter.z) ? parameter.z.options : undefined;
        if (!Array.isArray(options)) return;
        options.forEach((option, o) => {
          if (typeof option !== 'string') return;
          const parts = splitJoinedOption(option);
          if (parts.length < 2) return;
          const node = nodeAt(ast.main, [container, name, 'parameters', p, 'z', 'options', o]);
          if (!isStringNode(node)) return;
          const start = node.getStart(ast.source);
          const original = ast.text.slice(start, node.getEnd());
          edits.push({
            start,
            end: node.getEnd(),
            text: parts.map((part) => quoteLike(original, part)).join(', '),
            note: `${name}: option '${option}' split into ${parts.map((part) => `'${part}'`).join(', ')}`,
          });
        });
      });
    }
    return { edits };
  },
};
