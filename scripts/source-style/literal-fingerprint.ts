// A file's syntax tree written out with every string folded to its value, so that two versions of a
// file that differ only in how their literals are cut (`'ab'` or `'a' + 'b'`, a template cut in two,
// `/a\/b/` or `new RegExp('a\\/b')`) and in layout (line breaks, quotes, redundant parentheses) give
// the same fingerprint, and any other difference gives another. The literal splitter compares the
// fingerprints of each file before and after its changes and refuses to write a file whose differ.
import { ts } from '../../compiler/parse/typescript.mjs';

/** A piece of a string being concatenated: text, or an expression whose value is converted to text. */
type Segment = { readonly text: string } | { readonly expression: string };

export function literalFingerprint(fileName: string, text: string): string {
  const kind = /\.(m?ts|tpl)$/.test(fileName) ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  return print(source, source);
}

const unparenthesized = (node: ts.Node): ts.Node => {
  let inner = node;
  while (ts.isParenthesizedExpression(inner)) inner = inner.expression;
  return inner;
};

const isPlus = (node: ts.Node): node is ts.BinaryExpression =>
  ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken;

const isStringLike = (node: ts.Node): boolean =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);

/** The operands of a `+` chain, left to right; a parenthesised chain that starts with a string joins in. */
function operands(node: ts.Node): ts.Node[] {
  const inner = unparenthesized(node);
  if (!isPlus(inner)) return [inner];
  const right = unparenthesized(inner.right);
  const rightJoins = isPlus(right) && isStringLike(operands(right)[0]!);
  return [...operands(inner.left), ...(rightJoins ? operands(right) : [right])];
}

/**
 * A `+` chain or template that makes a string, as what comes before its first string operand (added
 * as JavaScript adds, then converted) and the segments from there, adjacent texts merged; else null.
 */
function stringChain(node: ts.Node, source: ts.SourceFile): { prefix: string[]; segments: Segment[] } | null {
  const parts = operands(node);
  const first = parts.findIndex(isStringLike);
  if (first < 0) return null;
  if (parts.length === 1 && !ts.isTemplateExpression(parts[0]!)) return null;
  const segments: Segment[] = [];
  const push = (segment: Segment) => {
    const last = segments.at(-1);
    if ('text' in segment && last !== undefined && 'text' in last)
      segments[segments.length - 1] = { text: last.text + segment.text };
    else if (!('text' in segment && segment.text === '')) segments.push(segment);
  };
  for (const part of parts.slice(first)) {
    if (ts.isStringLiteral(part) || ts.isNoSubstitutionTemplateLiteral(part)) push({ text: part.text });
    else if (ts.isTemplateExpression(part)) {
      push({ text: part.head.text });
      for (const span of part.templateSpans) {
        push({ expression: `str(${print(span.expression, source)})` });
        push({ text: span.literal.text });
      }
    } else push({ expression: print(part, source) });
  }
  return { prefix: parts.slice(0, first).map((part) => print(part, source)), segments };
}

/** The text of a chain made only of literal texts; else null. */
function constantString(node: ts.Node, source: ts.SourceFile): string | null {
  const inner = unparenthesized(node);
  if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) return inner.text;
  const chain = stringChain(inner, source);
  if (chain === null || chain.prefix.length > 0) return null;
  const texts = chain.segments.map((segment) => ('text' in segment ? segment.text : null));
  return texts.includes(null) ? null : texts.join('');
}

/** `new RegExp(<string>, <flags>)` with literal arguments, as the regex literal it stands for; else null. */
function regexOf(node: ts.Node, source: ts.SourceFile): string | null {
  if (!ts.isNewExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 'RegExp') return null;
  const [pattern, flags, ...rest] = node.arguments ?? [];
  if (pattern === undefined || rest.length > 0) return null;
  const body = constantString(pattern, source);
  if (body === null || (flags !== undefined && !ts.isStringLiteral(flags))) return null;
  return `regex(${JSON.stringify(body)},${JSON.stringify(flags?.text ?? '')})`;
}

function print(node: ts.Node, source: ts.SourceFile): string {
  const inner = unparenthesized(node);
  if (inner !== node) return print(inner, source);
  const regex = regexOf(node, source);
  if (regex !== null) return regex;
  if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
    const literal = node.getText(source);
    const end = literal.lastIndexOf('/');
    return `regex(${JSON.stringify(literal.slice(1, end))},${JSON.stringify(literal.slice(end + 1))})`;
  }
  if (!ts.isTaggedTemplateExpression(node.parent ?? node)) {
    const chain = stringChain(node, source);
    if (chain !== null) return `concat(${JSON.stringify(chain)})`;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      return `concat(${JSON.stringify({ prefix: [], segments: [{ text: node.text }] })})`;
  }
  // Commas and semicolons only separate what the tree already holds apart (a trailing comma the
  // formatter adds changes nothing); the comma operator keeps its node.
  const children = node
    .getChildren(source)
    .filter(
      (child) =>
        !isJsDoc(child) && child.kind !== ts.SyntaxKind.CommaToken && child.kind !== ts.SyntaxKind.SemicolonToken,
    );
  if (children.length === 0) return node.kind === ts.SyntaxKind.EndOfFileToken ? '' : node.getText(source);
  return `${ts.SyntaxKind[node.kind]}(${children.map((child) => print(child, source)).join(' ')})`;
}

const isJsDoc = (node: ts.Node) =>
  node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode;
