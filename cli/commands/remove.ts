/** `toolkit remove <tool>`: deactivates an active tool (the spec's state table: active → inactive). */
import { Command, Option } from 'clipanion';
import { ToolkitCommand } from '../command-base.ts';
import { UsageMistake } from '../errors.ts';
import { EXIT } from '../exit-codes.ts';
import { jsonOption, projectDirOf, projectOption } from '../options.ts';
import { findIndex, locateCatalog } from '../project/catalog.ts';
import { readProjectFile, writeProjectFile } from '../project/config-file.ts';
import { removeToolFile } from '../project/tool-files.ts';
import { counted } from '../../runtime/counted.ts';

export class RemoveCommand extends ToolkitCommand {
  static override paths = [['remove']];
  static override valueNames = { '--project': 'DIR' };
  static override usage = Command.Usage({
    category: 'Use tools',
    description: 'deactivate an active tool',
    details:
      'Removes the tool from `.toolkit/config.json` and deletes `.toolkit/tools/<tool_name>.json`. With no active ' +
      'tool left, `toolkit server` serves the whole catalog again.',
    examples: [['Deactivate a tool', 'toolkit remove current_weather_weatherly']],
  });

  tool = Option.String({ name: 'tool' });
  json = jsonOption('the tools still active');
  project = projectOption();

  async run(): Promise<number> {
    const projectDir = projectDirOf(this.project);
    const state = readProjectFile(projectDir);
    let name = this.tool;
    if (!state.tools.includes(name)) {
      // Also by MCP name or ID, when a build's index can say which CLI name that is.
      const index = findIndex(projectDir, locateCatalog(projectDir));
      const match = index?.catalog.tools.find(
        (t) => t.wireName === name || `${t.namespace}/tool/${t.tool}` === name || `${t.namespace}/${t.tool}` === name,
      );
      if (!match || !state.tools.includes(match.name)) {
        const active = state.tools.length > 0 ? `active: ${state.tools.join(', ')}` : 'no tool is active';
        throw new UsageMistake(
          `${JSON.stringify(this.tool)} is not an active tool (${active}; \`toolkit list\` shows them)`,
        );
      }
      name = match.name;
    }
    const tools = state.tools.filter((t) => t !== name);
    writeProjectFile(projectDir, { tools });
    removeToolFile(projectDir, name);
    if (this.json) this.context.stdout.write(`${JSON.stringify({ removed: name, active: tools }, null, 2)}\n`);
    else
      this.context.stdout.write(
        `Deactivated ${name}. ` +
          `${
            tools.length === 0
              ? 'No tool is active: servers serve the ' + 'whole catalog.'
              : `${counted(tools.length, 'tool')} still active.`
          }\n`,
      );
    return EXIT.ok;
  }
}
