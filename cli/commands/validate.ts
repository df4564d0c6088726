/**
 * `toolkit validate [paths…] [--json] [--lists DIR]`: validates schema files and whole trees
 * without running them; with no path, the project's catalog. Exit 0 only when no schema has an
 * error; user mistakes are one line (exit 2).
 */
import { Command, Option } from 'clipanion';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { idleThreads } from '../../compiler/load/batch/idle-threads.ts';
import { projectCacheDir } from '../../compiler/load/batch/project-cache-dir.ts';
import { projectConfigPath } from '../../runtime/project-config-path.ts';
import { hasErrors, type Diagnostic } from '../../compiler/diagnostics/diagnostic.ts';
import { formatDiagnostics, formatJson, formatSummary } from '../../compiler/diagnostics/format.ts';
import { ToolkitCommand } from '../command-base.ts';
import { CommandFailure, UsageMistake } from '../errors.ts';
import { EXIT } from '../exit-codes.ts';
import { projectDirOf, projectOption } from '../options.ts';
import { locateCatalog, showPath } from '../project/catalog.ts';

export class ValidateCommand extends ToolkitCommand {
  static override paths = [['validate']];
  static override valueNames = { '--lists': 'DIR', '--project': 'DIR', '--threads': 'N' };
  static override usage = Command.Usage({
    category: 'Develop (dev mode)',
    description: 'validate schema files and directories without running them',
    details:
      'Each path is a schema file or a directory searched for `.mjs` schemas (skipping `_lists`, `prompts`, `skills` ' +
      "and `data`); with no path, the project's catalog (`schemas/`, else the one shipped with toolkit). Prints one " +
      'line per finding and a summary; exits 1 when any schema has an error. A schema whose text, options and the ' +
      "files it reads are unchanged since the last run is not validated again: its result is kept in the project's " +
      '`.toolkit/cache/` when the project has a `.toolkit/` (`--no-cache` validates every file).',
    examples: [
      ["Validate the project's schemas", 'toolkit validate'],
      ['Validate one file', 'toolkit validate schemas/providers/weatherly/forecast.mjs'],
      ['Machine-readable output', 'toolkit validate schemas/ --json'],
    ],
  });

  targets = Option.Rest({ name: 'paths' });
  json = Option.Boolean('--json', false, { description: 'print diagnostics as JSON' });
  lists = Option.String('--lists', {
    description: 'shared lists directory (default: the nearest _lists/ above each schema)',
  });
  cache = Option.Boolean('--cache', true, {
    description:
      "reuse results of unchanged schemas (kept in the project's .toolkit/cache); --no-cache validates every file",
  });
  threads = Option.String('--threads', {
    description: 'threads to validate many files with, at most (default: one per idle core; 1: no worker threads)',
  });
  project = projectOption();

  async run(): Promise<number> {
    const { stdout } = this.context;
    // The compiler (ts-morph) is loaded only when a schema is not in the cache, so other commands start fast.
    const { loadSchemaFiles } = await import('../../compiler/load/batch/load-schema-files.ts');
    const { findSchemaFiles } = await import('../../compiler/load/find-schema-files.ts');
    const projectDir = projectDirOf(this.project);
    const targets = this.targets.length > 0 ? this.targets : [showPath(locateCatalog(projectDir).dir)];
    const files: { file: string; root?: string }[] = [];
    // A symbolic link that leads out of the tree is reported (PAR007), not silently skipped.
    const skipped: Diagnostic[] = [];
    const { skippedLink } = await import('../../compiler/load/find-schema-files.ts');
    for (const path of targets) {
      const kind = pathKind(path);
      if (kind === undefined) throw new UsageMistake(`${path}: no such file or directory`);
      if (kind === 'dir') {
        const found = findSchemaFiles(path, undefined, (file, reason) => skipped.push(skippedLink(file, reason)));
        if (found.length === 0 && skipped.length === 0)
          throw new CommandFailure(
            `${path}: no schema files in this directory (schemas are .mjs files, found in its subdirectories too, ` +
              `outside _lists, prompts, skills and data)`,
          );
        files.push(...found.map((file) => ({ file, root: path })));
      } else if (!path.endsWith('.mjs')) {
        throw new UsageMistake(
          `${path}: not a schema file; a schema is an ES module with a .mjs name (\`export const main = { … }\`)`,
        );
      } else files.push({ file: path });
    }
    if (this.lists !== undefined && pathKind(this.lists) !== 'dir')
      throw new UsageMistake(`--lists ${this.lists}: not a directory`);
    // The project config is read with zod (a hundred modules to load): only when there is one.
    const allowedLibraries = existsSync(projectConfigPath(projectDir))
      ? (await import('../project/project-config.ts')).allowedLibrariesOf(projectDir)
      : [];

    const diagnostics: Diagnostic[] = [];
    // A finding in a shared file (a list used by several schemas) comes back once per schema: print and count it once.
    const seen = new Set<string>();
    diagnostics.push(...skipped);
    if (!this.json) stdout.write(formatDiagnostics(skipped));
    const { namespaceOwnerClashes } = await import('../../compiler/build/namespace-owners.ts');
    const namespaces: { file: string; namespace: string }[] = [];
    // Results come in file order; schemas unchanged since the last run are taken from the project's cache.
    const many = { cacheDir: this.cache ? projectCacheDir(projectDir) : undefined, threads: threadCount(this.threads) };
    await loadSchemaFiles(
      files,
      { allowedLibraries, cwd: projectDir, ...(this.lists !== undefined ? { listsDir: this.lists } : {}) },
      {
        ...many,
        onResult: (index, result) => {
          if (result.model) namespaces.push({ file: files[index]!.file, namespace: result.model.namespace });
          const fresh = result.diagnostics.filter((d) => {
            const key = JSON.stringify([d.rule, d.severity, d.file, d.line, d.column, d.message]);
            if (seen.has(key)) return false;
            seen.add(key);
            return true;
          });
          diagnostics.push(...fresh);
          if (!this.json) stdout.write(formatDiagnostics(fresh));
        },
      },
    );
    // Across the files given: one namespace, one provider directory (VAL123).
    const clashes = [...namespaceOwnerClashes(namespaces).values()];
    diagnostics.push(...clashes);
    if (!this.json) stdout.write(formatDiagnostics(clashes));
    if (this.json) stdout.write(formatJson({ schemas: files.length + skipped.length, diagnostics }));
    else stdout.write(`${formatSummary(files.length + skipped.length, diagnostics)}\n`);
    return hasErrors(diagnostics) ? EXIT.failed : EXIT.ok;
  }
}

function pathKind(path: string): 'file' | 'dir' | undefined {
  try {
    const stat = statSync(path);
    return stat.isDirectory() ? 'dir' : 'file';
  } catch {
    return undefined;
  }
}

/** `--threads`: a whole number from 1; when not given, one per idle core. */
function threadCount(option: string | undefined): number {
  if (option === undefined) return idleThreads();
  const count = Number(option);
  if (!Number.isInteger(count) || count < 1)
    throw new UsageMistake(`--threads ${option}: expected a whole number from 1`);
  return count;
}
