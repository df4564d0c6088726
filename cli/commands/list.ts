/** `toolkit list`: the project's active tools, with their descriptions and parameters. */
import { Command } from 'clipanion';
import { ToolkitCommand } from '../command-base.ts';
import { EXIT } from '../exit-codes.ts';
import { jsonOption, projectDirOf, projectOption } from '../options.ts';
import { readProjectFile } from '../project/config-file.ts';
import { readToolFile } from '../project/tool-files.ts';
import { counted } from '../../runtime/counted.ts';

export class ListCommand extends ToolkitCommand {
  static override paths = [['list']];
  static override valueNames = { '--project': 'DIR' };
  static override usage = Command.Usage({
    category: 'Use tools',
    description: 'show the active tools of this project',
    details: "Reads `.toolkit/config.json` and each tool's file in `.toolkit/tools/`.",
    examples: [
      ['List active tools', 'toolkit list'],
      ['As JSON', 'toolkit list --json'],
    ],
  });

  json = jsonOption('the active tools');
  project = projectOption();

  async run(): Promise<number> {
    const projectDir = projectDirOf(this.project);
    const { tools } = readProjectFile(projectDir);
    const entries = tools.map((name) => ({ name, file: readToolFile(projectDir, name) }));
    const { stdout } = this.context;
    if (this.json) {
      const listed = entries.map(({ name, file }) => ({
        name,
        description: file?.description ?? null,
        parameters: file?.parameters ?? null,
      }));
      stdout.write(`${JSON.stringify({ tools: listed }, null, 2)}\n`);
      return EXIT.ok;
    }
    if (entries.length === 0) {
      stdout.write('No active tools. `toolkit search <words>` finds tools, `toolkit add <tool>` activates one.\n');
      return EXIT.ok;
    }
    const width = Math.max(...entries.map((e) => e.name.length)) + 2;
    for (const { name, file } of entries) {
      const params = file
        ? Object.entries(file.parameters)
            .map(([key, p]) => `${key}${p.required ? '' : '?'}: ${p.type}`)
            .join(', ')
        : '';
      stdout.write(
        `${name.padEnd(width)}` +
          `${
            file
              ? file.description.replace(/\s+/g, ' ').trim()
              : '(no tool file: run ' + '`toolkit add ' + name + '` again)'
          }\n`,
      );
      if (params) stdout.write(`${' '.repeat(width)}(${params})\n`);
    }
    stdout.write(`${counted(entries.length, 'active tool')}.\n`);
    return EXIT.ok;
  }
}
