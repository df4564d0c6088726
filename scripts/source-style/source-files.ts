// The source files the house style covers: the JavaScript and TypeScript files git tracks, less the
// paths `biome.json` leaves out (`"!path"` entries), so the formatter, the comment rewrapper and the
// line-length check always judge the same files.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ts } from '../../compiler/parse/typescript.mjs';

/** A comment as the parser reports it: `[pos, end)` and whether it is `//` or a block. */
export type CommentRange = { readonly pos: number; readonly end: number; readonly kind: number };
/** `[start, end)` of a literal in the text. */
export type Span = readonly [number, number];

export const MAX_LINE = 120;

export function sourceFiles(root: string): string[] {
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8')) as { files: { includes: string[] } };
  const left = config.files.includes.filter((entry) => entry.startsWith('!')).map((entry) => entry.slice(1));
  const leftOut = (file: string) =>
    left.some((pattern) =>
      pattern.startsWith('**/*') ? file.endsWith(pattern.slice(4)) : file === pattern || file.startsWith(`${pattern}/`),
    );
  const tracked = execFileSync('git', ['ls-files', '-z', '--', '*.ts', '*.mts', '*.mjs', '*.js'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return tracked
    .split('\0')
    .filter((file) => file !== '' && !leftOut(file))
    .sort();
}

const LITERAL_KINDS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.JsxText,
]);

const isJsDocNode = (node: ts.Node) =>
  node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode;

/**
 * Every comment of the file and the span of every literal (a template with its substitutions counts
 * whole), as the parser sees them.
 */
export function commentsAndLiterals(fileName: string, text: string): { comments: CommentRange[]; literals: Span[] } {
  const scriptKind = /\.m?ts$/.test(fileName) ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKind);
  const comments = new Map<number, CommentRange>();
  const literals: Span[] = [];
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.TemplateExpression) literals.push([node.getStart(source), node.end]);
    const children = node.getChildren(source).filter((child) => !isJsDocNode(child));
    if (children.length === 0) {
      // The trivia before a token: comments on the previous token's line, then those on lines of their own.
      for (const range of ts.getTrailingCommentRanges(text, node.pos) ?? []) comments.set(range.pos, range);
      for (const range of ts.getLeadingCommentRanges(text, node.pos) ?? []) comments.set(range.pos, range);
      if (LITERAL_KINDS.has(node.kind)) literals.push([node.getStart(source), node.end]);
      return;
    }
    for (const child of children) visit(child);
  };
  visit(source);
  return { comments: [...comments.values()].sort((a, b) => a.pos - b.pos), literals };
}
