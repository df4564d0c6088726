/**
 * `toolkit validate [paths…] [--json] [--lists DIR]`: validates schema files and whole trees
 * without running them. Exit 0 only when no schema has an error; user mistakes are one line.
 */
import { Command, Option } from 'clipanion';
import { statSync } from 'node:fs';
import { hasErrors, type Diagnostic } from '../../compiler/diagnostics/diagnostic.ts';
import { formatDiagnostics, formatJson, formatSummary } from '../../compiler/diagnostics/format.ts';

export class ValidateCommand extends Command {
  static override paths = [['validate']];
  static override usage = Command.Usage({
    description: 'validate schema files and directories without running them',
    details: 'Each path is a schema file or a directory searched for `.mjs` schemas (skipping `_lists`, `prompts`, `skills` and `data`). Prints one line per finding and a summary; exits 1 when any schema has an error.',
    examples: [['Validate the catalog', '$0 validate schemas/'], ['Machine-readable output', '$0 validate schemas/ --json']],
  });

  targets = Option.Rest({ name: 'paths', required: 1 });
  json = Option.Boolean('--json', false, { description: 'print diagnostics as JSON' });
  lists = Option.String('--lists', { description: 'shared lists directory (default: the nearest _lists/ above each schema)' });

  async execute(): Promise<number> {
    const { stdout, stderr } = this.context;
    // The compiler (ts-morph) is loaded only when this command runs, so other commands start fast.
    const { loadSchemaFile } = await import('../../compiler/load/load-schema.ts');
    const { findSchemaFiles } = await import('../../compiler/load/find-schema-files.ts');
    // The project config is read with zod, which the other commands need not load either.
    const { ProjectConfigError, readProjectConfig } = await import('../../runtime/project-config.ts');
    const files: { file: string; root?: string }[] = [];
    // A symbolic link that leads out of the tree is reported (PAR007), not silently skipped.
    const skipped: Diagnostic[] = [];
    const { skippedLink } = await import('../../compiler/load/find-schema-files.ts');
    for (const path of this.targets) {
      const kind = pathKind(path);
      if (kind === undefined) {
        stderr.write(`toolkit validate: ${path}: no such file or directory\n`);
        return 2;
      }
      if (kind === 'dir') files.push(...findSchemaFiles(path, undefined, (file, reason) => skipped.push(skippedLink(file, reason))).map((file) => ({ file, root: path })));
      else files.push({ file: path });
    }
    if (this.lists !== undefined && pathKind(this.lists) !== 'dir') {
      stderr.write(`toolkit validate: --lists ${this.lists}: not a directory\n`);
      return 2;
    }
    let allowedLibraries: readonly string[];
    try {
      allowedLibraries = readProjectConfig(process.cwd()).security?.allowedLibraries ?? [];
    } catch (error) {
      if (!(error instanceof ProjectConfigError)) throw error;
      stderr.write(`toolkit validate: ${error.message}\n`);
      return 2;
    }

    const diagnostics: Diagnostic[] = [];
    // A finding in a shared file (a list used by several schemas) comes back once per schema: print and count it once.
    const seen = new Set<string>();
    diagnostics.push(...skipped);
    if (!this.json) stdout.write(formatDiagnostics(skipped));
    for (const { file, root } of files) {
      const result = loadSchemaFile(file, { allowedLibraries, ...(root !== undefined ? { treeRoot: root } : {}), ...(this.lists !== undefined ? { listsDir: this.lists } : {}) });
      const fresh = result.diagnostics.filter((d) => {
        const key = JSON.stringify([d.rule, d.severity, d.file, d.line, d.column, d.message]);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      diagnostics.push(...fresh);
      if (!this.json) stdout.write(formatDiagnostics(fresh));
    }
    if (this.json) stdout.write(formatJson({ schemas: files.length + skipped.length, diagnostics }));
    else stdout.write(`${formatSummary(files.length + skipped.length, diagnostics)}\n`);
    return hasErrors(diagnostics) ? 1 : 0;
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
