/**
 * Array holes in `main` (`options: [ 'min(1)', , 'max(5)' ]`, a doubled comma) are removed: a hole
 * is no value (PAR002), and what the author meant is the list without it.
 */
import { ts } from 'ts-morph';
import type { SourceEdit } from '../source-edits.ts';
import type { Fixer } from './fixer.ts';

/** Where an array sits in `main`, for the change note (`tools.getX.parameters.0.z.options`). */
function pathOf(node: ts.Node, main: ts.Node): string {
  const parts: string[] = [];
  for (let at: ts.Node = node; at !== main && at.parent; at = at.parent) {
    if (ts.isPropertyAssignment(at.parent) && at.parent.initializer === at) parts.unshift(at.parent.name.getText());
    else if (ts.isArrayLiteralExpression(at.parent))
      parts.unshift(String(at.parent.elements.indexOf(at as ts.Expression)));
  }
  return parts.join('.');
}

export const arrayHoles: Fixer = {
  id: 'array-holes',
  summary: 'holes in arrays of main (a doubled comma in z.options) are removed',
  plan(ast) {
    const edits: SourceEdit[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isArrayLiteralExpression(node)) {
        for (const hole of node.elements.filter(ts.isOmittedExpression)) {
          // A hole is the empty place before a comma: that comma (and the space before it) goes.
          const comma = /^\s*,/.exec(ast.text.slice(hole.end));
          if (comma)
            edits.push({
              start: hole.pos,
              end: hole.end + comma[0].length,
              text: '',
              note: `${pathOf(node, ast.main)}: an array hole removed`,
            });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(ast.main);
    return { edits };
  },
};
