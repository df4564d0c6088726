/**
 * `toolkit migrate <file|dir…> [--to 3|4] [--dry-run]`: converts schemas between formats (2.0.0 → 3.x, 3.x ↔ 4.x)
 * through the AST (keys quoted or not; comments and formatting kept), validates each result, shows a diff, and writes
 * only the results that validate (nothing with --dry-run).
 */
import { Command, Option } from 'clipanion';
import { readFileSync, writeFileSync } from 'node:fs';
import { ToolkitCommand } from '../command-base.ts';
import { UsageMistake } from '../errors.ts';
import { EXIT } from '../exit-codes.ts';
import { projectDirOf, projectOption } from '../options.ts';
import { schemaFilesOf } from './migrate-fix-command.ts';
import type { MigrationResult } from '../../compiler/migrate/index.ts';
import { counted } from '../../runtime/counted.ts';

export class MigrateCommand extends ToolkitCommand {
  static override paths = [['migrate']];
  static override valueNames = { '--to': 'FORMAT', '--project': 'DIR' };
  static override usage = Command.Usage({
    category: 'Develop (dev mode)',
    description:
      'convert schemas between formats (2.0.0 → 3.x, 3.x ↔ 4.x), keeping comments and formatting, and show the diff',
    details:
      `
      Each path is a schema file or a directory (searched like \`toolkit validate\` does). The
      conversion works on the module's syntax tree, never running it: \`version\` becomes 3.0.0,
      \`routes\` becomes \`tools\` (quoted or unquoted keys), named placeholders become
      \`{{USER_PARAM}}\` / \`{{SERVER_PARAM:KEY}}\`, and a \`postProcess({ data })\` hook becomes a
      \`postRequest\` that calls it. Each result is validated before it is written; one that does not
      validate is not written and its findings are printed. Schemas already in the target format are
      left alone. \`--to 4\` rewrites 3.x as 4.0.0 (\`schemaVersion\` added, \`main.skills\` removed,
      resources in the 4.x shape); \`--to 3\` rewrites 4.x as 3.0.0 and names, per file, each field
      format 3 cannot hold (MIG001: \`meta\`, \`schemaVersion\`, provenance, http and markdown
      resources, namespace skills). Exit 1 when any schema could not be migrated.

      With \`--fix\` (or as \`toolkit migrate fix\`), format 1.x, 3.x and 4.x schemas are repaired in their format ` +
      `instead (format
      1.x becomes 3.0.0): format 1.x keys (under \`routes\` or \`tools\`) and handlers (\`modifiers\`
      and \`main.handlers\`, moved into a factory that runs them as format 1.x did), constants and
      array holes in \`main\`, bare or embedded \`{{KEY}}\` values that are user input, a path
      placeholder nothing fills, \`SERVER_PARAM:KEY\` in requiredServerParams, a trailing slash on
      root, snake_case or path-like tool names (their MCP name kept where a spelling can), options
      joined in one string, \`enum()\` with \`values(a,b)\`, output types outside the allowed three,
      resource database paths and author-written \`freeQuery\`, handler keys naming no tool. The
      diff is printed, a repair that changes behaviour saying so in its header (MIG002); files are
      written only with \`--write\`, each validated first, and none whose repairs would add an error
      (MIG003). What cannot be repaired mechanically is listed per file with its rule (exit 1).
    `,
    examples: [
      ['See what would change', 'toolkit migrate schemas/legacy --dry-run'],
      ['Migrate one file', 'toolkit migrate schemas/providers/old/prices.mjs'],
      ['Move a catalog to format 4', 'toolkit migrate --to 4 schemas/providers'],
      ['See the repairs of mechanical defects', 'toolkit migrate --fix schemas/community'],
      ['Apply them', 'toolkit migrate --fix --write schemas/community'],
    ],
  });

  targets = Option.Rest({ name: 'file|dir', required: 1 });
  dryRun = Option.Boolean('--dry-run', false, { description: 'show the diff and the findings, write nothing' });
  to = Option.String('--to', { description: 'target format: 3 (default; from 2.0.0 or 4.x) or 4 (from 3.x or 2.0.0)' });
  json = Option.Boolean('--json', false, {
    description: 'print the results (status, changes, findings, new text) as JSON',
  });
  diff = Option.Boolean('--diff', true, {
    description: 'print a unified diff of each change (--no-diff: only the summary)',
  });
  project = projectOption();
  fix = Option.Boolean('--fix', false, {
    description:
      'the same as `toolkit migrate fix`: repair mechanical defects of 1.x/3.x/4.x schemas instead (diff shown; ' +
      'written only with --write)',
  });
  write = Option.Boolean('--write', false, { description: 'with --fix: write the repaired files' });

