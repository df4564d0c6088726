/**
 * `toolkit init provider <namespace> --root <https-url> [--schemas DIR]`: starts a new provider in the
 * catalog: a schema with one tool and its tests and an about prompt, written in the spec's forms so
 * that it validates with no warning, then validated. Nothing is overwritten and nothing is
 * half-written: the folder appears complete or not at all.
 */
import { Command, Option } from 'clipanion';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export class InitProviderCommand extends Command {
  static override paths = [['init', 'provider']];
  /** Which modes offer this command (the spec's state table): a development command. */
  static readonly modes = ['dev'] as const;
  static override usage = Command.Usage({
    description: 'start a new provider: a schema with one tool, its tests and an about prompt',
    details: `
      Writes \`<schemas>/providers/<namespace>/<namespace>.mjs\` and \`prompts/about.mjs\` in the forms of docs/schema-format.md, then validates them. Edit the tool to describe the real API, then run \`toolkit validate\` and \`toolkit test single <namespace>\`.

      Exit codes: 0 written and valid; 1 the provider folder already exists (nothing is written); 2 usage error (namespace not lowercase letters, root not an https URL).
    `,
    examples: [['Start a provider for an API', '$0 init provider tidesapi --root https://api.tides.example.org']],
  });

  namespace = Option.String({ name: 'namespace' });
  root = Option.String('--root', { required: true, description: 'https:// base URL of the API, without a trailing slash' });
  schemas = Option.String('--schemas', 'schemas', { description: 'catalog directory (default: schemas)' });

  async execute(): Promise<number> {
    const { stdout, stderr } = this.context;
    const fail = (message: string, code: number) => {
      stderr.write(`toolkit init provider: ${message}\n`);
      return code;
    };
    if (!/^[a-z]+$/.test(this.namespace)) return fail(`namespace "${this.namespace}" must be lowercase letters a-z only (e.g. openmeteo)`, 2);
    let url: URL | undefined;
    try {
      url = new URL(this.root);
    } catch {
      url = undefined;
    }
    if (!url || url.protocol !== 'https:' || this.root.endsWith('/') || url.search !== '' || url.hash !== '') {
      return fail(`--root ${this.root}: expected an https:// URL without a trailing slash, query or fragment`, 2);
    }
    const schemasDir = resolve(this.schemas);
    const target = join(schemasDir, 'providers', this.namespace);
    if (existsSync(target)) return fail(`${relative(process.cwd(), target) || target} already exists; nothing was written`, 1);

    const { providerFiles } = await import('../scaffold/provider-files.ts');
    const files = providerFiles({ namespace: this.namespace, root: this.root });
    // Written next to the target and renamed into place: a failure leaves no half-made provider.
    const staging = join(schemasDir, 'providers', `.${this.namespace}.${process.pid}.tmp`);
    try {
      for (const file of files) {
        mkdirSync(dirname(join(staging, file.path)), { recursive: true });
        writeFileSync(join(staging, file.path), file.text, { flag: 'wx' });
      }
      renameSync(staging, target);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      return fail(`could not write ${relative(process.cwd(), target) || target}: ${(error as Error).message}`, 1);
    }

    const { loadSchemaFile } = await import('../../compiler/load/load-schema.ts');
    const { formatDiagnostics, formatSummary } = await import('../../compiler/diagnostics/format.ts');
    const schemaFile = join(target, files[0]!.path);
    const result = loadSchemaFile(schemaFile);
    stdout.write(formatDiagnostics(result.diagnostics));
    for (const file of files) stdout.write(`created ${relative(process.cwd(), join(target, file.path))}\n`);
    stdout.write(`${formatSummary(1, result.diagnostics)}\n`);
    stdout.write(`next: describe the real API in ${relative(process.cwd(), schemaFile)}, then run toolkit validate ${relative(process.cwd(), target)} and toolkit test single ${this.namespace}\n`);
    return result.status ? 0 : 1;
  }
}

