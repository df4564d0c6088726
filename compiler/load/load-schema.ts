/**
 * The front end's pipeline for one schema file: read → security scan → static read of `main` and
 * `handlers` → shared lists → validation → prompt and skill files → normalization into a
 * `SchemaModel`. It never stops at the first problem and never runs the schema.
 */
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { ResourceModel, SchemaModel } from '../../runtime/model.ts';
import { databasePath, shownPath } from '../../runtime/resources/database-location.ts';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { scanSourceFile } from '../scan/index.ts';
import { secRules } from '../scan/rules.ts';
import { analysisFailure } from '../parse/analysis-failure.ts';
import { forget, parseModule } from '../parse/source-file.ts';
import { readSchemaSource, type SchemaSource } from '../parse/read-schema.ts';
import { Reporter } from '../validate/reporter.ts';
import { checkSharedListRefs } from '../validate/shared-list-refs.ts';
import { validateMainValue } from '../validate/validate-main.ts';
import { isObject, toolContainer, type Obj } from '../validate/checks.ts';
import type { DatabaseExists } from '../validate/resources.ts';
import { loadPrompts, loadSkills } from './content-files.ts';
import { loadDocuments } from './documents.ts';
import { loadSkills4, selectionFileDiagnostics } from './format-4-files.ts';
import { nodeFileSystem, type FileSystem } from './file-system.ts';
import { nearestListsDir } from './nearest-lists-dir.ts';
import { isInside, skippedLink } from './find-schema-files.ts';
import { lstatSync, realpathSync } from 'node:fs';
import { normalizeSchema } from './normalize.ts';
import { resolveSharedLists, type ResolvedList } from './shared-lists.ts';
import type { LoadContext } from './load-context.ts';
import { sortDiagnostics, toResult, type ValidationResult } from './result.ts';

export interface LoadSchemaOptions {
  /** Directory of shared list files; default: the nearest `_lists/` above the schema. */
  readonly listsDir?: string;
  /**
   * Libraries `requiredLibraries` may name besides the scan's default allowlist (the project's
   * `security.allowedLibraries`).
   */
  readonly allowedLibraries?: readonly string[];
  /** Where `origin: 'project'` databases live (`<cwd>/.toolkit/data`); default `process.cwd()`. */
  readonly cwd?: string;
  /** Where `origin: 'global'` databases live (`<home>/.toolkit/data`); default the user's home. */
  readonly home?: string;
  readonly fs?: FileSystem;
  /**
   * The tree the file belongs to (default: its own directory). A schema file that is a symbolic link
   * leading outside it is not loaded (PAR007).
   */
  readonly treeRoot?: string;
}

export interface LoadSchemaResult extends ValidationResult {
  /** The normalized schema, present exactly when `status` is true. */
  readonly model?: SchemaModel;
}

/** Loads one schema file; `path` is used as given in every diagnostic. */
export function loadSchemaFile(path: string, options: LoadSchemaOptions = {}): LoadSchemaResult {
  const fs = options.fs ?? nodeFileSystem();
  if (!options.fs) {
    const escape = linkEscape(path, options.treeRoot ?? dirname(path));
    if (escape) return toResult([skippedLink(path, escape)]);
  }
  const text = fs.readText(path);
  if (text === undefined) {
    // Reading is the scan's first step, so an unreadable file is the scan's finding (SEC028).
    const message = fs.isDirectory(path) ? 'Cannot scan: is a directory, not a file' : 'Cannot scan: file not found';
    return toResult([
      { rule: 'SEC028', severity: secRules.SEC028?.severity ?? 'error', message, file: path, line: 0, column: 0 },
    ]);
  }
  // Whatever the compiler cannot get through (a parser stack overflow on code nested thousands deep,
  // an internal error) is this file's diagnostic; the caller goes on with the next file.
  let source: ReturnType<typeof parseModule> | undefined;
  try {
    source = parseModule(path, text);
    const scan = scanSourceFile(source, {
      file: path,
      ...(options.allowedLibraries ? { allowedLibraries: options.allowedLibraries } : {}),
    });
    const read = readSchemaSource(source);
    // Format 4: a selection file (`export const selection`) is validated as one.
    const selection = read.problems.some((p) => p.rule === 'VAL001') ? selectionFileDiagnostics(path, text) : undefined;
    if (selection) return toResult(sortDiagnostics(selection));
    return finishLoad({ path, read, earlier: scan, files: { fs, options } });
  } catch (error) {
    return toResult([analysisFailure(path, text, error)]);
  } finally {
    if (source) forget(source);
  }
}

/** A schema module once read, for validation (and normalization when its files are read too). */
export interface ReadModule {
  readonly path: string;
  readonly read: SchemaSource;
  /** Findings of the step before (the security scan), kept in the result. */
  readonly earlier: readonly Diagnostic[];
  /**
   * The files the schema names (shared lists, prompts, skills, documents, databases) are read through
   * `fs` and the schema is normalized into a model; without it `main` and its handlers alone are validated.
   */
  readonly files?: { readonly fs: FileSystem; readonly options: LoadSchemaOptions };
}