  async run(): Promise<number> {
    const { stdout } = this.context;
    if (this.write && !this.fix)
      throw new UsageMistake('--write goes with --fix (migrate writes its conversions unless --dry-run)');
    if (this.fix && (this.to !== undefined || this.dryRun))
      throw new UsageMistake(
        '--fix repairs schemas in their format: it takes neither --to nor --dry-run (it writes nothing ' +
          'without --write)',
      );
    if (this.to !== undefined && this.to !== '3' && this.to !== '4')
      throw new UsageMistake(`--to ${this.to}: the target format is 3 or 4`);
    const to = this.to === '4' ? 4 : 3;
    const files = await schemaFilesOf(this.targets);
    const projectDir = projectDirOf(this.project);
    const { allowedLibrariesOf } = await import('../project/project-config.ts');
    const allowedLibraries = allowedLibrariesOf(projectDir);
    // `--fix` is `toolkit migrate fix` under its older spelling.
    if (this.fix) {
      const { runMigrateFix } = await import('./migrate-fix.ts');
      return runMigrateFix({
        files,
        write: this.write,
        json: this.json,
        diff: this.diff,
        allowedLibraries,
        cwd: projectDir,
        stdout,
      });
    }
    const { migrateSource } = await import('../../compiler/migrate/index.ts');
    const { createTwoFilesPatch } = await import('diff');
    const { formatDiagnostics } = await import('../../compiler/diagnostics/format.ts');

    const results: MigrationResult[] = [];
    for (const file of files) {
      const before = readFileSync(file, 'utf8');
      const result = migrateSource(file, before, { to, allowedLibraries, cwd: projectDir });
      results.push(result);
      if (result.status === 'migrated' && !this.dryRun) writeFileSync(file, result.text!);
      if (this.json) continue;
      if (result.status === 'unchanged') {
        stdout.write(`${file}: unchanged (${result.reason})\n`);
        continue;
      }
      if (result.text !== undefined && this.diff) {
        stdout.write(
          createTwoFilesPatch(file, file, before, result.text, `format ${result.from}`, `format ${result.to}`),
        );
      }
      // What the target format cannot hold is said per file, whatever the outcome (MIG001).
      const losses = result.diagnostics.filter((d) => d.rule === 'MIG001');
      if (losses.length > 0) stdout.write(formatDiagnostics(losses));
      if (result.status === 'failed') {
        stdout.write(formatDiagnostics(result.diagnostics.filter((d) => d.severity === 'error')));
        stdout.write(
          `${file}: not migrated: ${result.reason}${result.text !== undefined ? ' (nothing written)' : ''}\n`,
        );
      } else {
        const warnings = result.diagnostics.length;
        stdout.write(
          `${file}: ${this.dryRun ? 'would migrate' : 'migrated'} format ${result.from} → ${result.to} ` +
            `(${counted(result.changes.length, 'change')}; ` +
            `validates${warnings ? ` with ${counted(warnings, 'warning')}: \`toolkit validate ${file}\`` : ''})\n`,
        );
      }
    }
    const count = (status: string) => results.filter((r) => r.status === status).length;
    const migrated = count('migrated');
    const failed = count('failed');
    if (this.json) {
      const listed = results.map((r) => ({
        file: r.file,
        status: r.status,
        from: r.from ?? null,
        to: r.to,
        changes: r.changes,
        reason: r.reason ?? null,
        diagnostics: r.diagnostics,
        text: r.text ?? null,
      }));
      const summary = { dryRun: this.dryRun, total: results.length, migrated, unchanged: count('unchanged'), failed };
      stdout.write(`${JSON.stringify({ ...summary, results: listed }, null, 2)}\n`);
    } else {
      stdout.write(
        `${counted(results.length, 'schema')}: ${migrated} ${this.dryRun ? 'would be migrated' : 'migrated'}, ` +
          `${count('unchanged')} unchanged, ${failed} failed${this.dryRun ? ' (dry run: nothing written)' : ''}\n`,
      );
    }
    return failed > 0 ? EXIT.failed : EXIT.ok;
  }
}
