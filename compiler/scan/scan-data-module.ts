/**
 * The scan of data files (shared lists, skill files, prompt content files). They hold values only,
 * so any code construct is a finding (SEC200–SEC203), and everything forbidden in a schema is
 * forbidden here too, reported as SEC204 with the schema rule it matched.
 */
import { ts } from '../parse/typescript.mjs';
import type { ParsedModule } from '../parse/source-file.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { secRules } from './rules.ts';
import { scanTree } from './scan-source-file.ts';

const hasAsync = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.AsyncKeyword);

/** Scans a parsed data module; returns every finding, sorted by position. */
export function scanDataModule(source: ParsedModule, options: { file: string }): Diagnostic[] {
  const sf = source.compilerNode;
  const found: Diagnostic[] = [];
  const report = (rule: string, node: ts.Node, message: string): void => {
    const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    found.push({
      rule,
      severity: secRules[rule]?.severity ?? 'error',
      message,
      file: options.file,
      line: line + 1,
      column: character + 1,
    });
  };

  const visit = (node: ts.Node): void => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node) ||
      ts.isClassDeclaration(node) ||
      ts.isClassExpression(node)
    ) {
      const accessor = ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node);
      const kind = ts.isClassLike(node) ? 'class' : accessor ? 'getter/setter' : 'function';
      report('SEC200', node, `Data files hold values only; found a ${kind} definition`);
    } else if (ts.isArrowFunction(node)) {
      report('SEC201', node, `Data files hold values only; found an arrow function`);
    } else if (ts.isTemplateExpression(node)) {
      report('SEC203', node, `Template literal with an expression computes a value; write the text out`);
    }
    if (ts.isAwaitExpression(node) || hasAsync(node) || (ts.isForOfStatement(node) && node.awaitModifier)) {
      report(
        'SEC202',
        node,
        `Data files hold values only; found ` +
          `${ts.isAwaitExpression(node) || ts.isForOfStatement(node) ? 'await' : 'async'}`,
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);

  for (const finding of scanTree(sf, { ...options, checkLibraries: false })) {
    found.push({
      ...finding,
      rule: 'SEC204',
      severity: secRules.SEC204!.severity,
      message: `${finding.rule}: ${finding.message}`,
    });
  }
  return found.sort(
    (a, b) =>
      a.line - b.line || a.column - b.column || a.rule.localeCompare(b.rule) || a.message.localeCompare(b.message),
  );
}
