#!/usr/bin/env node
// Splits the string, template and regular-expression literals that make a line longer than MAX_LINE
// characters (`npm run format:lines`), in every file the line check covers (`lineCheckedFiles`):
// - a string becomes a concatenation, `'one part ' +` then `'the rest'` on the next line;
// - a template is closed and reopened the same way, between `${}` substitutions or inside a text;
// - a regular expression becomes `new RegExp('…', 'flags')` (the string is then split as above),
//   outside functions of production code only: inside one it would be made anew at each call.
// Cuts fall between whole characters and escape sequences, after a space where there is one. A
// literal is left whole where the language wants a literal: imports and exports, types, property
// names, enum members, directives, tagged templates, `as const`, `require()` and `import()`.
// TypeScript's parser finds the literals; biome lays the result out (files biome leaves out, template
// files and the corpus, are indented here). Before a file is written, its fingerprint
// (`literal-fingerprint.ts`: the syntax tree with every string folded to its value) must equal the
// original's, so no value can change.
//
// Usage: node --import tsx scripts/source-style/split-literals.ts [--check] [file…]
//   (default: every file the line check covers; --check: list what would change, write nothing)
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ts } from '../../compiler/parse/typescript.mjs';
import { literalFingerprint } from './literal-fingerprint.ts';
import { cutPoints, placeholderSpans } from './literal-pieces.ts';
import { lineAllowed, lineCheckedFiles, MAX_LINE, maskedForParsing, sourceFiles } from './source-files.ts';

/** A literal on an over-long line that is left whole, and why. */
export interface Unsplit {
  readonly file: string;
  readonly line: number;
  readonly reason: string;
}

export interface SplitResult {
  readonly text: string;
  readonly unsplit: readonly Unsplit[];
}

/** Folders whose code runs in production: a regular expression inside a function there stays a literal. */
const PRODUCTION = /^(cli|compiler|runtime|validator-service|templates|packaging)\//;

type Literal =
  | ts.StringLiteral
  | ts.NoSubstitutionTemplateLiteral
  | ts.TemplateExpression
  | ts.RegularExpressionLiteral;

const isLiteral = (node: ts.Node): node is Literal =>
  ts.isStringLiteral(node) ||
  ts.isNoSubstitutionTemplateLiteral(node) ||
  ts.isTemplateExpression(node) ||
  node.kind === ts.SyntaxKind.RegularExpressionLiteral;

/** Why `node` must stay one literal where it stands, or null when an expression may take its place. */
function mustStayLiteral(node: Literal): string | null {
  const parent = node.parent;
  if (ts.isTaggedTemplateExpression(parent)) return 'a tagged template (its tag sees the parts)';
  if (ts.isExpressionStatement(parent)) return 'a directive or a statement of its own';
  if (
    ts.isImportDeclaration(parent) ||
    ts.isExportDeclaration(parent) ||
    ts.isExternalModuleReference(parent) ||
    ts.isModuleDeclaration(parent) ||
    ts.isImportAttribute(parent) ||
    ts.isImportSpecifier(parent) ||
    ts.isExportSpecifier(parent)
  )
    return 'a module specifier';
  if (ts.isLiteralTypeNode(parent) || ts.isImportTypeNode(parent)) return 'a type';
  if (ts.isEnumMember(parent)) return 'an enum member';
  if (ts.isComputedPropertyName(parent)) return 'a computed property name';
  if ('name' in parent && (parent as { name?: ts.Node }).name === node) return 'a property name';
  if (ts.isJsxAttribute(parent) || ts.isJsxExpression(parent)) return 'a JSX attribute';
  for (let up: ts.Node = parent; ; up = up.parent) {
    if ((ts.isAsExpression(up) || ts.isTypeAssertionExpression(up)) && isConstType(up.type))
      return 'an `as const` value (its literal type)';
    // An element of an `as const` array: a tuple whose literal types are read (viem's ABIs).
    const within = ts.isArrayLiteralExpression(up) || ts.isParenthesizedExpression(up) || ts.isSpreadElement(up);
    if (!within) break;
  }
  if (ts.isCallExpression(parent)) {
    if (parent.expression.kind === ts.SyntaxKind.ImportKeyword) return 'an import() specifier';
    if (ts.isIdentifier(parent.expression) && parent.expression.text === 'require') return 'a require() specifier';
  }
  for (let up: ts.Node = parent; !ts.isSourceFile(up); up = up.parent) {
    if (ts.isTypeNode(up) && !ts.isExpressionWithTypeArguments(up)) return 'a type';
    if (ts.isDecorator(up)) return 'a decorator argument';
  }
  return null;
}

