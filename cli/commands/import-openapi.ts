/**
 * `toolkit import openapi <file>`: an OpenAPI 3.0/3.1 or Swagger 2.0 document (JSON or YAML) becomes
 * schema files that validate, grouped by tag, with what could not be mapped named per operation.
 * Prints the diff of what it would write; writes only with `--write`.
 */
import { Command, Option } from 'clipanion';
import { relative, resolve } from 'node:path';
import { ToolkitCommand } from '../command-base.ts';
import { CommandFailure, UsageMistake } from '../errors.ts';
import { EXIT } from '../exit-codes.ts';
import { projectDirOf, projectOption } from '../options.ts';

export class ImportOpenapiCommand extends ToolkitCommand {
  static override paths = [['import', 'openapi']];
  static override valueNames = {
    '--namespace': 'NAME',
    '--out': 'DIR',
    '--format': 'FORMAT',
    '--include': 'TAG',
    '--root': 'URL',
    '--project': 'DIR',
  };
  static override usage = Command.Usage({
    category: 'Develop (dev mode)',
    description: 'turn an OpenAPI or Swagger document into schema files that validate, and show what it would write',
    details: `
      Reads OpenAPI 3.0 and 3.1 and Swagger 2.0, JSON or YAML, with references inside the document
      and to other files. Operations are grouped into schema files by tag, at most 8 tools each;
      path, query and header parameters, JSON and form bodies, security schemes (as server params
      named after the namespace), the 2xx JSON answer (as the tool's output) and examples (as
      tests) are mapped as \`docs/openapi-import.md\` describes. Every operation that cannot be
      mapped is named with its reason. Every file is validated as written. Without \`--write\` the
      diff of each new or changed file is printed and nothing is written; a second import of the
      same document changes nothing. Exit 1 when no operation could be imported.
    `,
    examples: [
      ['See what an import would write', 'toolkit import openapi petstore.yaml'],
      ['Write it', 'toolkit import openapi petstore.yaml --write'],
      [
        'Only some tags, into a folder of your choice',
        'toolkit import openapi api.json --include pets --include store --out schemas/providers/pets --write',
      ],
    ],
  });

  document = Option.String({ name: 'file' });
  namespace = Option.String('--namespace', {
    description: 'namespace of the schemas (default: from the API host or title)',
  });
  out = Option.String('--out', {
    description: 'folder the schema files go to (default: schemas/providers/<namespace>)',
  });
  format = Option.String('--format', '3', { description: 'schema format to write: 3 (default) or 4' });
  include = Option.Array('--include', { description: 'import only the operations with this tag (repeatable)' });
  root = Option.String('--root', {
    description: 'the API root (https://…) when the document has none, a templated one or a plain-http one',
  });
  write = Option.Boolean('--write', false, { description: 'write the files (default: print what would be written)' });
  json = Option.Boolean('--json', false, {
    description: 'print the report (operations left out with reasons, files, diffs) as JSON',
  });
  diff = Option.Boolean('--diff', true, {
    description: 'print the diff of each new or changed file (--no-diff: only the report)',
  });
  project = projectOption();

  async run(): Promise<number> {
    const { stdout } = this.context;
    if (this.format !== '3' && this.format !== '4')
      throw new UsageMistake(`--format ${this.format}: the schema format is 3 or 4`);
    const cwd = projectDirOf(this.project);
    const { planImport } = await import('../../compiler/import/openapi/import-document.ts');
    const { ImportError } = await import('../../compiler/import/openapi/import-error.ts');
    const { compareWithDisk, applyPlan } = await import('../../compiler/import/openapi/write-plan.ts');
    const { reportData, reportText } = await import('../../compiler/import/openapi/report.ts');
    const { allowedLibrariesOf } = await import('../project/project-config.ts');
    let plan;
    try {
      plan = await planImport({
        document: this.document,
        cwd,
        format: this.format === '4' ? 4 : 3,
        allowedLibraries: allowedLibrariesOf(cwd),
        ...(this.out !== undefined ? { outDir: resolve(cwd, this.out) } : {}),
        ...(this.namespace !== undefined ? { namespace: this.namespace } : {}),
        ...(this.include !== undefined ? { include: this.include } : {}),
        ...(this.root !== undefined ? { root: this.root } : {}),
      });
    } catch (error) {
      if (error instanceof ImportError)
        throw error.exitCode === 2 ? new UsageMistake(error.message) : new CommandFailure(error.message);
      throw error;
    }
    const shownDir = relative(process.cwd(), plan.outDir) || '.';
    const changes = compareWithDisk(plan, shownDir);
    const nothing = plan.imported === 0;
    if (this.write && !nothing) applyPlan(plan, changes);
    const written = this.write && !nothing;
    if (this.json) stdout.write(`${JSON.stringify(reportData(plan, changes, written), null, 2)}\n`);
    else {
      if (this.diff) for (const change of changes) if (change.diff) stdout.write(change.diff);
      stdout.write(reportText(plan, changes, written, shownDir));
    }
    if (nothing) {
      this.context.stderr.write(`${this.label}: no operation of the document could be imported; nothing written\n`);
      return EXIT.failed;
    }
    return EXIT.ok;
  }
}