/** Validation and normalization once the module has been read (shared with `validateSchema`). */
export function finishLoad({ path, read, earlier, files }: ReadModule): LoadSchemaResult {
  const r = new Reporter(path, read.locations);
  r.include(earlier);
  // Reading the files the schema names: through what, with which options, every finding to `r`.
  const context: (LoadContext & { readonly options: LoadSchemaOptions }) | undefined = files && {
    schemaFile: path,
    fs: files.fs,
    report: r,
    options: files.options,
  };
  for (const p of read.problems) r.reportAt(p.rule, path, p.line, p.column, p.message);
  for (const issue of read.issues) {
    const message = issue.path.length > 0 ? `main.${issue.message}` : `main: ${issue.message}`;
    if (issue.kind === 'duplicate-key') {
      r.reportAt('PAR005', path, issue.line, issue.column, message);
      continue;
    }
    r.reportAt('PAR002', path, issue.line, issue.column, message);
    r.suppress(issue.path);
  }
  if (read.main === undefined || read.problems.some((p) => p.rule !== 'VAL004')) return toResult(r.diagnostics);

  let lists = new Map<string, ResolvedList>();
  // Checked (and reported) once here, before validation, because the lists must be read first.
  const refs = checkSharedListRefs(isObject(read.main) ? read.main.sharedLists : undefined, r);
  if (context && refs.length > 0) {
    const listsDir = context.options.listsDir ?? nearestListsDir(path, context.fs);
    if (listsDir === undefined)
      r.report(
        'VAL076',
        ['sharedLists'],
        'sharedLists are declared but no lists directory was given or found (_lists/): lists are not loaded: enums ' +
          'built from them accept any string',
      );
    else lists = resolveSharedLists(context, refs, listsDir);
  }
  const listFields = new Map([...lists].map(([name, l]) => [name, new Set(l.list.fields.map((f) => f.key))]));
  const facts = validateMainValue(read.main, r, {
    listRefs: refs,
    ...(read.handlers ? { handlers: read.handlers } : {}),
    ...(context
      ? {
          listFields,
          databaseExists: databaseLocator(
            path,
            isObject(read.main) ? String(read.main.namespace) : '',
            context.options,
            context.fs,
          ),
        }
      : {}),
  });
  if (!facts) return toResult(r.diagnostics);
  const prompts = context ? loadPrompts(context, facts.prompts, facts.names) : [];
  const skills = !context
    ? []
    : facts.format === 4
      ? loadSkills4(context, facts.names)
      : loadSkills(context, facts.skills, facts.names);
  const documents = context
    ? loadDocuments(context, facts.main.documents, {
        ...(context.options.home ? { home: context.options.home } : {}),
        ...(context.options.cwd ? { cwd: context.options.cwd } : {}),
        namespace: isObject(read.main) ? String(read.main.namespace) : '',
      })
    : [];
  const diagnostics = sortDiagnostics(r.diagnostics);
  if (hasErrors(diagnostics) || !context) return toResult(diagnostics);
  const model = normalizeSchema({
    main: facts.main,
    hashed: read.main as Obj,
    file: path,
    lists,
    prompts,
    skills,
    documents,
    ...(read.handlers ? { handlers: read.handlers } : {}),
  });
  if (reportEmptyEnums(model, facts.main, r)) return toResult(r.diagnostics);
  return { ...toResult(diagnostics), model };
}

/** VAL046 once lists are inlined: a filter may leave an enum with no value at all. */
function reportEmptyEnums(model: SchemaModel, main: Obj, r: Reporter): boolean {
  const container = toolContainer(main).key;
  let found = false;
  for (const tool of model.tools) {
    tool.parameters.forEach((p, i) => {
      if (p.type.kind !== 'enum' || p.type.values.length > 0) return;
      r.report(
        'VAL046',
        [container, tool.name, 'parameters', i, 'z', 'primitive'],
        `tool ${tool.name}: enum ${p.key} has no value once its shared lists are resolved and filtered`,
      );
      found = true;
    });
  }
  return found;
}

function databaseLocator(
  schemaFile: string,
  namespace: string,
  options: LoadSchemaOptions,
  fs: FileSystem,
): DatabaseExists {
  const home = options.home ?? homedir();
  return (origin, database) => {
    // The runtime's own rule, so the warning names the very path a server will open.
    const path = databasePath(
      { file: resolve(schemaFile), namespace },
      { origin: origin as ResourceModel['origin'], database },
      { home, projectDir: options.cwd ?? process.cwd() },
    );
    return {
      path: shownPath(path, home),
      exists: fs.exists(path),
      ...(origin === 'inline' ? linkedOutside(path, dirname(resolve(schemaFile)), fs) : {}),
    };
  };
}

/**
 * Where an inline database leads when it is a link outside its schema's directory (the runtime refuses to read those).
 */
function linkedOutside(path: string, schemaDir: string, fs: FileSystem): { escapesTo?: string } {
  const real = fs.realPath?.(path);
  const root = fs.realPath?.(schemaDir);
  return real !== undefined && root !== undefined && !isInside(root, real) ? { escapesTo: real } : {};
}

/** Why a schema file that is a symbolic link may not be followed, or undefined when it may (or is no link). */
function linkEscape(path: string, root: string): string | undefined {
  try {
    if (!lstatSync(path).isSymbolicLink()) return undefined;
  } catch {
    return undefined;
  }
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    return 'leads nowhere (its target does not exist)';
  }
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch {
    return undefined;
  }
  return isInside(realRoot, real) ? undefined : `leads outside the schema tree (to ${real})`;
}
