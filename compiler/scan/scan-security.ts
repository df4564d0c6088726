/**
 * `scanSecurity({ filePath })` of the programmatic API: read, parse and scan one schema file. A file
 * that cannot be read or parsed is a finding like any other, so callers never see an exception.
 */
import { readFile } from 'node:fs/promises';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { hasErrors } from '../diagnostics/diagnostic.ts';
import { formatDiagnostic } from '../diagnostics/format.ts';
import { analysisFailure } from '../parse/analysis-failure.ts';
import { forget, parseModule, syntaxErrors } from '../parse/source-file.ts';
import { secRules } from './rules.ts';
import { scanSourceFile } from './scan-source-file.ts';

/** Result in the spec's `{ status, messages }` shape, plus the findings as data. */
export interface ScanSecurityResult {
  readonly status: boolean;
  readonly messages: string[];
  readonly diagnostics: Diagnostic[];
}

/** Injected I/O, so the function can be tested without touching the disk. */
export interface ScanSecurityIo {
  readonly readText: (path: string) => Promise<string>;
}

const defaultIo: ScanSecurityIo = { readText: (path) => readFile(path, 'utf8') };

const describeReadError = (error: unknown): string => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'file not found';
  if (code === 'EISDIR') return 'is a directory, not a file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return code ? `cannot be read (${code})` : 'cannot be read';
};

/** Reads, parses and scans `filePath`; `status` is true only when nothing of severity error was found. */
export async function scanSecurity(
  input: { filePath: string; allowedLibraries?: readonly string[] },
  io: ScanSecurityIo = defaultIo,
): Promise<ScanSecurityResult> {
  const file = input.filePath;
  const diagnostics: Diagnostic[] = [];
  let text: string | undefined;
  try {
    text = await io.readText(file);
  } catch (error) {
    diagnostics.push({
      rule: 'SEC028',
      severity: secRules.SEC028!.severity,
      message: `Cannot scan: ${describeReadError(error)}`,
      file,
      line: 0,
      column: 0,
    });
  }
  if (text !== undefined) {
    let source: ReturnType<typeof parseModule> | undefined;
    try {
      source = parseModule(file, text);
      for (const error of syntaxErrors(source)) {
        diagnostics.push({
          rule: 'SEC029',
          severity: secRules.SEC029!.severity,
          message: `Syntax error, scan incomplete: ${error.message}`,
          file,
          line: error.line,
          column: error.column,
        });
      }
      diagnostics.push(
        ...scanSourceFile(source, {
          file,
          ...(input.allowedLibraries ? { allowedLibraries: input.allowedLibraries } : {}),
        }),
      );
    } catch (error) {
      // Nested too deep for the parser (or any failure of its own): this file's finding, never an exception.
      diagnostics.push(analysisFailure(file, text, error));
    } finally {
      if (source) forget(source);
    }
  }
  return {
    status: !hasErrors(diagnostics),
    messages: diagnostics.map(formatDiagnostic),
    diagnostics,
  };
}