const isConstType = (type: ts.TypeNode) =>
  ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'const';

/** Whether a `+` chain standing where `node` stands needs parentheses to keep its meaning. */
function needsParentheses(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isBinaryExpression(parent)) {
    const operator = parent.operatorToken.kind;
    if (operator === ts.SyntaxKind.PlusToken) return false;
    return (
      operator === ts.SyntaxKind.MinusToken ||
      operator === ts.SyntaxKind.AsteriskToken ||
      operator === ts.SyntaxKind.SlashToken ||
      operator === ts.SyntaxKind.PercentToken ||
      operator === ts.SyntaxKind.AsteriskAsteriskToken
    );
  }
  if (ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent)) return parent.expression === node;
  if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) return parent.expression === node;
  return (
    ts.isPrefixUnaryExpression(parent) ||
    ts.isPostfixUnaryExpression(parent) ||
    ts.isTypeOfExpression(parent) ||
    ts.isVoidExpression(parent) ||
    ts.isDeleteExpression(parent) ||
    ts.isAwaitExpression(parent) ||
    ts.isAsExpression(parent) ||
    ts.isSatisfiesExpression(parent) ||
    ts.isNonNullExpression(parent) ||
    ts.isTypeAssertionExpression(parent)
  );
}

const insideFunction = (node: ts.Node): boolean => {
  for (let up = node.parent; !ts.isSourceFile(up); up = up.parent) if (ts.isFunctionLike(up)) return true;
  return false;
};

/** A regular expression's pattern as the text of a single-quoted string literal. */
function quotedPattern(pattern: string): string {
  return `'${pattern.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** The text parts of a literal: `[start, end)` of text between its delimiters, and how to close and reopen it. */
function textParts(node: Literal, source: ts.SourceFile): { start: number; end: number; quote: string }[] {
  if (ts.isStringLiteral(node)) {
    const start = node.getStart(source);
    const quote = source.text[start]!;
    return [{ start: start + 1, end: node.end - 1, quote }];
  }
  if (ts.isNoSubstitutionTemplateLiteral(node))
    return [{ start: node.getStart(source) + 1, end: node.end - 1, quote: '`' }];
  if (ts.isTemplateExpression(node)) {
    const parts = [{ start: node.head.getStart(source) + 1, end: node.head.end - 2, quote: '`' }];
    for (const span of node.templateSpans) {
      const literal = span.literal;
      const tail = ts.isTemplateTail(literal);
      parts.push({ start: literal.getStart(source) + 1, end: literal.end - (tail ? 1 : 2), quote: '`' });
    }
    return parts;
  }
  return [];
}

interface LineInfo {
  readonly start: number;
  readonly end: number;
  readonly indent: string;
}

/**
 * Splits, in one pass, one literal per over-long line (the one that reaches past MAX_LINE), each at
 * one place; `indentOf` gives the indentation of the next line (only used where biome does not lay
 * the file out). Returns the new text and the literals it left whole.
 */
