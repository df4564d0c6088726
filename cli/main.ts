/**
 * The `toolkit` command line: one clipanion command per file in `commands/`.
 * Commands write only to `this.context.stdout` / `stderr`, so tests run them in-process.
 */
import { Builtins, Cli, type BaseContext } from 'clipanion';
import { commands } from './commands/index.ts';

export function createCli(): Cli {
  const cli = new Cli({ binaryLabel: 'toolkit', binaryName: 'toolkit', binaryVersion: '0.1.0' });
  for (const command of commands) cli.register(command);
  cli.register(Builtins.HelpCommand);
  cli.register(Builtins.VersionCommand);
  return cli;
}

/** Runs the CLI and returns the exit code. `context` defaults to the process streams. */
export async function main(argv: string[], context?: Partial<BaseContext>): Promise<number> {
  return createCli().run(argv, { ...Cli.defaultContext, ...context });
}
