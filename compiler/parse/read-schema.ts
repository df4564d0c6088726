/**
 * Reads a schema module without running it: `main` as a static value with positions, and the
 * `handlers` factory as source text plus the handler entries its returned object declares.
 */
import { ts } from './typescript.mjs';
import { moduleDeclarationsUsedBy, readHandlerEntries, type HandlerEntry } from './handler-hooks.ts';
import { printHandlers } from './print-handlers.ts';
import { LocationIndex, type Position } from './location-index.ts';
import { readModuleShape, unwrap, type ExportedBinding } from './module-exports.ts';
import { evaluateStatic, type StaticIssue, type StaticValue } from './static-value.ts';
import { syntaxErrors, type ParsedModule } from './source-file.ts';

/** What the reader found in one schema module. */
export interface SchemaSource {
  readonly main: StaticValue | undefined;
  readonly locations: LocationIndex;
  /** Non-literal members of `main`. */
  readonly issues: readonly StaticIssue[];
  readonly handlers?: HandlersSource;
  /** File-level problems: syntax, no exports, no `main`, legacy form, `handlers` not a function. */
  readonly problems: readonly ReadProblem[];
}

export interface HandlersSource {
  /** Source text of the factory (`export const handlers = <this>`), as written. */
  readonly source: string;
  /** The factory printed from the analysed AST: what the runtime runs. */
  readonly printed: string;
  readonly line: number;
  readonly column: number;
  /** Entries of the returned object, or undefined when it is not a literal object. */
  readonly entries: readonly HandlerEntry[] | undefined;
}

export interface ReadProblem {
  readonly rule: 'PAR001' | 'PAR003' | 'PAR004' | 'VAL001' | 'VAL004';
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

/** Reads `main` and `handlers` from a parsed module. */
export function readSchemaSource(sourceFile: ParsedModule): SchemaSource {
  const source = sourceFile.compilerNode;
  const position = (node: ts.Node): Position => {
    const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
    return { line: line + 1, column: character + 1 };
  };
  const problems: ReadProblem[] = syntaxErrors(sourceFile).map((s) => ({
    rule: 'PAR001' as const,
    message: `syntax error: ${s.message}`,
    line: s.line,
    column: s.column,
  }));
  const empty = { main: undefined, locations: new LocationIndex(), issues: [] };
  if (problems.length > 0) return { ...empty, problems };

  const shape = readModuleShape(source);
  const main = shape.exports.get('main');
  if (!main) {
    const legacy = shape.exports.get('schema');
    if (legacy)
      return {
        ...empty,
        problems: [
          {
            rule: 'PAR004',
            message: 'legacy v1 schema (`export const schema`): migrate it to `export const main` (format 3.x)',
            ...position(legacy.anchor),
          },
        ],
      };
    if (!shape.isModule || shape.exports.size === 0) {
      return {
        ...empty,
        problems: [
          {
            rule: 'PAR003',
            message: 'the file has no exports: a schema is an ES module with `export const main = {…}`',
            line: 0,
            column: 0,
          },
        ],
      };
    }
    return {
      ...empty,
      problems: [
        { rule: 'VAL001', message: 'the schema must export `main` (`export const main = {…}`)', line: 0, column: 0 },
      ],
    };
  }
  const at = position(main.anchor);
  const node = main.node;
  const result =
    node && !ts.isFunctionDeclaration(node)
      ? evaluateStatic(node, source)
      : {
          value: undefined,
          locations: new LocationIndex(at),
          issues: [
            {
              kind: 'non-literal' as const,
              path: [],
              message: '`main` must be an object literal, not a function',
              ...at,
            },
          ],
        };

  const handlers = readHandlers(shape.exports.get('handlers'), source, position, problems);
  return {
    main: result.value,
    locations: result.locations,
    issues: result.issues,
    problems,
    ...(handlers ? { handlers } : {}),
  };
}

function readHandlers(
  binding: ExportedBinding | undefined,
  source: ts.SourceFile,
  position: (node: ts.Node) => Position,
  problems: ReadProblem[],
): HandlersSource | undefined {
  if (!binding) return undefined;
  const node = binding.node ? unwrap(binding.node) : undefined;
  if (!node || !(ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isFunctionDeclaration(node))) {
    problems.push({
      rule: 'VAL004',
      message: 'handlers must be a function: export a factory `({ sharedLists, libraries }) => ({ … })`',
      ...position(binding.node ?? binding.anchor),
    });
    return undefined;
  }
  return {
    source: node.getText(source),
    printed: printHandlers(node, source, moduleDeclarationsUsedBy(node, source)),
    ...position(node),
    entries: readHandlerEntries(node, source),
  };
}
