/**
 * `toolkit migrate fix <file|dir…> [--write]`: repairs the mechanical defects of format 1.x, 3.x and
 * 4.x schemas in their format (`migrate-fix.ts` runs it). `toolkit migrate --fix` is the same command
 * under its older spelling.
 */
import { Command, Option } from 'clipanion';
import { statSync } from 'node:fs';
import { ToolkitCommand } from '../command-base.ts';
import { UsageMistake } from '../errors.ts';
import { projectDirOf, projectOption } from '../options.ts';

export class MigrateFixCommand extends ToolkitCommand {
  static override paths = [['migrate', 'fix']];
  static override valueNames = { '--project': 'DIR' };
  static override usage = Command.Usage({
    category: 'Develop (dev mode)',
    description: 'repair mechanical defects of format 1.x, 3.x and 4.x schemas in their format, and show the diff',
    details: `
      Format 1.x becomes 3.0.0; 3.x and 4.x stay in their format. Each repair is one fixer of a
      defect wild files carry (\`toolkit migrate --help\` lists them). The diff is printed, a repair
      that changes behaviour saying so in its header (MIG002); files are written only with
      \`--write\`, each validated first, and none whose repairs would add an error (MIG003). What
      cannot be repaired mechanically is listed per file with its rule (exit 1). \`toolkit migrate
      --fix\` is the same command.
    `,
    examples: [
      ['See the repairs of mechanical defects', 'toolkit migrate fix schemas/community'],
      ['Apply them', 'toolkit migrate fix --write schemas/community'],
    ],
  });

  targets = Option.Rest({ name: 'file|dir', required: 1 });
  write = Option.Boolean('--write', false, { description: 'write the repaired files' });
  json = Option.Boolean('--json', false, {
    description: 'print the results (status, changes, findings, new text) as JSON',
  });
  diff = Option.Boolean('--diff', true, {
    description: 'print a unified diff of each change (--no-diff: only the summary)',
  });
  project = projectOption();

  async run(): Promise<number> {
    const files = await schemaFilesOf(this.targets);
    const projectDir = projectDirOf(this.project);
    const { allowedLibrariesOf } = await import('../project/project-config.ts');
    const { runMigrateFix } = await import('./migrate-fix.ts');
    const { stdout } = this.context;
    return runMigrateFix({
      files,
      write: this.write,
      json: this.json,
      diff: this.diff,
      allowedLibraries: allowedLibrariesOf(projectDir),
      cwd: projectDir,
      stdout,
    });
  }
}

/** The schema files of each target: a file as given, a directory searched like `toolkit validate` does. */
export async function schemaFilesOf(targets: readonly string[]): Promise<string[]> {
  const { findSchemaFiles } = await import('../../compiler/load/find-schema-files.ts');
  const files: string[] = [];
  for (const target of targets) {
    let isDir: boolean;
    try {
      isDir = statSync(target).isDirectory();
    } catch {
      throw new UsageMistake(`${target}: no such file or directory`);
    }
    files.push(...(isDir ? findSchemaFiles(target) : [target]));
  }
  return files;
}