export function splitOnce(fileName: string, text: string, formatted: boolean): SplitResult {
  const lines = text.split('\n');
  if (!lines.some((line) => line.length > MAX_LINE)) return { text, unsplit: [] };
  const template = fileName.endsWith('.tpl');
  const parsed = maskedForParsing(fileName, text);
  const kind = /\.(m?ts|tpl)$/.test(fileName) ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(fileName, parsed, ts.ScriptTarget.Latest, true, kind);
  const placeholders = template ? placeholderSpans(text) : [];
  const literals: Literal[] = [];
  const visit = (node: ts.Node): void => {
    if (isLiteral(node)) literals.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source);

  const infos: LineInfo[] = [];
  let offset = 0;
  for (const line of lines) {
    infos.push({ start: offset, end: offset + line.length, indent: /^\s*/.exec(line)![0] });
    offset += line.length + 1;
  }
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;

  const edits: { start: number; end: number; text: string }[] = [];
  const unsplit: Unsplit[] = [];
  const done = new Set<Literal>();
  infos.forEach((info, index) => {
    if (info.end - info.start <= MAX_LINE || lineAllowed(fileName, text.slice(info.start, info.end))) return;
    const limit = info.start + MAX_LINE;
    // The literals that cover the first character past the limit, innermost first but those inside a
    // template's `${}` last (the template is better cut around them), then those that end before the
    // limit, the latest first: the first that can be cut.
    const onLine = literals.filter((node) => node.getStart(source) < info.end && node.end > info.start);
    const reaching = onLine
      .filter((node) => node.getStart(source) <= limit && node.end > limit)
      .sort((a, b) => Number(inSubstitution(a)) - Number(inSubstitution(b)) || b.getStart(source) - a.getStart(source));
    const before = onLine
      .filter((node) => node.getStart(source) < limit && node.end <= limit)
      .sort((a, b) => b.end - a.end);
    const candidates = [...reaching, ...before];
    const node =
      candidates.find(
        (node) => mustStayLiteral(node) === null && cutFor(node, source, text, info, limit, []) !== null,
      ) ?? candidates[0];
    if (node === undefined || done.has(node)) return;
    done.add(node);
    const at = (reason: string) => unsplit.push({ file: fileName, line: index + 1, reason });
    const why = mustStayLiteral(node);
    if (why !== null) return at(why);
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      if (PRODUCTION.test(fileName) && insideFunction(node))
        return at('a regular expression inside a function of production code (made once as a literal)');
      const literal = node.getText(source);
      const end = literal.lastIndexOf('/');
      const flags = literal.slice(end + 1);
      const pattern = quotedPattern(literal.slice(1, end));
      const replacement = `new RegExp(${pattern}${flags === '' ? '' : `, '${flags}'`})`;
      edits.push({ start: node.getStart(source), end: node.end, text: replacement });
      return;
    }
    const open = needsParentheses(node);
    // An opening parenthesis on the cut line takes one more character.
    const room = open && node.getStart(source) >= info.start ? limit - 1 : limit;
    const cut = cutFor(node, source, text, info, room, placeholders);
    if (cut === null) return at('no place to cut on this line');
    let chain: ts.Node = node;
    while (isPlus(chain.parent) || ts.isParenthesizedExpression(chain.parent)) chain = chain.parent;
    const continuation = formatted ? '' : `${infos[lineOf(chain.getStart(source))]!.indent}  `;
    const join = `${cut.quote} +\n${continuation}${cut.quote}`;
    if (open) edits.push({ start: node.getStart(source), end: node.getStart(source), text: '(' });
    edits.push({ start: cut.at, end: cut.at, text: join });
    if (open) edits.push({ start: node.end, end: node.end, text: ')' });
  });
  if (edits.length === 0) return { text, unsplit };
  edits.sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return { text: out, unsplit };
}

const inSubstitution = (node: ts.Node): boolean => {
  for (let up = node.parent; !ts.isSourceFile(up); up = up.parent) if (ts.isTemplateSpan(up)) return true;
  return false;
};

const isPlus = (node: ts.Node): boolean =>
  ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken;

/** The fewest characters a piece of a cut literal holds: a shorter literal is not worth cutting. */
const MIN_PIECE = 12;

/** Words start after a space; without one, a cut after punctuation reads best, else anywhere. */
const GOOD_AFTER = /[\s]/;
const FAIR_AFTER = /[,;:/.&|)\]}>-]/;

