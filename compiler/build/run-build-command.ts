/**
 * What `toolkit build` prints and returns: progress lines on a TTY, the diagnostics of failing
 * schemas exactly as `toolkit validate` prints them, one summary line, and an exit code. User
 * mistakes are one line without a stack.
 */
import type { Writable } from 'node:stream';
import { ProjectConfigError } from '../../runtime/project-config.ts';
import { counted } from '../../runtime/counted.ts';
import { formatDiagnostics } from '../diagnostics/format.ts';
import { buildCatalog, formatBytes, type BuildOptions } from './build-catalog.ts';
import { BuildError } from './build-error.ts';
import { checkOutput } from './check-output.ts';

import { formatPrices, TOKENIZER } from './listing-prices.ts';

export interface BuildCommandOptions extends Omit<BuildOptions, 'progress' | 'detail'> {
  readonly check?: boolean;
  /** Keep running and rebuild after every change (see watch-build.ts). */
  readonly watch?: boolean;
  /** Print every stage and step with the milliseconds since the process started (where the time goes). */
  readonly timings?: boolean;
  /** Print each bundle's listing prices after the summary (default true; `--watch` prints summaries only). */
  readonly prices?: boolean;
}

export interface BuildCommandIo {
  readonly stdout: Writable;
  readonly stderr: Writable;
  /** Show a progress line per stage (only on a terminal). */
  readonly tty: boolean;
}

/** Runs `toolkit build [--check | --watch]` and returns its exit code. */
export async function runBuildCommand(
  options: BuildCommandOptions,
  io: BuildCommandIo & { readonly stop?: Promise<void> },
): Promise<number> {
  if (options.watch && !options.check) {
    const { watchBuild } = await import('./watch-build.ts');
    return watchBuild(options, { ...io, stop: io.stop ?? new Promise(() => {}) }, buildOnce);
  }
  return buildOnce(options, io);
}

/** One build (or `--check`), reported; returns the exit code. */
export async function buildOnce(options: BuildCommandOptions, io: BuildCommandIo): Promise<number> {
  try {
    if (options.check) return reportCheck(options, io);
    const report = await buildCatalog({ ...options, ...stageReporters(options, io) });
    if (report.diagnostics.length > 0) io.stderr.write(formatDiagnostics(report.diagnostics));
    if (report.warnings > 0)
      io.stderr.write(
        `toolkit build: ${counted(report.warnings, 'warning')} in schemas that built (\`toolkit validate ` +
          `${options.schemasDir}\` lists them)\n`,
      );
    for (const problem of report.problems) io.stderr.write(`${problem}\n`);
    for (const note of report.notes) io.stderr.write(`toolkit build: ${note}\n`);
    if (!report.written) {
      const failed = report.failed.length;
      const why =
        failed > 0
          ? `${failed} schema${failed === 1 ? ' has' : 's have'} errors (${report.failed.join(', ')})`
          : `${counted(report.problems.length, 'problem')} above`;
      const hint = failed > 0 && report.problems.length === 0 ? '; `--skip-invalid` builds the others' : '';
      io.stderr.write(`toolkit build: failed: ${why}; nothing was written, ${options.outDir} is as it was${hint}\n`);
      return 1;
    }
    const sizes = report.bundles
      .map((b) => `${b.file} ${formatBytes(b.bytes)} (${formatBytes(b.gzipBytes)} gzip)`)
      .join(', ');
    io.stdout.write(
      `${counted(report.schemas, 'schema')}, ${counted(report.tools, 'tool')}, ${report.rebuilt} rebuilt, ` +
        `${report.cached} cached, bundle sizes: ${sizes || 'none'}\n`,
    );
    // Not by --watch: its stdout is one summary line per build.
    const listings = options.prices === false ? [] : (report.listings ?? []);
    for (const { bundle, prices } of listings) io.stdout.write(`${formatPrices(bundle, prices)}\n`);
    if (listings.length > 0) io.stdout.write(`tokens: ${TOKENIZER}\n`);
    for (const line of report.needs) io.stderr.write(`toolkit build: ${line}\n`);
    const degraded = new Set(report.diagnostics.filter((d) => d.rule.startsWith('LIB')).map((d) => d.file));
    if (degraded.size > 0)
      io.stderr.write(
        `toolkit build: built with ${counted(degraded.size, 'schema')} whose hooked tools answer with an error until ` +
          `their libraries can be loaded (LIB001/LIB002 above); every other tool is served\n`,
      );
    return 0;
  } catch (error) {
    if (error instanceof BuildError || error instanceof ProjectConfigError) {
      io.stderr.write(`toolkit build: ${error.message}\n`);
      return error instanceof ProjectConfigError || error.kind === 'usage' ? 2 : 1;
    }
    const failure = error as { errors?: { text: string; location?: { file: string; line: number } | null }[] };
    if (Array.isArray(failure.errors)) {
      for (const e of failure.errors)
        io.stderr.write(
          `toolkit build: bundling failed: ${e.location ? `${e.location.file}:${e.location.line}: ` : ''}${e.text}\n`,
        );
      return 1;
    }
    throw error;
  }
}

/** Progress lines on a terminal; with `--timings`, every step prefixed by the time since the process started. */
function stageReporters(options: BuildCommandOptions, io: BuildCommandIo): Pick<BuildOptions, 'progress' | 'detail'> {
  if (options.timings) {
    const timed = (line: string) =>
      io.stderr.write(`toolkit build: ${performance.now().toFixed(0).padStart(5)} ms  ${line}\n`);
    return { progress: timed, detail: timed };
  }
  return io.tty ? { progress: (line: string) => io.stderr.write(`toolkit build: ${line}\n`) } : {};
}

function reportCheck(options: BuildCommandOptions, io: BuildCommandIo): number {
  const stale = checkOutput(options);
  if (stale.length === 0) {
    io.stdout.write(`${options.outDir} is up to date with ${options.schemasDir}\n`);
    return 0;
  }
  for (const line of stale) io.stderr.write(`${line}\n`);
  io.stderr.write(
    `toolkit build --check: ${options.outDir} is stale (${counted(stale.length, 'difference')}); run ` +
      `\`toolkit build\`\n`,
  );
  return 1;
}
