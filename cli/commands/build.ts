import { Command } from 'clipanion';

/** `toolkit build`: not built yet. */
export class BuildCommand extends Command {
  static override paths = [['build']];
  static override usage = Command.Usage({ description: 'not built yet' });
  async execute(): Promise<number> {
    this.context.stderr.write('toolkit build: not implemented yet\n');
    return 1;
  }
}
