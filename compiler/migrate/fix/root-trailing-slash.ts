/** `root: 'https://api.example.org/'` → `'https://api.example.org'` (tool paths start with `/`; VAL015). */
import { nodeAt } from '../schema-ast.ts';
import { replaceString, type Fixer } from './fixer.ts';

export const rootTrailingSlash: Fixer = {
  id: 'root-trailing-slash',
  summary: 'a trailing slash on main.root is removed',
  plan(ast) {
    const root = ast.value.root;
    if (typeof root !== 'string' || !/[^/]\/+$/.test(root) || /^[a-z]+:\/\/+$/i.test(root)) return { edits: [] };
    const fixed = root.replace(/(?<!\/)\/+$/, '');
    return { edits: replaceString(ast, nodeAt(ast.main, ['root']), fixed, `root: trailing slash removed (${fixed})`) };
  },
};
