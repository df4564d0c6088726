/**
 * Collects diagnostics for one file, and is the one place its findings go. Rules report by path; the
 * reporter turns the path into a line and column (nearest recorded parent) and takes the severity from
 * the manifest. Findings about the files a schema names (a list, a prompt, a skill's folder) are
 * recorded with their own file and position (`reportAt`), or taken whole from that file's reporter
 * (`include`).
 */
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { frontEndRules, type FrontEndRule } from '../diagnostics/rules.ts';
import { LocationIndex, type PathSegment } from '../parse/location-index.ts';

export class Reporter {
  readonly diagnostics: Diagnostic[] = [];
  readonly #suppressed: string[] = [];

  constructor(
    readonly file: string,
    readonly locations: LocationIndex = new LocationIndex(),
  ) {}

  /** Records a finding at `path` (relative to the value the locations were taken from). */
  report(rule: FrontEndRule, path: readonly PathSegment[], message: string): void {
    const key = LocationIndex.key(path);
    // '' is `main` itself (a non-literal at the root): it silences everything below it.
    if (this.#suppressed.some((s) => s === '' || key === s || key.startsWith(`${s}\u0000`))) return;
    const { line, column } = this.locations.at(path);
    this.diagnostics.push({ rule, severity: frontEndRules[rule].severity, message, file: this.file, line, column });
  }

  /** Records a finding at an explicit position (used for files other than the one indexed). */
  reportAt(rule: FrontEndRule, file: string, line: number, column: number, message: string): void {
    this.diagnostics.push({ rule, severity: frontEndRules[rule].severity, message, file, line, column });
  }

  /** Records findings made elsewhere (the security scan, another file's reporter) as they are. */
  include(findings: readonly Diagnostic[]): void {
    this.diagnostics.push(...findings);
  }

  /** Silences findings under `path`: its value was not a literal and an error already says so. */
  suppress(path: readonly PathSegment[]): void {
    this.#suppressed.push(LocationIndex.key(path));
  }
}
