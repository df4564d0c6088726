/**
 * `toolkit server [--schemas DIR] [--project DIR] [--group NAME] [--http [host:]port] [--[no-]toolset]
 * [--print-config]`: loads the catalog's schemas through the compiler front end (scan + validation, never running them)
 * and serves them over stdio or stateless Streamable HTTP, to 2026-07-28 and 2025-era clients alike: the project's
 * active tools when it has any (`toolkit add`), else one group, else every tool, with the schemas' resources and
 * prompts. A catalog too large for a client's tool list is served through search_tools, describe_tool and call_tool
 * (the toolset) unless --no-toolset. In stdio mode nothing but protocol goes to stdout.
 */
import { Command, Option } from 'clipanion';
import { resolve } from 'node:path';
import type { SchemaModel } from '../../runtime/model.ts';
import { TOOLKIT_VERSION } from '../../runtime/toolkit-version.ts';
import { ToolkitCommand } from '../command-base.ts';
import { CommandFailure, UsageMistake } from '../errors.ts';
import { EXIT } from '../exit-codes.ts';
import { projectDirOf, projectOption, schemasOption } from '../options.ts';
import { locateCatalog, showPath } from '../project/catalog.ts';
import { readProjectFile } from '../project/config-file.ts';
import { effectiveGrants } from '../project/grants.ts';

const BIN = resolve(import.meta.dirname, '..', 'bin.mjs');

export class ServerCommand extends ToolkitCommand {
  static override paths = [['server']];
  static override valueNames = {
    '--schemas': 'DIR',
    '--group': 'NAME',
    '--project': 'DIR',
    '--http': '[HOST:]PORT',
    '--lists': 'DIR',
    '--ca-file': 'FILE',
    '--listing': 'MODE',
    '--code-budget': 'BUDGET',
    '--connect-to': 'H1:P1:H2:P2',
    '--max-reply-bytes': 'BYTES',
  };
  static override usage = Command.Usage({
    category: 'Build and serve',
    description: 'serve tools as an MCP server (stdio, or Streamable HTTP with --http)',
    details:
      "Loads every schema of the catalog (`--schemas`, else the project's `schemas/`, else the catalog shipped with " +
      'toolkit) with the same checks as `toolkit validate`; schemas with errors are skipped with a note on stderr. ' +
      "Serves the project's active tools when it has any (`toolkit add`), else every tool; `--group` serves one " +
      'group of `.toolkit/config.json` instead. A schema is given a server param only when it was granted to it ' +
      '(`toolkit grant`, `toolkit add`, or TOOLKIT_GRANTS in the environment); values come from ~/.toolkit/.env and ' +
      'the environment (the environment wins). `--print-config` writes the grants into the client block.',
    examples: [
      ['Serve over stdio', 'toolkit server'],
      ['Serve one group over HTTP on 127.0.0.1:8080', 'toolkit server --group weather --http 8080'],
      ['Print the block for an MCP client config', 'toolkit server --print-config'],
      ['List every tool of a large catalog instead of the toolset', 'toolkit server --no-toolset'],
      ['Serve the catalog as a typed API that agents program against', 'toolkit server --listing code'],
      [
        'Against a staging API with its own CA',
        'toolkit server --connect-to api.example.org:443:staging.internal:8443 --ca-file ./staging-ca.pem',
      ],
    ],
  });

  schemas = schemasOption();
  group = Option.String('--group', { description: 'serve only this group of .toolkit/config.json' });
  project = projectOption();
  http = Option.String('--http', {
    description: 'serve Streamable HTTP on [host:]port (default host 127.0.0.1) instead of stdio',
  });
  lists = Option.String('--lists', {
    description: 'shared lists directory (default: the nearest _lists/ above each schema)',
  });
  listing = Option.String('--listing', {
    description:
      'how tools are listed: tools, toolset, code (search_api and run_program: programs against the typed API) or ' +
      'tools+code (default: toolset past 50 KB of listing, else tools)',
  });
  codeBudget = Option.Array('--code-budget', [], {
    description:
      "NAME=VALUE, a code-mode run's budget (repeatable): calls, time (s), memory (MB), output (characters), logLines",
  });
  toolset = Option.Boolean('--toolset', {
    description:
      'serve the tools through search_tools, describe_tool and call_tool (--no-toolset: list them all; default: the ' +
      'toolset when the plain listing is over 50 KB)',
  });
  maxReplyBytes = Option.String('--max-reply-bytes', {
    description:
      'the largest reply sent to a client, in bytes (default: TOOLKIT_MAX_REPLY_BYTES, else 1048576); longer answers ' +
      'are cut with a note',
  });
  printConfig = Option.Boolean('--print-config', false, {
    description: 'print the mcpServers block for an MCP client and exit',
  });
  caFile = Option.String('--ca-file', {
    description:
      "also trust the CA certificates in this PEM file for upstream HTTPS (a staging server's own CA); certificates " +
      'are always checked',
  });
  connectTo = Option.Array('--connect-to', [], {
    description:
      "HOST1:PORT1:HOST2:PORT2: send requests for HOST1:PORT1 to HOST2:PORT2 (repeatable; curl's syntax); the " +
      'certificate must still be valid for HOST1',
  });

