/**
 * The AST security scan of a schema module. It walks the whole tree once and reports every
 * violation with its exact position (no early exit). Strings, comments, regex literals and URLs are
 * data, never code, so words inside them cannot trigger a rule; only references, property accesses
 * and values the file computes can.
 */
import { ts } from '../parse/typescript.mjs';
import type { ParsedModule } from '../parse/source-file.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { secRules } from './rules.ts';
import { walkFile, type ScopeResolver } from './scope.ts';
import { createFolder } from './constant-fold.ts';
import {
  assembledForbidden,
  dangerousProperties,
  forbiddenGlobals,
  noTimers,
  otherTimerGlobals,
  safeGlobals,
  timerGlobals,
} from './forbidden-names.ts';
import { isAssignmentPattern, isReference } from './identifier-position.ts';
import {
  defaultAllowedLibraries,
  findMainLiteral,
  ioLibraries,
  libraryGlobalNames,
  readRequiredLibraries,
} from './library-allowlist.ts';
import { findHtmlLikeComments } from './html-comments.ts';
import { findLibraryUses } from './library-use.ts';
import { unavailableGlobals } from './unavailable-globals.ts';

/** Options of one scan: the file name used in messages and the user's extra allowed libraries. */
export interface ScanOptions {
  readonly file: string;
  readonly allowedLibraries?: readonly string[];
}

const SyntaxKind = ts.SyntaxKind;

const propertyMessages: Record<string, (name: string) => string> = {
  SEC006: () => `'constructor' reaches the Function constructor from any value (x.constructor.constructor runs code)`,
  SEC019: (name) => `'${name}' exposes the calling functions`,
  SEC020: (name) =>
    name === '__proto__'
      ? `'__proto__' reads or replaces an object's prototype`
      : `'.prototype' is only allowed as X.prototype.method.call/apply/bind(…); anything else can change built-ins`,
  SEC023: (name) => `'${name}' is a reflective API that reaches hidden constructors and internals`,
};

const isStringish = (node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);

/** `X.prototype.method.call(…)` (or apply/bind): reading a built-in method, the one allowed use. */
function isBorrowedMethod(access: ts.PropertyAccessExpression): boolean {
  const method = access.parent;
  if (!ts.isPropertyAccessExpression(method) || method.expression !== access) return false;
  const invoke = method.parent;
  if (!ts.isPropertyAccessExpression(invoke) || invoke.expression !== method) return false;
  if (!['call', 'apply', 'bind'].includes(ts.idText(invoke.name))) return false;
  return ts.isCallExpression(invoke.parent) && invoke.parent.expression === invoke;
}

/** True for `this` whose value could be the global object (module level or a plain function). */
function thisMayBeGlobal(node: ts.Node): boolean {
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isArrowFunction(current)) continue;
    if (
      ts.isMethodDeclaration(current) ||
      ts.isConstructorDeclaration(current) ||
      ts.isGetAccessorDeclaration(current) ||
      ts.isSetAccessorDeclaration(current) ||
      ts.isClassStaticBlockDeclaration(current) ||
      ts.isPropertyDeclaration(current)
    )
      return false;
    if (ts.isFunctionDeclaration(current) || ts.isFunctionExpression(current)) return true;
  }
  return true;
}

/** The library names of the last allowlist seen: a run scans many files with the same one. */
let lastLibraries: { key: string; names: Map<string, string> } | undefined;
const globalNamesOf = (libraries: readonly string[]): Map<string, string> => {
  const key = libraries.join('\n');
  if (lastLibraries?.key !== key) lastLibraries = { key, names: libraryGlobalNames(libraries) };
  return lastLibraries.names;
};

/** Scans a parsed schema module; returns every finding, sorted by position. */
export function scanSourceFile(source: ParsedModule, options: ScanOptions): Diagnostic[] {
  return scanTree(source.compilerNode, { ...options, checkLibraries: true });
}

export interface ScanTreeOptions extends ScanOptions {
  /** Whether to check the libraries `main` requires against their use: off for data files, which have no `main`. */
  readonly checkLibraries: boolean;
}

