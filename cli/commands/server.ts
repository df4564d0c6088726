import { Command } from 'clipanion';

/** `toolkit server`: not built yet. */
export class ServerCommand extends Command {
  static override paths = [['server']];
  static override usage = Command.Usage({ description: 'not built yet' });
  async execute(): Promise<number> {
    this.context.stderr.write('toolkit server: not implemented yet\n');
    return 1;
  }
}
