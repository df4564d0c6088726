/**
 * `requiredServerParams: ['SERVER_PARAM:API_KEY']` (or `'{{SERVER_PARAM:API_KEY}}'`) → `['API_KEY']`: the list names
 * environment variables.
 */
import { nodeAt } from '../schema-ast.ts';
import { replaceString, type Fixer } from './fixer.ts';

const PREFIXED = /^\s*(?:\{\{\s*)?SERVER_PARAM:\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:\}\}\s*)?$/;

export const serverParamPrefix: Fixer = {
  id: 'server-param-prefix',
  summary: "'SERVER_PARAM:KEY' entries of requiredServerParams become KEY",
  plan(ast) {
    const list = ast.value.requiredServerParams;
    if (!Array.isArray(list)) return { edits: [] };
    const edits = list.flatMap((entry, index) => {
      const key = typeof entry === 'string' ? PREFIXED.exec(entry)?.[1] : undefined;
      return key === undefined
        ? []
        : replaceString(
            ast,
            nodeAt(ast.main, ['requiredServerParams', index]),
            key,
            `requiredServerParams: ${entry} → ${key}`,
          );
    });
    return { edits };
  },
};
