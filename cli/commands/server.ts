/**
 * `toolkit server [--schemas DIR] [--project DIR] [--group NAME] [--http [host:]port] [--[no-]toolset] [--print-config]`:
 * loads the schemas through the compiler front end (scan + validation, never running them), and
 * serves their tools over stdio or stateless Streamable HTTP, to 2026-07-28 and 2025-era clients
 * alike. A catalog too large for a client's tool list is served through search_tools, describe_tool
 * and call_tool (the toolset) unless --no-toolset. In stdio mode nothing but protocol goes to stdout.
 */
import { Command, Option } from 'clipanion';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SchemaModel } from '../../runtime/model.ts';
import { ProjectConfigError, readProjectConfig, type ProjectConfig } from '../../runtime/project-config.ts';

const BIN = resolve(import.meta.dirname, '..', 'bin.mjs');

/** A mistake of the user: printed as one line, exit 2. */
class ServerUsage extends Error {}

export class ServerCommand extends Command {
  static override paths = [['server']];
  static override usage = Command.Usage({
    description: 'serve schema tools as an MCP server (stdio, or Streamable HTTP with --http)',
    details: 'Loads every schema under --schemas (default ./schemas) with the same checks as `toolkit validate`; schemas with errors are skipped with a note on stderr. --group serves one group of `.toolkit/config.json`. Server params come from ~/.toolkit/.env and the environment (the environment wins).',
    examples: [
      ['Serve the catalog over stdio', '$0 server --schemas schemas/'],
      ['Serve one group over HTTP on 127.0.0.1:8080', '$0 server --group weather --http 8080'],
      ['Print the block for an MCP client config', '$0 server --group weather --print-config'],
      ['List every tool of a large catalog instead of the toolset', '$0 server --no-toolset'],
    ],
  });

  schemas = Option.String('--schemas', 'schemas', { description: 'directory of schema files (default ./schemas)' });
  group = Option.String('--group', { description: 'serve only this group of .toolkit/config.json' });
  project = Option.String('--project', { description: 'project directory holding .toolkit/config.json (default: current directory)' });
  http = Option.String('--http', { description: 'serve Streamable HTTP on [host:]port (default host 127.0.0.1) instead of stdio' });
  lists = Option.String('--lists', { description: 'shared lists directory (default: the nearest _lists/ above each schema)' });
  toolset = Option.Boolean('--toolset', { description: 'serve the tools through search_tools, describe_tool and call_tool (--no-toolset: list them all; default: the toolset when the plain listing is over 50 KB)' });
  printConfig = Option.Boolean('--print-config', false, { description: 'print the mcpServers block for an MCP client and exit' });

  async execute(): Promise<number> {
    const { stdout, stderr } = this.context;
    // The runtime (MCP SDK) and the compiler load only when this command runs.
    const { printClientConfig, runServerMain, ServeUsageError, parseHostPort, secretKeysOf } = await import('../../runtime/index.ts');
    try {
      const serve = {
        ...(this.http !== undefined ? { http: parseHostPort(this.http) } : {}),
        ...(this.toolset !== undefined ? { toolset: this.toolset ? ('on' as const) : ('off' as const) } : {}),
      };
      const dir = resolve(this.schemas);
      if (!isDir(dir)) throw new ServerUsage(`--schemas ${this.schemas}: not a directory`);
      const projectDir = resolve(this.project ?? process.cwd());
      if (this.project !== undefined && !isDir(projectDir)) throw new ServerUsage(`--project ${this.project}: not a directory`);
      const config = readProjectConfig(projectDir);
      const models = await this.loadModels(dir, config);
      if (this.printConfig) {
        // Absolute paths only: a client starts the server from a working directory of its own.
        const args = [BIN, 'server', '--project', projectDir, '--schemas', dir, ...(this.group ? ['--group', this.group] : []), ...(this.lists ? ['--lists', resolve(this.lists)] : []), ...(this.http ? ['--http', this.http] : []), ...(this.toolset !== undefined ? [this.toolset ? '--toolset' : '--no-toolset'] : [])];
        const name = this.group ? `toolkit-${this.group}` : 'toolkit';
        stdout.write(printClientConfig({ name, command: process.execPath, args, requiredServerParams: [...secretKeysOf(models)] }));
        return 0;
      }
      // Libraries run inside the handler sandbox: bundled for it on the first call that needs them.
      const { guestLibrariesOnFirstUse } = await import('../../compiler/build/guest-libraries/on-first-use.ts');
      const guestLibraries = guestLibrariesOnFirstUse({ resolveDirs: [projectDir, dir] });
      await runServerMain({ schemas: models, argv: [], serve, guestLibraries, primitives: { places: { projectDir } }, info: { name: this.group ? `toolkit-${this.group}` : 'toolkit', version: '0.1.0' } });
      return 0;
    } catch (error) {
      if (error instanceof ServerUsage || error instanceof ServeUsageError || error instanceof ProjectConfigError) {
        stderr.write(`toolkit server: ${error.message}\n`);
        return 2;
      }
      throw error;
    }
  }

  private async loadModels(dir: string, config: ProjectConfig): Promise<SchemaModel[]> {
    // The compiler (ts-morph) is loaded only here, when schemas are actually read.
    const { loadSchemaTree } = await import('../../compiler/index.ts');
    const { selectGroup } = await import('../../compiler/build/group-selection.ts');
    const { narrowModel } = await import('../../templates/narrow-model.ts');
    const allowedLibraries = config.security?.allowedLibraries ?? [];
    const entries = await loadSchemaTree(dir, { allowedLibraries, ...(this.lists ? { listsDir: resolve(this.lists) } : {}) });
    const models: SchemaModel[] = [];
    for (const entry of entries) {
      if (entry.model) models.push(entry.model);
      else {
        const errors = entry.diagnostics.filter((d) => d.severity === 'error');
        this.context.stderr.write(`toolkit server: skipped ${entry.file}: ${errors.length} error(s), first: ${errors[0]?.rule ?? ''} ${errors[0]?.message ?? 'not loadable'}\n`);
      }
    }
    let selected = models;
    if (this.group !== undefined) {
      const group = config.groups?.[this.group];
      if (!group) {
        const known = Object.keys(config.groups ?? {});
        throw new ServerUsage(`no group "${this.group}" in .toolkit/config.json${known.length ? ` (groups: ${known.join(', ')})` : ''}`);
      }
      const selection = selectGroup(group, models);
      for (const entry of selection.unmatched) this.context.stderr.write(`toolkit server: group "${this.group}": "${entry}" matches no loaded schema or tool\n`);
      // The same rule as a bundle of the group: part of a schema is only its tools (no resources or prompts).
      selected = selection.selected.map(({ index, tools }) => narrowModel(models[index]!, tools));
    }
    const served = (m: SchemaModel) => m.tools.length + m.resources.length + m.prompts.length + m.skills.length;
    if (selected.reduce((n, m) => n + served(m), 0) === 0) throw new ServerUsage(`nothing to serve from ${dir}${this.group ? ` in group "${this.group}"` : ''}: no tools, resources, prompts or skills`);
    return selected;
  }
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
