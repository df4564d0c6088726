/**
 * Constants `main` names (`root: API_ROOT`, `{ headers }`, `` `${BASE}/v2` ``) are written into it
 * as their literal values: `main` must be read without running the file, so a reference is no value
 * there (PAR002), while a top-level `const` holding a literal is one the file already states. The
 * constant itself stays (handlers may use it too).
 */
import { ts } from 'ts-morph';
import { readModuleShape, unwrap } from '../../parse/module-exports.ts';
import { evaluateStatic, type StaticValue } from '../../parse/static-value.ts';
import { literalText } from '../object-edits.ts';
import type { SourceEdit } from '../source-edits.ts';
import { indentOf, type Fixer } from './fixer.ts';

export const mainConstants: Fixer = {
  id: 'main-constants',
  summary: 'top-level constants main refers to are written into it as literals',
  plan(ast) {
    const shape = readModuleShape(ast.source);
    const constants = new Map<string, ts.Expression>();
    for (const statement of ast.source.statements) {
      if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.initializer) constants.set(d.name.text, d.initializer);
    }
    // A constant's value, read as main is (constants may name other constants); undefined when it is not a literal.
    const valueOf = (name: string): StaticValue | undefined => {
      const node = constants.get(name);
      if (!node || !shape.locals.has(name)) return undefined;
      const read = evaluateStatic(node, ast.source, { resolveIdentifier: (n) => constants.get(n) });
      return read.issues.length === 0 ? read.value : undefined;
    };
    const edits: SourceEdit[] = [];
    const inline = (node: ts.Node, name: string, value: StaticValue): void => {
      const text = literalText(value, indentOf(ast.text, node, ast.source), '    ');
      edits.push({
        start: node.getStart(ast.source),
        end: node.getEnd(),
        text,
        note: `main: ${name} written in as its value`,
      });
    };
    const visit = (node: ts.Node): void => {
      const value = unwrap(node);
      if (ts.isShorthandPropertyAssignment(node)) {
        const v = valueOf(node.name.text);
        if (v !== undefined) {
          const text = literalText(v, indentOf(ast.text, node, ast.source), '    ');
          edits.push({
            start: node.getStart(ast.source),
            end: node.getEnd(),
            text: `${node.name.text}: ${text}`,
            note: `main: ${node.name.text} written in as its value`,
          });
        }
        return;
      }
      if (
        ts.isIdentifier(value) &&
        node.parent &&
        (ts.isPropertyAssignment(node.parent)
          ? node.parent.initializer === node
          : ts.isArrayLiteralExpression(node.parent))
      ) {
        const v = valueOf(value.text);
        if (v !== undefined) inline(node, value.text, v);
        return;
      }
      if (ts.isTemplateExpression(value)) {
        const parts = value.templateSpans.map((span) => {
          const expression = unwrap(span.expression);
          const v = ts.isIdentifier(expression) ? valueOf(expression.text) : undefined;
          return typeof v === 'string' || typeof v === 'number' ? String(v) + span.literal.text : undefined;
        });
        if (parts.every((p) => p !== undefined))
          inline(
            node,
            value.templateSpans.map((s) => s.expression.getText(ast.source)).join(', '),
            value.head.text + parts.join(''),
          );
        return;
      }
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(ast.main, visit);
    return { edits };
  },
};
