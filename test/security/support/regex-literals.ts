/**
 * Every regular expression written literally in a source tree: regex literals (`/…/g`) and
 * `new RegExp('…', 'flags')` / `RegExp('…')` whose pattern (and flags) are string literals or
 * template literals without substitutions, or concatenations of them. Read with the TypeScript parser, never by a
 * pattern.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ts } from 'ts-morph';

export interface RegexSite {
  /** Repository-relative path. */
  readonly file: string;
  readonly line: number;
  readonly source: string;
  readonly flags: string;
}

const SOURCE = /\.(?:ts|mts|mjs|js)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The text of a string literal, a template without substitutions, or a `+` chain of them (as long lines are split). */
function literalText(node: ts.Node | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
  if (!ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.PlusToken) return undefined;
  const left = literalText(node.left);
  const right = literalText(node.right);
  return left === undefined || right === undefined ? undefined : left + right;
}

function sitesOf(path: string, root: string): RegexSite[] {
  const text = readFileSync(path, 'utf8');
  const file = ts.createSourceFile(
    path,
    text,
    ts.ScriptTarget.Latest,
    true,
    path.endsWith('ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS,
  );
  const sites: RegexSite[] = [];
  const at = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText(file);
      const end = literal.lastIndexOf('/');
      sites.push({
        file: relative(root, path),
        line: at(node),
        source: literal.slice(1, end),
        flags: literal.slice(end + 1),
      });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const source = literalText(node.arguments?.[0]);
      const flags = node.arguments?.[1] === undefined ? '' : literalText(node.arguments[1]);
      if (source !== undefined && flags !== undefined)
        sites.push({ file: relative(root, path), line: at(node), source, flags });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return sites;
}

/** The regexes written in the given folders of `root`, in file order. */
export function regexSites(root: string, folders: readonly string[]): RegexSite[] {
  return folders.flatMap((folder) =>
    filesUnder(join(root, folder))
      .sort()
      .flatMap((path) => sitesOf(path, root)),
  );
}
