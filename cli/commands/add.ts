/**
 * `toolkit add <tool>`: activates a catalog tool in this project (the spec's state table: inactive →
 * active) and prints its parameters with their types and requirements. Writes `.toolkit/config.json`
 * (the active tools, and the grant of each server param the tool uses to its schema's namespace:
 * activating a tool is the user's word that its schema may use those keys) and
 * `.toolkit/tools/<tool_name>.json`.
 */
import { Command, Option } from 'clipanion';
import { relative } from 'node:path';
import type { CatalogTool } from '../../compiler/build/catalog-index-file.ts';
import { ToolkitCommand } from '../command-base.ts';
import { EXIT } from '../exit-codes.ts';
import { jsonOption, projectDirOf, projectOption, schemasOption } from '../options.ts';
import { exampleArguments, findTool, loadIndex, locateCatalog } from '../project/catalog.ts';
import { configPath, readProjectFile, writeProjectFile } from '../project/config-file.ts';
import { alsoGrantedTo, changeGrants, projectGrants } from '../project/grants.ts';
import { missingServerParams } from '../project/server-params.ts';
import { writeToolFile } from '../project/tool-files.ts';

export class AddCommand extends ToolkitCommand {
  static override paths = [['add']];
  static override valueNames = { '--project': 'DIR', '--schemas': 'DIR' };
  static override usage = Command.Usage({
    category: 'Use tools',
    description: 'activate a tool and print its parameters with their types and requirements',
    details: `
      The tool is named as \`toolkit search\` shows it (\`<tool_name>_<namespace>\`), by its MCP name,
      or as \`<namespace>/tool/<name>\`. Writes \`.toolkit/config.json\` (active tools, and a grant
      to the tool's schema of each server param it uses: see \`toolkit grant\`) and
      \`.toolkit/tools/<tool_name>.json\`. Once a project has active tools, \`toolkit server\` and
      the bundle of \`toolkit build\` serve only those.
    `,
    examples: [['Activate a tool', 'toolkit add current_weather_weatherly']],
  });

  tool = Option.String({ name: 'tool' });
  json = jsonOption('the tool and its parameters');
  project = projectOption();
  schemas = schemasOption();

  async run(): Promise<number> {
    const { stdout, stderr } = this.context;
    const projectDir = projectDirOf(this.project);
    const state = readProjectFile(projectDir);
    const catalog = locateCatalog(projectDir, this.schemas);
    const index = await loadIndex(projectDir, catalog, stderr);
    const tool = findTool(index.catalog, this.tool);
    const already = state.tools.includes(tool.name);
    const file = writeToolFile(projectDir, tool);
    if (!already) writeProjectFile(projectDir, { tools: [...state.tools, tool.name] });
    const granted = changeGrants(projectDir, tool.namespace, tool.serverParams);
    const grants = projectGrants(projectDir);
    const shared = tool.serverParams.flatMap((key) =>
      alsoGrantedTo(grants, tool.namespace, key).map((other) => `${key} is also granted to ${other}`),
    );
    const missing = missingServerParams(tool.serverParams);
    const written = [relative(projectDir, configPath(projectDir)), relative(projectDir, file)];
    if (this.json) {
      const added = {
        ...tool,
        active: true,
        alreadyActive: already,
        missingServerParams: missing,
        granted,
        files: written,
      };
      stdout.write(`${JSON.stringify(added, null, 2)}\n`);
      return EXIT.ok;
    }
    stdout.write(describeActivation(tool, already, missing, granted, shared, written));
    return EXIT.ok;
  }
}

function describeActivation(
  tool: CatalogTool,
  already: boolean,
  missing: readonly string[],
  granted: readonly string[],
  shared: readonly string[],
  written: readonly string[],
): string {
  const lines = [
    `${already ? 'Already active' : 'Activated'}: ${tool.name} (${tool.namespace}/tool/${tool.tool})`,
    `  ${tool.description}`,
    '',
  ];
  if (tool.parameters.length === 0) lines.push('Parameters: none');
  else {
    lines.push('Parameters:');
    const width = Math.max(...tool.parameters.map((p) => p.name.length)) + 2;
    const typeWidth = Math.max(...tool.parameters.map((p) => p.type.length)) + 2;
    for (const p of tool.parameters) {
      const notes = [
        p.values
          ? `one of ${p.values.slice(0, 12).join(' | ')}` +
            `${p.values.length > 12 ? ` | … (${p.values.length} values)` : ''}`
          : '',
        p.default !== undefined ? `default ${JSON.stringify(p.default)}` : '',
        p.description ?? '',
      ]
        .filter(Boolean)
        .join('; ');
      lines.push(
        (
          `  ${p.name.padEnd(width)}${p.type.padEnd(typeWidth)}` +
          `${(p.required ? 'required' : 'optional').padEnd(10)}${notes}`
        ).trimEnd(),
      );
    }
  }
  if (tool.serverParams.length > 0) {
    lines.push(
      '',
      `Server params: ` +
        `${tool.serverParams.join(', ')}` +
        `${
          missing.length > 0
            ? ` (not set: ${missing.join(', ')}; add ${missing.map((k) => `${k}=…`).join(' ')} to ` +
              `~/.toolkit/.env or export ${missing.length === 1 ? 'it' : 'them'})`
            : ' (set)'
        }`,
    );
    if (granted.length > 0)
      lines.push(
        `Granted ${granted.join(', ')} to ${tool.namespace}: only this schema's tools are given ` +
          `${granted.length === 1 ? 'its value' : 'their values'} (\`toolkit grant --revoke ${tool.namespace} ` +
          `${granted.join(' ')}\` takes ${granted.length === 1 ? 'it' : 'them'} back)`,
      );
    for (const line of shared) lines.push(`Note: ${line}: each of these schemas can send it to its own API`);
  }
  lines.push('', `Call it: toolkit call ${tool.name} '${exampleArguments(tool)}'`, `Wrote ${written.join(' and ')}`);
  return `${lines.join('\n')}\n`;
}
