import { Command } from 'clipanion';

/** `toolkit validator`: not built yet. */
export class ValidatorCommand extends Command {
  static override paths = [['validator']];
  static override usage = Command.Usage({ description: 'not built yet' });
  async execute(): Promise<number> {
    this.context.stderr.write('toolkit validator: not implemented yet\n');
    return 1;
  }
}