/** The scan itself. */
export function scanTree(sf: ts.SourceFile, options: ScanTreeOptions): Diagnostic[] {
  const { checkLibraries } = options;
  const walked = walkFile(sf);
  const scope: ScopeResolver = walked.scope;
  const fold = createFolder(scope);
  const found: Diagnostic[] = [];
  const seen = new Set<string>();

  const report = (rule: string, node: ts.Node, message: string): void => {
    const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    const key = `${rule}:${node.getStart(sf)}`;
    if (seen.has(key)) return;
    seen.add(key);
    found.push({
      rule,
      severity: secRules[rule]?.severity ?? 'error',
      message,
      file: options.file,
      line: line + 1,
      column: character + 1,
    });
  };

  const allowed = new Set([...defaultAllowedLibraries, ...(options.allowedLibraries ?? [])]);
  const required: string[] = [];
  let librariesReadable = true;
  if (checkLibraries) {
    const main = findMainLiteral(sf);
    const libraries = main ? readRequiredLibraries(main) : undefined;
    for (const entry of libraries?.entries ?? []) {
      if (entry.name === undefined) {
        librariesReadable = false;
        report(
          'SEC026',
          entry.node,
          `main.requiredLibraries must list package names as string literals; found ` +
            `'${entry.node.getText(sf).slice(0, 40)}'`,
        );
      } else {
        required.push(entry.name);
        const io = ioLibraries.get(entry.name);
        if (io)
          report(
            'SEC032',
            entry.node,
            `Library '${entry.name}' ${io}; handlers run in a sandbox without network or file access, so it cannot ` +
              `work there: call its API as a declared tool instead`,
          );
        else if (!allowed.has(entry.name))
          report('SEC024', entry.node, `Library '${entry.name}' is not on the allowlist`);
      }
    }
  }
  const libraryNames = globalNamesOf([...allowed, ...required]);

  const isGlobalRef = (id: ts.Identifier): boolean => scope.declarationOf(ts.idText(id), id) === undefined;

  /** The global an identifier stands for, directly or through `const alias = Global` chains. */
  const aliasedGlobal = (id: ts.Identifier, depth = 0): string | undefined => {
    const declaration = scope.declarationOf(ts.idText(id), id);
    if (!declaration) return ts.idText(id);
    if (
      depth > 16 ||
      !ts.isVariableDeclaration(declaration) ||
      !ts.isIdentifier(declaration.name) ||
      !declaration.initializer
    )
      return undefined;
    let value: ts.Expression = declaration.initializer;
    while (ts.isParenthesizedExpression(value)) value = value.expression;
    return ts.isIdentifier(value) ? aliasedGlobal(value, depth + 1) : undefined;
  };

  /** A literal, or a name bound to one: its value is written in the file, not assembled. */
  const isWrittenOut = (node: ts.Node, depth = 0): boolean => {
    if (depth > 16) return false;
    if (ts.isParenthesizedExpression(node)) return isWrittenOut(node.expression, depth + 1);
    if (isStringish(node)) return true;
    if (!ts.isIdentifier(node)) return false;
    const declaration = scope.declarationOf(ts.idText(node), node);
    return (
      !!declaration &&
      ts.isVariableDeclaration(declaration) &&
      !!declaration.initializer &&
      isWrittenOut(declaration.initializer, depth + 1)
    );
  };

  const checkPropertyName = (name: string, at: ts.Node, access?: ts.PropertyAccessExpression): void => {
    const rule = dangerousProperties.get(name);
    if (!rule) return;
    if (name === 'prototype' && access && isBorrowedMethod(access)) return;
    report(rule, at, propertyMessages[rule]!(name));
  };

  const checkGlobal = (id: ts.Identifier): void => {
    const name = ts.idText(id);
    if (name === 'arguments') {
      if (!scope.insideFunction(id))
        report(
          'SEC014',
          id,
          `'arguments' outside a function is the CommonJS module wrapper (require, module, exports)`,
        );
      return;
    }
    const forbidden = forbiddenGlobals.get(name);
    if (forbidden) {
      report(forbidden.rule, id, `Global '${name}' ${forbidden.what}`);
      return;
    }
    if (timerGlobals.has(name)) {
      const call = id.parent;
      if (!ts.isCallExpression(call) || call.expression !== id) {
        report('SEC016', id, `'${name}' used other than as a direct call; besides, ${noTimers}`);
        return;
      }
      const callback = call.arguments[0];
      if (callback && typeof fold(callback) === 'string') {
        report('SEC016', callback, `'${name}' with a code string runs that string as code`);
        return;
      }
    }
    if (timerGlobals.has(name) || otherTimerGlobals.has(name)) {
      report('SEC027', id, `Global '${name}' is not available: ${noTimers}`);
      return;
    }
    if (safeGlobals.has(name)) return;
    const library = libraryNames.get(name);
    if (library) {
      report(
        'SEC025',
        id,
        `Library '${library}' used as a global; handlers get it only as libraries['${library}'] after declaring it ` +
          `in main.requiredLibraries`,
      );
      return;
    }
    const unavailable = unavailableGlobals.get(name);
    if (unavailable) {
      report('SEC027', id, `Global '${name}' is not available in the sandbox: it ${unavailable}`);
      return;
    }
    report(
      'SEC205',
      id,
      `'${name}' is declared nowhere in this file and is no global of the sandbox: this code throws a ReferenceError ` +
        `when it runs (define ${name} in the file, or take the value from the hook's arguments)`,
    );
  };

  const checkElementAccess = (node: ts.ElementAccessExpression): void => {
    const key = node.argumentExpression;
    const value = fold(key);
    if (typeof value === 'string') {
      if (!dangerousProperties.has(value)) return;
      if (isWrittenOut(key)) checkPropertyName(value, key);
      else if (ts.isIdentifier(key))
        report('SEC022', key, `'${key.text}' holds an assembled string that spells '${value}'`);
      return;
    }
    if (value !== undefined) return;
    let target: ts.Expression = node.expression;
    while (ts.isParenthesizedExpression(target)) target = target.expression;
    const global = ts.isIdentifier(target) ? aliasedGlobal(target) : undefined;
    if (global && safeGlobals.has(global)) {
      report(
        'SEC021',
        node,
        `Computed access '${ts.idText(target as ts.Identifier)}[…]' with a key that is not a constant can reach any ` +
          `member of the global '${global}'`,
      );
    }
  };

  const checkAssembled = (node: ts.Node): void => {
    if (isStringish(node)) return;
    const value = fold(node);
    if (typeof value !== 'string' || !assembledForbidden.has(value)) return;
    if (fold(node.parent) === value) return; // the enclosing expression reports it
    report('SEC022', node, `Expression assembles the forbidden name '${value}'`);
  };

  const checkStringLiteral = (node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral): void => {
    const rule = dangerousProperties.get(node.text);
    if (!rule) return;
    const parent = node.parent;
    if (ts.isElementAccessExpression(parent) && parent.argumentExpression === node) return;
    if (
      (ts.isPropertyAssignment(parent) ||
        ts.isMethodDeclaration(parent) ||
        ts.isPropertyDeclaration(parent) ||
        ts.isGetAccessorDeclaration(parent) ||
        ts.isSetAccessorDeclaration(parent) ||
        ts.isBindingElement(parent)) &&
      parent.name === node
    )
      return;
    if (ts.isBindingElement(parent) && parent.propertyName === node) return;
    if (ts.isCaseClause(parent)) return;
    if (
      ts.isBinaryExpression(parent) &&
      [
        ts.SyntaxKind.EqualsEqualsEqualsToken,
        ts.SyntaxKind.ExclamationEqualsEqualsToken,
        ts.SyntaxKind.EqualsEqualsToken,
        ts.SyntaxKind.ExclamationEqualsToken,
        ts.SyntaxKind.InKeyword,
      ].includes(parent.operatorToken.kind)
    )
      return;
    if (typeof fold(parent) === 'string') return; // part of a larger string, judged as a whole
    report(rule, node, `String '${node.text}' works as a computed key: ${propertyMessages[rule]!(node.text)}`);
  };

  /** The checks of one node, in the order the tree is walked; true when its subtree is not to be looked at. */
  const check = (node: ts.Node): boolean => {
    switch (node.kind) {
      case SyntaxKind.ImportDeclaration:
      case SyntaxKind.ImportEqualsDeclaration: {
        const spec = ts.isImportDeclaration(node)
          ? node.moduleSpecifier
          : (node as ts.ImportEqualsDeclaration).moduleReference;
        report(
          'SEC001',
          node,
          `Import of ${spec.getText(sf)}: schemas have zero imports; libraries come through requiredLibraries`,
        );
        return true;
      }
      case SyntaxKind.ExportDeclaration: {
        const { moduleSpecifier } = node as ts.ExportDeclaration;
        if (!moduleSpecifier) break;
        report(
          'SEC001',
          node,
          `Re-export from ${moduleSpecifier.getText(sf)} loads a module: schemas have zero imports`,
        );
        return true;
      }
      case SyntaxKind.CallExpression:
        if ((node as ts.CallExpression).expression.kind === SyntaxKind.ImportKeyword)
          report('SEC002', node, `Dynamic import() loads a module at run time`);
        break;
      case SyntaxKind.MetaProperty:
        report('SEC003', node, `'${node.getText(sf).replace(/\s+/g, '')}' exposes the loader context`);
        break;
      case SyntaxKind.WithStatement:
        report('SEC012', node, `'with' turns object properties into variables and hides global access from analysis`);
        break;
      case SyntaxKind.ThisKeyword:
        if (thisMayBeGlobal(node))
          report('SEC010', node, `'this' outside a method is the global object in sloppy code`);
        break;
      case SyntaxKind.Identifier:
        if (isReference(node as ts.Identifier) && isGlobalRef(node as ts.Identifier))
          checkGlobal(node as ts.Identifier);
        break;
      case SyntaxKind.PropertyAccessExpression: {
        const access = node as ts.PropertyAccessExpression;
        checkPropertyName(ts.idText(access.name), access.name, access);
        break;
      }
      case SyntaxKind.ElementAccessExpression:
        checkElementAccess(node as ts.ElementAccessExpression);
        break;
      case SyntaxKind.StringLiteral:
      case SyntaxKind.NoSubstitutionTemplateLiteral:
        checkStringLiteral(node as ts.StringLiteral | ts.NoSubstitutionTemplateLiteral);
        break;
      case SyntaxKind.PropertyAssignment: {
        const { name, parent } = node as ts.PropertyAssignment;
        if (ts.isComputedPropertyName(name)) break;
        const key = ts.isIdentifier(name) || isStringish(name) ? name.text : undefined;
        if (key === '__proto__') report('SEC020', name, `'__proto__' key in an object literal replaces its prototype`);
        // Only a name that leads somewhere matters as an assignment target (finding the target climbs the literal).
        else if (
          key &&
          dangerousProperties.has(key) &&
          ts.isObjectLiteralExpression(parent) &&
          isAssignmentPattern(parent)
        )
          checkPropertyName(key, name);
        break;
      }
      case SyntaxKind.BindingElement: {
        const element = node as ts.BindingElement;
        if (!ts.isObjectBindingPattern(element.parent)) break;
        const key = element.propertyName ?? element.name;
        if (ts.isIdentifier(key) || isStringish(key)) checkPropertyName(key.text, key);
        break;
      }
    }
    switch (node.kind) {
      case SyntaxKind.BinaryExpression:
      case SyntaxKind.TemplateExpression:
      case SyntaxKind.CallExpression:
      case SyntaxKind.TaggedTemplateExpression:
        checkAssembled(node);
    }
    return false;
  };
  const { nodes, subtreeEnd } = walked;
  for (let i = 0; i < nodes.length; i = check(nodes[i]!) ? subtreeEnd[i]! : i + 1);

  for (const { pos, text } of findHtmlLikeComments(sf)) {
    const { line, character } = sf.getLineAndCharacterOfPosition(pos);
    const key = `SEC030:${pos}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push({
      rule: 'SEC030',
      severity: secRules.SEC030!.severity,
      message:
        `'${text}' here is an HTML-like comment to a script parser but code to a module parser: write it ` +
        `another way (e.g. '< !--' or a comment)`,
      file: options.file,
      line: line + 1,
      column: character + 1,
    });
  }
  if (checkLibraries && librariesReadable) {
    const declared = new Set(required);
    for (const use of findLibraryUses(sf, scope, fold)) {
      if (use.name === undefined)
        report(
          'SEC031',
          use.node,
          `libraries[…] with a key that is not a constant: the scan cannot tell which library is read; name it ` +
            `(libraries['name'])`,
        );
      else if (!declared.has(use.name))
        report(
          'SEC031',
          use.node,
          `Library '${use.name}' is used but not declared in main.requiredLibraries; declare it there (only declared ` +
            `libraries are loaded)`,
        );
    }
  }

  return found.sort(
    (a, b) =>
      a.line - b.line || a.column - b.column || a.rule.localeCompare(b.rule) || a.message.localeCompare(b.message),
  );
}