/** Where to cut `node` so the line ends by MAX_LINE; the latest good place on the line, never at an edge. */
function cutFor(
  node: Literal,
  source: ts.SourceFile,
  text: string,
  info: LineInfo,
  limit: number,
  placeholders: readonly [number, number][],
): { at: number; quote: string } | null {
  // Room for the closing quote and ` +` on the cut line; no piece shorter than MIN_PIECE characters.
  const last = limit - 3;
  const first = node.getStart(source) + 1 + MIN_PIECE;
  const final = node.end - 1 - MIN_PIECE;
  const candidates: { at: number; quote: string; rank: number }[] = [];
  const parts = textParts(node, source);
  parts.forEach((part, index) => {
    const raw = text.slice(part.start, part.end);
    // Inside a text, and at the edges of a template's substitutions (never an empty first or last piece).
    const lastPart = parts.length - 1;
    const points = [
      ...(index > 0 && (index < lastPart || raw.length > 0) ? [0] : []),
      ...cutPoints(raw),
      ...(index < lastPart && (index > 0 || raw.length > 0) ? [raw.length] : []),
    ];
    for (const point of new Set(points)) {
      const at = part.start + point;
      if (at <= info.start || at > last || at >= info.end || at < first || at > final) continue;
      if (placeholders.some(([from, to]) => from < at && at < to)) continue;
      const before = text[at - 1]!;
      const rank = GOOD_AFTER.test(before) && !GOOD_AFTER.test(text[at]!) ? 2 : FAIR_AFTER.test(before) ? 1 : 0;
      candidates.push({ at, quote: part.quote, rank });
    }
  });
  if (candidates.length === 0) return null;
  // A good place in the last third of the room wins; else a fair one there; else the latest.
  const room = last - Math.max(info.start, node.getStart(source));
  const late = (c: { at: number }) => c.at >= last - room / 3;
  const pick =
    candidates.filter((c) => c.rank === 2 && late(c)).at(-1) ??
    candidates.filter((c) => c.rank >= 1 && late(c)).at(-1) ??
    candidates.filter((c) => c.rank === 2).at(-1) ??
    candidates.at(-1)!;
  return { at: pick.at, quote: pick.quote };
}

/** biome's layout of `text` as the file `file` (relative to `root`). */
function biomeFormat(root: string, file: string, text: string): string {
  const biome = join(root, 'node_modules', '.bin', 'biome');
  return execFileSync(biome, ['format', `--stdin-file-path=${file}`], {
    cwd: root,
    input: text,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

/**
 * Splits every over-long literal of one file, laying it out after each pass, until no line changes.
 * Throws when the result's fingerprint differs from the original's (a value would have changed).
 */
export function splitFile(root: string, file: string, text: string, formatted: boolean): SplitResult {
  let current = text;
  let unsplit: readonly Unsplit[] = [];
  for (let pass = 0; pass < 40; pass += 1) {
    const result = splitOnce(file, current, formatted);
    unsplit = result.unsplit;
    if (result.text === current) break;
    current = formatted ? biomeFormat(root, file, result.text) : result.text;
  }
  if (current !== text) {
    const fingerprint = (version: string) => literalFingerprint(file, maskedForParsing(file, version));
    if (fingerprint(current) !== fingerprint(text))
      throw new Error(`${file}: splitting would change the program; left as it was`);
  }
  return { text: current, unsplit };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = resolve(import.meta.dirname, '..', '..');
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const named = args.filter((arg) => !arg.startsWith('--'));
  const covered = new Set(lineCheckedFiles(root));
  const formatted = new Set(sourceFiles(root));
  const files = named.length > 0 ? named.filter((file) => covered.has(file)) : [...covered];
  let changed = 0;
  let failed = 0;
  const unsplit: Unsplit[] = [];
  for (const file of files) {
    const path = join(root, file);
    const before = readFileSync(path, 'utf8');
    if (!before.split('\n').some((line) => line.length > MAX_LINE)) continue;
    try {
      const result = splitFile(root, file, before, formatted.has(file));
      unsplit.push(...result.unsplit);
      if (result.text === before) continue;
      changed += 1;
      if (check) process.stdout.write(`${file}: literals over ${MAX_LINE} characters can be split\n`);
      else writeFileSync(path, result.text);
    } catch (error) {
      failed += 1;
      process.stderr.write(`${(error as Error).message}\n`);
    }
  }
  for (const { file, line, reason } of unsplit) process.stdout.write(`${file}:${line}: left whole: ${reason}\n`);
  process.stdout.write(`${check ? 'would split' : 'split'} literals in ${changed} file(s)\n`);
  if (failed > 0 || (check && changed > 0)) process.exit(1);
}
