/**
 * `toolkit init <namespace>`: scaffolds a new provider in the project's catalog: a 3.x schema with
 * one tool and an `about` prompt, in the spec's forms, that validates as written. Never overwrites.
 */
import { Command, Option } from 'clipanion';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ToolkitCommand } from '../command-base.ts';
import { CommandFailure, UsageMistake } from '../errors.ts';
import { EXIT } from '../exit-codes.ts';
import { projectDirOf, projectOption } from '../options.ts';
import { locateCatalog, showPath } from '../project/catalog.ts';
import { readProjectFile, writeFileAtomic } from '../project/config-file.ts';
import { scaffoldFiles } from '../project/scaffold.ts';

export class InitCommand extends ToolkitCommand {
  static override paths = [['init']];
  static override valueNames = { '--root': 'URL', '--schemas': 'DIR', '--project': 'DIR' };
  static override usage = Command.Usage({
    category: 'Develop (dev mode)',
    description: 'scaffold a new provider: a schema with one tool and an about prompt that validates as written',
    details: `
      Writes \`schemas/providers/<namespace>/<namespace>.mjs\` and its \`prompts/about.mjs\` (under
      \`--schemas\` when given), validates them, and says what to edit next. The namespace is lowercase
      letters only. Existing files are never overwritten. In a project without \`schemas/\`, this
      makes \`schemas/\` the project's catalog in place of the one shipped with toolkit: init says
      so, and names the active tools that are no longer in the catalog.
    `,
    examples: [['A new provider', 'toolkit init weather --root https://api.weather.example/v1']],
  });

  namespace = Option.String({ name: 'namespace' });
  root = Option.String('--root', 'https://api.example.com', {
    description: 'the API base URL (https, no trailing slash; default https://api.example.com)',
  });
  schemas = Option.String('--schemas', {
    description: "catalog directory to write into (default: the project's schemas/)",
  });
  project = projectOption();

  async run(): Promise<number> {
    const { stdout } = this.context;
    if (!/^[a-z]+$/.test(this.namespace))
      throw new UsageMistake(
        `namespace ${JSON.stringify(this.namespace)}: a namespace is lowercase letters only (a-z), e.g. weather`,
      );
    if (!/^https:\/\/[^\s/]+(\/[^\s]*[^/\s])?$/.test(this.root))
      throw new UsageMistake(`--root ${this.root}: an https:// URL without a trailing slash`);
    const projectDir = projectDirOf(this.project);
    const catalogBefore = locateCatalog(projectDir);
    const dir = join(this.schemas ?? join(projectDir, 'schemas'), 'providers', this.namespace);
    const files = scaffoldFiles(this.namespace, this.root);
    const taken = Object.keys(files)
      .map((name) => join(dir, name))
      .filter((path) => existsSync(path));
    if (taken.length > 0)
      throw new UsageMistake(
        `${relative(process.cwd(), taken[0]!)} already exists: choose another namespace or edit it`,
      );
    for (const [name, text] of Object.entries(files)) writeFileAtomic(join(dir, name), text);
    const schemaFile = join(dir, `${this.namespace}.mjs`);
    const { loadSchemaFile } = await import('../../compiler/load/load-schema.ts');
    const { diagnostics } = loadSchemaFile(schemaFile, { cwd: projectDir });
    if (diagnostics.length > 0)
      throw new CommandFailure(
        `the scaffold does not validate (a bug): ${diagnostics.map((d) => `${d.rule} ${d.message}`).join('; ')}`,
      );
    const shown = relative(process.cwd(), schemaFile);
    stdout.write(`Wrote ${shown} and ${relative(process.cwd(), join(dir, 'prompts', 'about.mjs'))} (they validate).
Next: edit its description, root and tools, then check it with \`toolkit validate ${relative(process.cwd(), dir)}\`
and index and bundle it with \`toolkit build\` (\`toolkit search\` then finds its tools).
`);
    if (catalogBefore.origin === 'package' && locateCatalog(projectDir).origin === 'project')
      stdout.write(catalogSwitch(projectDir, catalogBefore.dir, this.namespace));
    return EXIT.ok;
  }
}

/**
 * What `init` changed about the catalog the project serves: it had no `schemas/`, so its catalog was
 * the one shipped with toolkit; now it is `schemas/`. Active tools of the shipped catalog are no
 * longer served: each is named, with the two ways to have it back.
 */
function catalogSwitch(projectDir: string, shippedDir: string, namespace: string): string {
  const lines = [
    `This project's catalog is now ${showPath(join(projectDir, 'schemas'))} (only ${namespace} so far) instead of ` +
      `the catalog shipped with toolkit: search, add, server and build read schemas/ from now on. To keep a shipped ` +
      `provider, copy its folder: cp -r ${showPath(join(shippedDir, 'providers', '<provider>'))} schemas/providers/`,
  ];
  const hidden = readProjectFile(projectDir).tools.filter((tool) => !tool.endsWith(`_${namespace}`));
  if (hidden.length > 0) {
    const providers = [...new Set(hidden.map((tool) => tool.slice(tool.lastIndexOf('_') + 1)))].sort();
    lines.push(
      `Active tools no longer in the catalog, so no longer served: ${hidden.join(', ')}. Copy their providers into ` +
        `schemas/providers/ (${providers.join(', ')}), or \`toolkit remove\` them; \`toolkit status\` checks them.`,
    );
  }
  return `${lines.join('\n')}\n`;
}
