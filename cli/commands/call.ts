/**
 * `toolkit call <tool> '<json>'`: calls one catalog tool with a JSON object of arguments, through
 * the same runtime a server uses (input validation, server params, handlers, redaction), and prints
 * what an MCP client would get. Exit 1 when the call fails (the tool's error is printed).
 */
import { Command, Option } from 'clipanion';
import * as t from 'typanion';
import { join } from 'node:path';
import type { SchemaModel } from '../../runtime/model.ts';
import { effectiveGrants } from '../project/grants.ts';
import { ToolkitCommand } from '../command-base.ts';
import { CommandFailure, UsageMistake } from '../errors.ts';
import { EXIT } from '../exit-codes.ts';
import { projectDirOf, projectOption, schemasOption } from '../options.ts';
import { findTool, loadIndex, locateCatalog, showPath } from '../project/catalog.ts';

export class CallCommand extends ToolkitCommand {
  static override paths = [['call']];
  static override valueNames = { '--project': 'DIR', '--schemas': 'DIR', '--timeout': 'MS' };
  static override usage = Command.Usage({
    category: 'Use tools',
    description: 'call a tool with a JSON object of arguments and print its result',
    details: `
      Runs the call as a server would: the arguments are validated against the tool's parameters,
      server params (API keys) come from \`~/.toolkit/.env\` and the environment, handlers run in
      their sandbox and secrets never appear in the output. JSON results are printed indented;
      \`--json\` prints the MCP result itself. Exit 1 when the tool reports an error.
    `,
    examples: [
      ['Call a tool', `toolkit call current_weather_weatherly '{"city":"Berlin"}'`],
      ['A tool without arguments, MCP result as JSON', 'toolkit call list_sources_news --json'],
    ],
  });

  tool = Option.String({ name: 'tool' });
  args = Option.String({ name: 'json', required: false });
  json = Option.Boolean('--json', false, {
    description: 'print the MCP result (content, isError, structuredContent) as JSON',
  });
  timeout = Option.String('--timeout', {
    description: 'upstream timeout per call in milliseconds (default 15000)',
    validator: t.cascade(t.isNumber(), [t.isInteger(), t.isInInclusiveRange(1, 600_000)]),
  });
  project = projectOption();
  schemas = schemasOption();

  async run(): Promise<number> {
    const { stdout, stderr } = this.context;
    const input = parseArguments(this.args);
    const projectDir = projectDirOf(this.project);
    const catalog = locateCatalog(projectDir, this.schemas);
    const index = await loadIndex(projectDir, catalog, stderr);
    const tool = findTool(index.catalog, this.tool);
    const schemaFile = join(catalog.dir, index.catalog.schemas[tool.schema]!.file);
    const model = await loadModel(schemaFile, projectDir);
    const position = model.tools.findIndex((t) => t.name === tool.tool);
    if (position < 0)
      throw new CommandFailure(
        `${showPath(schemaFile)} no longer defines ${tool.tool}: run \`toolkit build\` to refresh the index`,
      );

    const { createRuntime } = await import('../../runtime/create-runtime.ts');
    // Libraries run inside the handler sandbox, bundled for it on first use, as `toolkit server` does.
    const { guestLibrariesOnFirstUse } = await import('../../compiler/build/guest-libraries/on-first-use.ts');
    const guestLibraries = guestLibrariesOnFirstUse({ resolveDirs: [projectDir, catalog.dir] });
    const { commandGrantHint } = await import('../../runtime/secrets/grants.ts');
    // The project's grants (and TOOLKIT_GRANTS): the tool is given only the keys granted to its schema.
    const grants = effectiveGrants(projectDir);
    // The rest of the runtime's options from the environment, read here (the granted server params, caps).
    const { processEnvironment, runtimeOptionsFrom } = await import('../../runtime/environment/entry-environment.ts');
    const options = runtimeOptionsFrom(processEnvironment(), {
      grants,
      ...(this.timeout ? { timeoutMs: this.timeout } : {}),
    });
    const runtime = createRuntime({ schemas: [model], guestLibraries, ...options, grantHint: commandGrantHint });
    try {
      const result = await runtime.tools[position]!.call(input);
      if (this.json) {
        stdout.write(`${JSON.stringify(result, null, 2)}\n`);
        return result.isError ? EXIT.failed : EXIT.ok;
      }
      const text = result.content
        .map((item) =>
          item.type === 'text'
            ? pretty(item.text)
            : item.type === 'image'
              ? `[image ${item.mimeType}, ${Math.round((item.data.length * 3) / 4)} bytes]`
              : `[${item.type}]`,
        )
        .join('\n');
      if (result.isError) {
        stderr.write(`${this.label}: ${tool.name} failed: ${text}\n`);
        return EXIT.failed;
      }
      stdout.write(`${text}\n`);
      return EXIT.ok;
    } finally {
      await runtime.close();
    }
  }
}

/** The JSON argument: an object (default `{}`); anything else is a usage mistake naming the problem. */
function parseArguments(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageMistake(
      `the arguments are not valid JSON (${(error as Error).message}); write them as one quoted JSON object, e.g. ` +
        `'{"city":"Berlin"}'`,
    );
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new UsageMistake('the arguments must be a JSON object, e.g. \'{"city":"Berlin"}\'');
  return value as Record<string, unknown>;
}

/** Loads one schema through the front end (scan and validation, never running it). */
async function loadModel(file: string, projectDir: string): Promise<SchemaModel> {
  const { loadSchemaFile } = await import('../../compiler/load/load-schema.ts');
  // The project config is read with zod, which starting the CLI need not load.
  const { allowedLibrariesOf } = await import('../project/project-config.ts');
  const result = loadSchemaFile(file, { allowedLibraries: allowedLibrariesOf(projectDir), cwd: projectDir });
  if (!result.model) {
    const first = result.diagnostics.find((d) => d.severity === 'error');
    throw new CommandFailure(
      `${showPath(file)} does not load (${first ? `${first.rule} ${first.message}` : 'not loadable'}); \`toolkit ` +
        `validate ${showPath(file)}\` lists every problem`,
    );
  }
  return result.model;
}

/** JSON text indented for reading; other text as it is. */
function pretty(text: string): string {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
