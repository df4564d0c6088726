/** `toolkit mode [agent|dev]`: shows or switches the project's mode (dev commands are hidden in agent mode). */
import { Command, Option } from 'clipanion';
import { ToolkitCommand } from '../command-base.ts';
import { UsageMistake } from '../errors.ts';
import { EXIT } from '../exit-codes.ts';
import { jsonOption, projectDirOf, projectOption } from '../options.ts';
import { MODES, readProjectFile, writeProjectFile, type Mode } from '../project/config-file.ts';
import { DEV_COMMANDS, resolveMode } from '../project/mode.ts';

const devList = (): string =>
  [...DEV_COMMANDS].map((c) => (c === 'test' ? 'test single' : c === 'import' ? 'import openapi' : c)).join(', ');

export class ModeCommand extends ToolkitCommand {
  static override paths = [['mode']];
  static override valueNames = { '--project': 'DIR' };
  static override usage = Command.Usage({
    category: 'Project',
    description: 'show the mode, or switch it: `mode dev` shows the dev commands, `mode agent` hides them',
    details: `
      The mode is kept per project in \`.toolkit/config.json\`; \`agent\` is the default. Dev commands
      (${devList()}) are hidden and refused in agent mode. \`TOOLKIT_MODE=dev\` (or \`agent\`) overrides
      the project's mode for one run without writing anything, e.g. in CI.
    `,
    examples: [
      ['Show the mode', 'toolkit mode'],
      ['Switch to dev mode', 'toolkit mode dev'],
      ['Back to agent mode', 'toolkit mode agent'],
    ],
  });

  target = Option.String({ name: 'agent|dev', required: false });
  json = jsonOption('the mode');
  project = projectOption();

  async run(): Promise<number> {
    const { stdout, stderr } = this.context;
    const projectDir = projectDirOf(this.project);
    if (this.target === undefined) {
      const state = resolveMode(projectDir);
      if (this.json) stdout.write(`${JSON.stringify({ mode: state.mode, source: state.source }, null, 2)}\n`);
      else {
        const from =
          state.source === 'TOOLKIT_MODE' ? ' (from TOOLKIT_MODE)' : state.source === 'default' ? ' (the default)' : '';
        stdout.write(`${state.mode}${from}\n`);
      }
      return EXIT.ok;
    }
    if (!MODES.includes(this.target as Mode))
      throw new UsageMistake(`unknown mode ${JSON.stringify(this.target)}: choose agent or dev`);
    const mode = this.target as Mode;
    const before = readProjectFile(projectDir).mode ?? 'agent';
    writeProjectFile(projectDir, { mode });
    if (this.json) stdout.write(`${JSON.stringify({ mode, previous: before }, null, 2)}\n`);
    else if (mode === 'dev')
      stdout.write(`Mode: dev${before === 'dev' ? ' (unchanged)' : ''}. Dev commands are available: ${devList()}.\n`);
    else
      stdout.write(`Mode: agent${before === 'agent' ? ' (unchanged)' : ''}. Dev commands (${devList()}) are hidden.\n`);
    const env = process.env.TOOLKIT_MODE;
    if (env && env !== mode)
      stderr.write(`toolkit mode: note: TOOLKIT_MODE=${env} is set and overrides this in the current environment\n`);
    return EXIT.ok;
  }
}
