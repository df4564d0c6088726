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

/**
 * Folders whose files may keep lines over MAX_LINE, with the reason: they hold authored schema data
 * that is read without being run (`compiler/parse/static-value.ts`), where a value must stay one
 * literal (`'a' + 'b'` is refused as code).
 */
export const LINE_EXEMPT: readonly { readonly folder: string; readonly reason: string }[] = [
  { folder: 'schemas', reason: 'schema files: read as literals, never run' },
  { folder: 'test/fixtures', reason: 'schema and project fixtures: read as literals, never run' },
  { folder: 'agents', reason: 'agent manifests, prompts and skills: read as literals, never run' },
];

/**
 * Lines that may stay over MAX_LINE, each found by a piece of its text, with the reason: a literal whose
 * literal type the code relies on (a concatenation is typed `string`).
 */
export const LINE_ALLOWED: readonly { readonly file: string; readonly contains: string; readonly reason: string }[] = [
  {
    file: 'validator-service/erc8004/lookup.ts',
    contains: "'function getSummary(uint256 agentId,",
    reason: "viem types a call by its ABI's literal signature strings (`as const`)",
  },
  {
    file: 'test/peers/erc8004-chain.ts',
    contains: "'function giveFeedback(uint256 agentId,",
    reason: "viem's parseAbi types the contract by its literal signature strings",
  },
];

/** Whether `line` of `file` is one of `LINE_ALLOWED`. */
export const lineAllowed = (file: string, line: string): boolean =>
  LINE_ALLOWED.some((entry) => entry.file === file && line.includes(entry.contains));

/**
 * The files no line of which may be over MAX_LINE characters: every tracked JavaScript, TypeScript
 * and template (`.tpl`) file outside `LINE_EXEMPT`, the ones biome leaves out included.
 */
export function lineCheckedFiles(root: string): string[] {
  const tracked = execFileSync(
    'git',
    ['ls-files', '-z', '--', '*.ts', '*.mts', '*.cts', '*.mjs', '*.cjs', '*.js', '*.tpl'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return tracked
    .split('\0')
    .filter((file) => file !== '' && !LINE_EXEMPT.some(({ folder }) => file.startsWith(`${folder}/`)))
    .sort();
}

/** The text TypeScript parses for `file`: a template's `%%NAME%%` placeholders as `__NAME__` (same length). */
export function maskedForParsing(file: string, text: string): string {
  return file.endsWith('.tpl') ? text.replace(/%%([A-Z0-9_]+)%%/g, '__$1__') : text;
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
  const scriptKind = /\.(m?ts|tpl)$/.test(fileName) ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(
    fileName,
    maskedForParsing(fileName, text),
    ts.ScriptTarget.Latest,
    true,
    scriptKind,
  );
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
