/** Scans module text in memory, for tests that do not need a fixture file. */
import { forget, parseModule } from '../../../compiler/parse/source-file.ts';
import { scanDataModule, scanSourceFile } from '../../../compiler/scan/index.ts';
import type { Diagnostic } from '../../../compiler/diagnostics/diagnostic.ts';

export function scanText(text: string, allowedLibraries?: readonly string[]): Diagnostic[] {
  const source = parseModule('inline.mjs', text);
  try {
    return scanSourceFile(source, { file: 'inline.mjs', ...(allowedLibraries ? { allowedLibraries } : {}) });
  } finally {
    forget(source);
  }
}

export function scanDataText(text: string): Diagnostic[] {
  const source = parseModule('data.mjs', text);
  try {
    return scanDataModule(source, { file: 'data.mjs' });
  } finally {
    forget(source);
  }
}

/** `line:column RULE` of each finding, compact enough to compare in one assertion. */
export const brief = (diagnostics: readonly Diagnostic[]): string[] =>
  diagnostics.map((d) => `${d.line}:${d.column} ${d.rule}`);
