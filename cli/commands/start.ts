import { Command } from 'clipanion';

/** `toolkit start`: not built yet. */
export class StartCommand extends Command {
  static override paths = [['start']];
  static override usage = Command.Usage({ description: 'not built yet' });
  async execute(): Promise<number> {
    this.context.stderr.write('toolkit start: not implemented yet\n');
    return 1;
  }
}