  async run(): Promise<number> {
    const { stdout, stderr } = this.context;
    // The runtime (MCP SDK) and the compiler load only when this command runs.
    const { printClientConfig, runServerMain, ServeUsageError, parseServeArgs } = await import(
      '../../runtime/index.ts'
    );
    const { ServeFailure } = await import('../../runtime/server-main.ts');
    const { commandGrantHint } = await import('../../runtime/secrets/grants.ts');
    const { grantsForClient } = await import('../project/client-grants.ts');
    const { ProjectConfigError, readProjectConfig } = await import('../../runtime/project-config.ts');
    try {
      // The same options as a bundle's command line, read by the same parser.
      const serve = parseServeArgs([
        ...(this.http !== undefined ? ['--http', this.http] : []),
        ...(this.toolset !== undefined ? [this.toolset ? '--toolset' : '--no-toolset'] : []),
        ...(this.listing !== undefined ? ['--listing', this.listing] : []),
        ...this.codeBudget.flatMap((budget) => ['--code-budget', budget]),
        ...(this.caFile !== undefined ? ['--ca-file', resolve(this.caFile)] : []),
        ...this.connectTo.flatMap((rule) => ['--connect-to', rule]),
        ...(this.maxReplyBytes !== undefined ? ['--max-reply-bytes', this.maxReplyBytes] : []),
      ]);
      const projectDir = projectDirOf(this.project);
      const catalog = locateCatalog(projectDir, this.schemas);
      const config = readProjectConfig(projectDir);
      const models = await this.loadModels(catalog.dir, projectDir, config);
      const grants = effectiveGrants(projectDir);
      if (this.printConfig) {
        // Absolute paths only: a client starts the server from a working directory of its own.
        const args = [
          BIN,
          'server',
          '--project',
          projectDir,
          '--schemas',
          catalog.dir,
          ...(this.group ? ['--group', this.group] : []),
          ...(this.lists ? ['--lists', resolve(this.lists)] : []),
          ...(this.http ? ['--http', this.http] : []),
          ...(this.toolset !== undefined ? [this.toolset ? '--toolset' : '--no-toolset'] : []),
          ...(this.listing !== undefined ? ['--listing', this.listing] : []),
          ...(this.caFile !== undefined ? ['--ca-file', resolve(this.caFile)] : []),
          ...this.connectTo.flatMap((rule) => ['--connect-to', rule]),
        ];
        const name = this.group ? `toolkit-${this.group}` : 'toolkit';
        const { granted, keys, ungranted } = grantsForClient(models, grants);
        stdout.write(
          printClientConfig({ name, command: process.execPath, args, requiredServerParams: keys, grants: granted }),
        );
        if (ungranted.length > 0)
          stderr.write(
            `${this.label}: not granted, so their tools will refuse every call: ${ungranted.join(', ')}; \`toolkit ` +
              `grant <namespace> <VARIABLE>\` grants one (then print the block again)\n`,
          );
        return EXIT.ok;
      }
      // Libraries run inside the handler sandbox: bundled for it on the first call that needs them.
      const { guestLibrariesOnFirstUse } = await import('../../compiler/build/guest-libraries/on-first-use.ts');
      const guestLibraries = guestLibrariesOnFirstUse({ resolveDirs: [projectDir, catalog.dir] });
      // The server card and AI catalog for --http, from the schemas served (a build writes the same documents beside
      // its bundles).
      const { readDiscoverySettings } = await import('../../compiler/build/discovery-settings.ts');
      const { bundleDiscoverySettings } = await import('../../compiler/build/discovery-files.ts');
      const { documentsOfModels } = await import('../../runtime/discovery/discovery-documents.ts');
      const { hashValue } = await import('../../runtime/hash.ts');
      const publishing = readDiscoverySettings(projectDir);
      if (publishing.problems.length > 0)
        throw new UsageMistake(
          `the server's publishing facts in .toolkit/config.json would be refused by the MCP Registry: ` +
            `${publishing.problems.join('; ')}`,
        );
      const bundle = this.group ?? 'catalog';
      const published = bundleDiscoverySettings(
        publishing.settings,
        bundle,
        this.group ? config.groups?.[this.group] : undefined,
      );
      const documents = documentsOfModels(published, bundle, models, hashValue(models), TOOLKIT_VERSION);
      const discovery = { card: documents.card, aiCatalog: documents.aiCatalog };
      // Format 4's selections, checked against what is served; one with an error is left out, with a note.
      const { loadSelections } = await import('../../compiler/build/selections.ts');
      const selections = loadSelections(catalog.dir, models);
      for (const d of selections.diagnostics.filter((x) => x.severity === 'error'))
        stderr.write(`${this.label}: selection left out: ${d.file}:${d.line}:${d.column}: ${d.rule} ${d.message}\n`);
      // Code mode's typed API, made by the compiler from the schemas when a client is first served in code mode.
      const { apiDeclarations } = await import('../../compiler/emit/code-mode-api.ts');
      await runServerMain({
        schemas: models,
        argv: [],
        serve,
        guestLibraries,
        codeApi: apiDeclarations,
        grants,
        grantHint: commandGrantHint,
        primitives: { places: { projectDir }, selections: selections.selections },
        discovery,
        info: {
          name: published.name ?? (this.group ? `toolkit-${this.group}` : 'toolkit'),
          version: String(documents.card.version),
        },
      });
      return EXIT.ok;
    } catch (error) {
      if (error instanceof ServeUsageError || error instanceof ProjectConfigError)
        throw new UsageMistake(error.message);
      if (error instanceof ServeFailure) throw new CommandFailure(error.message);
      throw error;
    }
  }

