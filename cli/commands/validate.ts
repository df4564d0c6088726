import { Command } from 'clipanion';

/** `toolkit validate`: not built yet. */
export class ValidateCommand extends Command {
  static override paths = [['validate']];
  static override usage = Command.Usage({ description: 'not built yet' });
  async execute(): Promise<number> {
    this.context.stderr.write('toolkit validate: not implemented yet\n');
    return 1;
  }
}
