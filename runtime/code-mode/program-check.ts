/**
 * The check a program passes before it runs: parsed and type-checked by the TypeScript compiler
 * (the in-process one ts-morph carries, a runtime dependency) against the API's declarations.
 * Syntax errors, and type errors that concern the API (an unknown namespace or tool, arguments that
 * do not fit a tool's input type), refuse the program with located messages; other type errors are
 * left alone, since the program may be plain JavaScript. A language service is kept warm: the
 * library and API declarations are parsed once, each check re-reads only the program.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { carriedFiles, verifiedPath } from '../carried/carried-files.ts';

type Ts = typeof import('ts-morph').ts;

/** One located problem; line and column count from 1 in the program as it was sent. */
export interface ProgramProblem {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export type CheckResult =
  | {
      readonly ok: true;
      /** The JavaScript the sandbox runs: the program itself, or with its types stripped. */ readonly js: string;
    }
  | { readonly ok: false; readonly problems: readonly ProgramProblem[] };

export interface ProgramChecker {
  check(program: string): CheckResult;
  /** Loads the compiler and checks a trivial program, so the first real check is warm. */
  warm(): void;
}

/** The wrapper a program body is checked in: its own line, so the program's lines keep their numbers. */
const PREFIX = 'async function __program__() {\n';
const SUFFIX = '\n}\n';
export const PROGRAM_FUNCTION = '__program__';

const PROGRAM_FILE = '/program.ts';
const API_FILE = '/api.d.ts';
const LIB_DIR = '/lib/';
/** At most this many problems are told. */
const MAX_PROBLEMS = 10;

let loaded: { ts: Ts; libs: Map<string, string> } | undefined;

/** The checker cannot be loaded here (a bundle run where ts-morph is not installed). */
export class CheckerUnavailable extends Error {
  override readonly name = 'CheckerUnavailable';
}

/** The compiler and its library declarations, loaded on first need (several MB of JavaScript). */
function compiler(): { ts: Ts; libs: Map<string, string> } {
  if (loaded) return loaded;
  let common: { ts: Ts; getLibFiles(): { fileName: string; text: string }[] };
  // A bundle built with --carry-code-mode has it in engine/ (checked against the build's hash), else the installed one.
  const carried = carriedFiles();
  if (carried?.index.checker) {
    try {
      common = createRequire(join(carried.dir, 'noop.js'))(
        verifiedPath(carried.index.checker, 'the program checker'),
      ) as typeof common;
    } catch (error) {
      throw new CheckerUnavailable((error as Error).message.split('\n')[0]!);
    }
  } else {
    try {
      common = createRequire(import.meta.url)('@ts-morph/common') as typeof common;
    } catch {
      throw new CheckerUnavailable(
        'code mode checks programs with the TypeScript compiler, which is neither carried beside this bundle nor ' +
          'installed where it runs: rebuild with `toolkit build --carry-code-mode`, serve with `toolkit server ' +
          '--listing code`, or install ts-morph beside the bundle',
      );
    }
  }
  const libs = new Map(common.getLibFiles().map((file) => [`${LIB_DIR}${file.fileName}`, file.text]));
  return (loaded = { ts: common.ts, libs });
}

/** Whether the program uses syntax only TypeScript has (then it is run with its types stripped). */
function hasTypeSyntax(ts: Ts, node: import('ts-morph').ts.Node): boolean {
  if (
    ts.isTypeNode(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isNonNullExpression(node) ||
    ts.isTypeAssertionExpression(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isEnumDeclaration(node) ||
    ts.isModuleDeclaration(node) ||
    ts.isTypeParameterDeclaration(node) ||
    ts.isHeritageClause(node) ||
    (ts.isParameter(node) && node.questionToken !== undefined)
  )
    return true;
  return ts.forEachChild(node, (child) => hasTypeSyntax(ts, child) || undefined) === true;
}

/** Whether an expression is `tools`, or a member of it at any depth (`tools.ns`, `tools.ns["tool"]`). */
function rootedAtTools(ts: Ts, node: import('ts-morph').ts.Expression): boolean {
  let current: import('ts-morph').ts.Expression = node;
  while (
    ts.isPropertyAccessExpression(current) ||
    ts.isElementAccessExpression(current) ||
    ts.isParenthesizedExpression(current)
  )
    current = current.expression;
  return ts.isIdentifier(current) && current.text === 'tools';
}

/** The text ranges where a type error concerns the API: accesses of `tools`, and whole calls of its members. */
function apiRanges(ts: Ts, file: import('ts-morph').ts.SourceFile): [number, number][] {
  const ranges: [number, number][] = [];
  const visit = (node: import('ts-morph').ts.Node): void => {
    if (ts.isCallExpression(node) && rootedAtTools(ts, node.expression)) ranges.push([node.getStart(file), node.end]);
    else if ((ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) && rootedAtTools(ts, node))
      ranges.push([node.getStart(file), node.end]);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return ranges;
}

/** TypeScript's code for "Property 'x' does not exist on type …". */
const NO_SUCH_PROPERTY = new Set([2339, 2551]);
/** How many names an unknown-member message lists. */
const MAX_NAMES = 20;

const listed = (names: readonly string[]): string =>
  names.length <= MAX_NAMES ? names.join(', ') : `${names.slice(0, MAX_NAMES).join(', ')}, … (${names.length} in all)`;

/**
 * An unknown namespace or tool told by name instead of by the whole type TypeScript prints:
 * `tools.geo has no tool "nope"; its tools: getCoordinates`.
 */
function unknownMember(
  ts: Ts,
  file: import('ts-morph').ts.SourceFile,
  diagnostic: import('ts-morph').ts.Diagnostic,
  catalog: Readonly<Record<string, readonly string[]>>,
): string | undefined {
  if (!NO_SUCH_PROPERTY.has(diagnostic.code) || diagnostic.start === undefined) return undefined;
  const start = diagnostic.start;
  const find = (at: import('ts-morph').ts.Node): import('ts-morph').ts.PropertyAccessExpression | undefined =>
    ts.isPropertyAccessExpression(at) && at.name.getStart(file) === start ? at : ts.forEachChild(at, find);
  const node = find(file);
  if (!node) return undefined;
  const name = node.name.text;
  const owner = node.expression;
  if (ts.isIdentifier(owner) && owner.text === 'tools')
    return (
      `tools has no namespace "${name}"; its namespaces: ${listed(Object.keys(catalog).sort())} (search_api ` +
      `finds tools by words)`
    );
  if (
    ts.isPropertyAccessExpression(owner) &&
    ts.isIdentifier(owner.expression) &&
    owner.expression.text === 'tools' &&
    catalog[owner.name.text]
  ) {
    return `tools.${owner.name.text} has no tool "${name}"; its tools: ${listed(catalog[owner.name.text]!)}`;
  }
  return undefined;
}

/** A checker over one API declaration text, with its language service made on the first check. */
export function createProgramChecker(
  apiText: () => string,
  catalog: () => Readonly<Record<string, readonly string[]>>,
): ProgramChecker {
  let service: import('ts-morph').ts.LanguageService | undefined;
  let programText = `${PREFIX}${SUFFIX}`;
  let version = 0;
  let api: string | undefined;

  const serviceNow = (): import('ts-morph').ts.LanguageService => {
    if (service) return service;
    const { ts, libs } = compiler();
    api ??= apiText();
    const options: import('ts-morph').ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2022.d.ts'],
      strict: false,
      noImplicitAny: false,
      strictNullChecks: false,
      noEmit: true,
      skipLibCheck: true,
      skipDefaultLibCheck: true,
      types: [],
      moduleDetection: ts.ModuleDetectionKind.Legacy,
    };
    const textOf = (name: string): string | undefined =>
      name === PROGRAM_FILE ? programText : name === API_FILE ? api : libs.get(name);
    const host: import('ts-morph').ts.LanguageServiceHost = {
      getCompilationSettings: () => options,
      getScriptFileNames: () => [API_FILE, PROGRAM_FILE],
      getScriptVersion: (name) => (name === PROGRAM_FILE ? String(version) : '1'),
      getScriptSnapshot: (name) => {
        const text = textOf(name);
        return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
      },
      getCurrentDirectory: () => '/',
      getDefaultLibFileName: () => `${LIB_DIR}lib.es2022.d.ts`,
      fileExists: (name) => textOf(name) !== undefined,
      readFile: (name) => textOf(name),
    };
    return (service = ts.createLanguageService(host, ts.createDocumentRegistry()));
  };

  function check(program: string): CheckResult {
    const { ts } = compiler();
    const languageService = serviceNow();
    programText = `${PREFIX}${program}${SUFFIX}`;
    version++;
    const syntactic = languageService.getSyntacticDiagnostics(PROGRAM_FILE);
    const file = languageService.getProgram()!.getSourceFile(PROGRAM_FILE)!;
    let diagnostics: readonly import('ts-morph').ts.Diagnostic[] = syntactic;
    if (syntactic.length === 0) {
      const ranges = apiRanges(ts, file);
      diagnostics = languageService.getSemanticDiagnostics(PROGRAM_FILE).filter((diagnostic) => {
        const start = diagnostic.start ?? -1;
        return ranges.some(([from, to]) => start >= from && start < to);
      });
    }
    if (diagnostics.length > 0) {
      const problems = diagnostics.slice(0, MAX_PROBLEMS).map((diagnostic) => {
        const at = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
        const message =
          unknownMember(ts, file, diagnostic, catalog()) ??
          ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
        return { line: Math.max(1, at.line), column: at.character + 1, message };
      });
      return { ok: false, problems };
    }
    if (!hasTypeSyntax(ts, file)) return { ok: true, js: `${PREFIX}${program}${SUFFIX}` };
    const stripped = ts.transpileModule(programText, {
      compilerOptions: {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.None,
        moduleDetection: ts.ModuleDetectionKind.Legacy,
      },
      fileName: 'program.ts',
    });
    return { ok: true, js: stripped.outputText };
  }

  return {
    check,
    warm() {
      check('return 1;');
    },
  };
}

/** Problems as the text a client reads: one located line each. */
export function describeProblems(problems: readonly ProgramProblem[]): string {
  return problems.map((problem) => `line ${problem.line}, column ${problem.column}: ${problem.message}`).join('\n');
}