  private async loadModels(
    dir: string,
    projectDir: string,
    config: { groups?: Record<string, { tools: string[] }>; security?: { allowedLibraries?: string[] } },
  ): Promise<SchemaModel[]> {
    // The compiler (ts-morph) is loaded only here, when schemas are actually read.
    const { loadSchemaTree } = await import('../../compiler/index.ts');
    const { activeToolsText, selectServed, unmatchedActiveText, unmatchedGroupText } = await import(
      '../../compiler/build/select-served.ts'
    );
    const allowedLibraries = config.security?.allowedLibraries ?? [];
    const entries = await loadSchemaTree(dir, {
      allowedLibraries,
      cwd: projectDir,
      ...(this.lists ? { listsDir: resolve(this.lists) } : {}),
    });
    const models: SchemaModel[] = [];
    for (const entry of entries) {
      if (entry.model) models.push(entry.model);
      else {
        const errors = entry.diagnostics.filter((d) => d.severity === 'error');
        this.context.stderr.write(
          `${this.label}: skipped ${entry.file}: ${errors.length} error(s), first: ${errors[0]?.rule ?? ''} ` +
            `${errors[0]?.message ?? 'not loadable'}\n`,
        );
      }
    }
    let selected = models;
    let what = '';
    if (this.group !== undefined) {
      const group = config.groups?.[this.group];
      if (!group) {
        const known = Object.keys(config.groups ?? {});
        throw new UsageMistake(
          `no group "${this.group}" in .toolkit/config.json${known.length ? ` (groups: ${known.join(', ')})` : ''}`,
        );
      }
      // The same selection as a bundle of the group: part of a schema is only its tools (no resources or prompts).
      const selection = selectServed(models, { group: this.group, config: group });
      for (const entry of selection.unmatched)
        this.context.stderr.write(`${this.label}: ${unmatchedGroupText(this.group, entry, 'loaded schema or tool')}\n`);
      selected = selection.models;
      what = ` in group "${this.group}"`;
    } else {
      const active = readProjectFile(projectDir).tools;
      if (active.length > 0) {
        // The same selection as the catalog bundle of a project with active tools.
        const selection = selectServed(models, { active }, dir);
        for (const name of selection.unmatched)
          this.context.stderr.write(`${this.label}: ${unmatchedActiveText(name)}\n`);
        selected = selection.models;
        what = ' among the active tools';
        this.context.stderr.write(
          `${this.label}: serving the ${activeToolsText(selection.activeCount ?? 0)} of this project ` +
            `(\`toolkit list\`)\n`,
        );
      }
    }
    const served = (m: SchemaModel) =>
      m.tools.length + m.resources.length + (m.documents?.length ?? 0) + m.prompts.length + m.skills.length;
    if (selected.reduce((n, m) => n + served(m), 0) === 0)
      throw new CommandFailure(`nothing to serve from ${showPath(dir)}${what}: no tools, resources, prompts or skills`);
    return selected;
  }
}
