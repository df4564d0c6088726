/**
 * Reads one named export of a data file (shared list, skill, prompt) as a static value, after
 * the security scan of data files. Top-level `const`s may be referenced (a skill's `content`).
 */
import { ts } from '../parse/typescript.mjs';
import { scanDataModule } from '../scan/index.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { forget, parseModule, syntaxErrors } from '../parse/source-file.ts';
import { readModuleShape } from '../parse/module-exports.ts';
import { evaluateStatic, type StaticValue } from '../parse/static-value.ts';
import { Reporter } from '../validate/reporter.ts';

export interface DataExport {
  /** The export's value; undefined when missing or unreadable (a diagnostic says why). */
  readonly value: StaticValue | undefined;
  /** Reporter bound to this file and its positions, for the rules that check the value. */
  readonly reporter: Reporter;
  /** True when the file exists and parsed but has no such export. */
  readonly missing: boolean;
}

/** Parses `text` and reads `export const <name>`; scan findings and parse problems go to the reporter. */
export function readDataExport(file: string, text: string, name: string): DataExport {
  const source = parseModule(file, text);
  try {
    const sf = source.compilerNode;
    const scan: Diagnostic[] = scanDataModule(source, { file });
    const errors = syntaxErrors(source);
    if (errors.length > 0) {
      const reporter = new Reporter(file);
      reporter.include(scan);
      for (const e of errors) reporter.reportAt('PAR001', file, e.line, e.column, `syntax error: ${e.message}`);
      return { value: undefined, reporter, missing: false };
    }
    const shape = readModuleShape(sf);
    const binding = shape.exports.get(name);
    if (!binding?.node || ts.isFunctionDeclaration(binding.node)) {
      const reporter = new Reporter(file);
      reporter.include(scan);
      return { value: undefined, reporter, missing: true };
    }
    const result = evaluateStatic(binding.node, sf, { resolveIdentifier: (id) => shape.locals.get(id) });
    const reporter = new Reporter(file, result.locations);
    reporter.include(scan);
    for (const issue of result.issues) {
      const message = issue.path.length > 0 ? `${name}.${issue.message}` : `${name}: ${issue.message}`;
      reporter.reportAt(issue.kind === 'duplicate-key' ? 'PAR005' : 'PAR002', file, issue.line, issue.column, message);
      if (issue.kind === 'non-literal') reporter.suppress(issue.path);
    }
    return { value: result.value, reporter, missing: false };
  } finally {
    forget(source);
  }
}
