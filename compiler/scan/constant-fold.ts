/**
 * Static evaluation of the string expressions an attacker uses to spell a forbidden name without
 * writing it: concatenation, template literals, `String.fromCharCode`, `atob`, `Buffer.from(…, 'base64')`,
 * `split/reverse/join`, case changes, and constants holding such values. Nothing is executed; an
 * expression that is not understood folds to `undefined`.
 */
import { ts } from '../parse/typescript.mjs';
import type { ScopeResolver } from './scope.ts';

export type Folded = string | number | (string | number)[] | undefined;

const MAX_DEPTH = 24;

/** Folds expressions of one file; results are cached per node. */
export function createFolder(scope: ScopeResolver): (node: ts.Node) => Folded {
  const cache = new Map<ts.Node, Folded>();

  const isGlobal = (name: string, at: ts.Node): boolean => scope.declarationOf(name, at) === undefined;
  const asText = (value: Folded): string | undefined =>
    typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

  const fold = (node: ts.Node, depth: number): Folded => {
    if (depth > MAX_DEPTH) return undefined;
    if (cache.has(node)) return cache.get(node);
    cache.set(node, undefined); // breaks cycles such as `const a = b, b = a`
    const value = compute(node, depth + 1);
    cache.set(node, value);
    return value;
  };

  const foldArguments = (args: readonly ts.Expression[], depth: number): (string | number)[] | undefined => {
    const out: (string | number)[] = [];
    for (const arg of args) {
      const value = fold(ts.isSpreadElement(arg) ? arg.expression : arg, depth);
      if (value === undefined) return undefined;
      if (Array.isArray(value)) {
        if (!ts.isSpreadElement(arg)) return undefined;
        out.push(...value);
      } else out.push(value);
    }
    return out;
  };

  const decode = (name: string, text: string): string | undefined => {
    try {
      if (name === 'atob') return Buffer.from(text, 'base64').toString('latin1');
      if (name === 'decodeURIComponent') return decodeURIComponent(text);
      if (name === 'decodeURI') return decodeURI(text);
      if (name === 'unescape') return unescape(text);
      if (name === 'String') return text;
    } catch {
      return undefined;
    }
    return undefined;
  };

  const stringMethod = (receiver: string, method: string, args: (string | number)[]): Folded => {
    const [a, b] = args;
    switch (method) {
      case 'toString':
      case 'valueOf':
      case 'normalize':
        return receiver;
      case 'toLowerCase':
      case 'toLocaleLowerCase':
        return receiver.toLowerCase();
      case 'toUpperCase':
      case 'toLocaleUpperCase':
        return receiver.toUpperCase();
      case 'trim':
        return receiver.trim();
      case 'concat':
        return receiver + args.join('');
      case 'split':
        return typeof a === 'string' ? receiver.split(a) : undefined;
      case 'slice':
        return receiver.slice(Number(a ?? 0), b === undefined ? undefined : Number(b));
      case 'substring':
        return receiver.substring(Number(a ?? 0), b === undefined ? undefined : Number(b));
      case 'charAt':
        return receiver.charAt(Number(a ?? 0));
      case 'at':
        return receiver.at(Number(a ?? 0));
      case 'repeat':
        return typeof a === 'number' && a >= 0 && a < 64 ? receiver.repeat(a) : undefined;
      case 'replace':
        return typeof a === 'string' && typeof b === 'string' ? receiver.replace(a, () => b) : undefined;
      case 'replaceAll':
        return typeof a === 'string' && typeof b === 'string' ? receiver.split(a).join(b) : undefined;
      default:
        return undefined;
    }
  };

  const arrayMethod = (receiver: (string | number)[], method: string, args: (string | number)[]): Folded => {
    switch (method) {
      case 'join':
        return receiver.join(args[0] === undefined ? ',' : String(args[0]));
      case 'reverse':
      case 'toReversed':
        return [...receiver].reverse();
      case 'concat':
        return [...receiver, ...args];
      case 'slice':
        return receiver.slice(Number(args[0] ?? 0), args[1] === undefined ? undefined : Number(args[1]));
      case 'toString':
        return receiver.join(',');
      default:
        return undefined;
    }
  };

  const compute = (node: ts.Node, depth: number): Folded => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isNumericLiteral(node)) return Number(node.text);
    if (ts.isParenthesizedExpression(node)) return fold(node.expression, depth);
    if (ts.isPrefixUnaryExpression(node)) {
      const inner = fold(node.operand, depth);
      if (typeof inner !== 'number') return undefined;
      return node.operator === ts.SyntaxKind.MinusToken
        ? -inner
        : node.operator === ts.SyntaxKind.PlusToken
          ? inner
          : undefined;
    }
    if (ts.isTemplateExpression(node)) {
      let text = node.head.text;
      for (const span of node.templateSpans) {
        const part = asText(fold(span.expression, depth));
        if (part === undefined) return undefined;
        text += part + span.literal.text;
      }
      return text;
    }
    if (ts.isBinaryExpression(node)) {
      const left = fold(node.left, depth);
      const right = fold(node.right, depth);
      if (left === undefined || right === undefined || Array.isArray(left) || Array.isArray(right)) return undefined;
      switch (node.operatorToken.kind) {
        case ts.SyntaxKind.PlusToken:
        case ts.SyntaxKind.PlusEqualsToken: // `k += 'tor'` with k's initial value: the first append is caught
          return typeof left === 'number' && typeof right === 'number' ? left + right : String(left) + String(right);
        case ts.SyntaxKind.MinusToken:
          return typeof left === 'number' && typeof right === 'number' ? left - right : undefined;
        case ts.SyntaxKind.AsteriskToken:
          return typeof left === 'number' && typeof right === 'number' ? left * right : undefined;
        case ts.SyntaxKind.CommaToken:
          return right;
        default:
          return undefined;
      }
    }
    if (ts.isArrayLiteralExpression(node)) return foldArguments(node.elements, depth);
    if (ts.isIdentifier(node)) {
      const declaration = scope.declarationOf(ts.idText(node), node);
      if (
        declaration &&
        ts.isVariableDeclaration(declaration) &&
        ts.isIdentifier(declaration.name) &&
        declaration.initializer
      ) {
        return fold(declaration.initializer, depth);
      }
      return undefined;
    }
    if (ts.isTaggedTemplateExpression(node)) {
      const tag = node.tag;
      if (
        ts.isPropertyAccessExpression(tag) &&
        ts.isIdentifier(tag.expression) &&
        ts.idText(tag.expression) === 'String' &&
        ts.idText(tag.name) === 'raw' &&
        isGlobal('String', node) &&
        ts.isNoSubstitutionTemplateLiteral(node.template)
      ) {
        return node.template.rawText ?? node.template.text;
      }
      return undefined;
    }
    if (ts.isCallExpression(node)) return foldCall(node, depth);
    return undefined;
  };

  const foldCall = (node: ts.CallExpression, depth: number): Folded => {
    const callee = node.expression;
    if (ts.isIdentifier(callee)) {
      const name = ts.idText(callee);
      if (!isGlobal(name, node)) return undefined;
      const text = asText(fold(node.arguments[0] ?? node, depth));
      return text === undefined ? undefined : decode(name, text);
    }
    if (!ts.isPropertyAccessExpression(callee)) return undefined;
    const method = ts.idText(callee.name);
    const target = callee.expression;
    if (ts.isIdentifier(target) && isGlobal(ts.idText(target), node)) {
      const owner = ts.idText(target);
      if (owner === 'String' && (method === 'fromCharCode' || method === 'fromCodePoint')) {
        const codes = foldArguments(node.arguments, depth);
        if (!codes || codes.some((c) => typeof c !== 'number' || c < 0 || c > 0x10ffff)) return undefined;
        return String.fromCodePoint(...(codes as number[]));
      }
      if (owner === 'Buffer' && method === 'from') {
        const text = asText(fold(node.arguments[0] ?? node, depth));
        const encoding = node.arguments[1] ? asText(fold(node.arguments[1], depth)) : 'utf8';
        if (
          text === undefined ||
          (encoding !== 'base64' && encoding !== 'hex' && encoding !== 'utf8' && encoding !== 'base64url')
        )
          return undefined;
        return Buffer.from(text, encoding).toString('latin1');
      }
      return undefined;
    }
    const receiver = fold(target, depth);
    if (receiver === undefined) return undefined;
    const args = foldArguments(node.arguments, depth);
    if (!args) return undefined;
    if (Array.isArray(receiver)) return arrayMethod(receiver, method, args);
    if (typeof receiver === 'string') return stringMethod(receiver, method, args);
    return undefined;
  };

  return (node) => fold(node, 0);
}
