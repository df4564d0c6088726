/**
 * Migrates one schema's source text to a target format: detect its format, apply the chain of
 * conversions (each on the previous one's text), then validate the result with the full front end
 * (scan, rules, shared lists, prompt and skill files) as if it were the file on disk. Nothing is
 * written here: the caller writes `text` only when `status` is `migrated`.
 */
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { loadSchemaFile, type LoadSchemaOptions } from '../load/load-schema.ts';
import { nodeFileSystem, type FileSystem } from '../load/file-system.ts';
import { detectFormat, type SchemaFormat } from './conversion.ts';
import { conversionPath } from './conversions/index.ts';
import { nodeAt, NotConvertible, SelectionFile, withSchemaAst } from './schema-ast.ts';
import { frontEndRules } from '../diagnostics/rules.ts';
import { applyEdits, type SourceEdit } from './source-edits.ts';

export interface MigrationResult {
  readonly file: string;
  /**
   * `migrated`: `text` is the converted schema and it validates; `unchanged`: already in the target format; `failed`:
   * see `reason`.
   */
  readonly status: 'migrated' | 'unchanged' | 'failed';
  readonly from?: SchemaFormat;
  readonly to: SchemaFormat;
  /** The converted text (also for `failed` when the conversion ran but the result does not validate). */
  readonly text?: string;
  /** What each conversion changed, one line per edit. */
  readonly changes: readonly string[];
  readonly reason?: string;
  /** Findings on the converted schema (errors make it `failed`). */
  readonly diagnostics: readonly Diagnostic[];
}

export interface MigrateOptions extends LoadSchemaOptions {
  readonly to: SchemaFormat;
}

/** Migrates `text` (the contents of `file`) to `options.to`. Never throws for a bad schema. */
export function migrateSource(file: string, text: string, options: MigrateOptions): MigrationResult {
  const { to } = options;
  let from: SchemaFormat | undefined;
  let current = text;
  const changes: string[] = [];
  const losses: Diagnostic[] = [];
  try {
    from = withSchemaAst(file, text, (ast) => detectFormat(ast.value.version));
    if (from === undefined)
      return {
        file,
        status: 'failed',
        to,
        changes,
        reason: 'main.version is not a format this command converts (2.x.y, 3.x.y or 4.x.y)',
        diagnostics: [],
      };
    if (from === to)
      return { file, status: 'unchanged', from, to, changes, reason: `already format ${to}.x`, diagnostics: [] };
    const path = conversionPath(from, to);
    if (!path)
      return {
        file,
        status: 'failed',
        from,
        to,
        changes,
        reason: `no conversion from format ${from} to format ${to}`,
        diagnostics: [],
      };
    for (const conversion of path) {
      const edits: SourceEdit[] = withSchemaAst(file, current, (ast) => {
        // Positions of what is lost point into the text this step starts from (the file itself for the first step).
        for (const loss of conversion.losses?.(ast) ?? []) {
          const node = loss.path.length > 0 ? nodeAt(ast.main, loss.path) : undefined;
          const at = node ? ast.source.getLineAndCharacterOfPosition(node.getStart(ast.source)) : undefined;
          losses.push({
            rule: 'MIG001',
            severity: frontEndRules.MIG001.severity,
            message: loss.message,
            file,
            line: at ? at.line + 1 : 0,
            column: at ? at.character + 1 : 0,
          });
        }
        return conversion.plan(ast);
      });
      current = applyEdits(current, edits);
      changes.push(...edits.map((e) => e.note));
    }
  } catch (error) {
    if (error instanceof SelectionFile)
      return {
        file,
        status: 'failed',
        to,
        changes,
        reason: error.message,
        diagnostics: [
          { rule: 'MIG001', severity: frontEndRules.MIG001.severity, message: error.message, file, line: 0, column: 0 },
        ],
      };
    if (error instanceof NotConvertible)
      return {
        file,
        status: 'failed',
        to,
        changes,
        reason: error.message,
        diagnostics: [],
        ...(from === undefined ? {} : { from }),
      };
    throw error;
  }
  // The converted text is validated in place of the file, so relative prompt, skill and list files resolve.
  const disk = options.fs ?? nodeFileSystem();
  const overlay: FileSystem = { ...disk, readText: (path) => (path === file ? current : disk.readText(path)) };
  const loaded = loadSchemaFile(file, { ...options, fs: overlay });
  const diagnostics = [...losses, ...loaded.diagnostics];
  if (hasErrors(loaded.diagnostics))
    return {
      file,
      status: 'failed',
      from,
      to,
      text: current,
      changes,
      reason: 'the converted schema does not validate',
      diagnostics,
    };
  return { file, status: 'migrated', from, to, text: current, changes, diagnostics };
}
