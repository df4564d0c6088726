/**
 * The `toolkit` command line: one clipanion command per file in `commands/`. Commands write only to
 * `this.context.stdout` / `stderr`, so tests run them in-process. This file owns what is the same for
 * every command: help and version, usage errors (one line, exit 2), and the mode gate (dev commands
 * are hidden and refused in agent mode).
 */
import { Cli, type BaseContext, type CommandClass } from 'clipanion';
import { resolve } from 'node:path';
import { ToolkitCommand } from './command-base.ts';
import { commandsNamed } from './commands/by-first-word.ts';
import { isUserError } from './errors.ts';
import { EXIT } from './exit-codes.ts';
import { commandHelp, generalHelp, usageOf, VERSION } from './help.ts';
import { findProjectDir } from './project/find-project.ts';
import { isDevCommand, resolveMode, type ModeState } from './project/mode.ts';
import { colorsEnabled } from './terminal.ts';

export function createCli(colored: boolean, registered: readonly CommandClass[]): Cli {
  const cli = new Cli({ binaryLabel: 'toolkit', binaryName: 'toolkit', binaryVersion: VERSION, enableColors: colored });
  for (const command of registered) cli.register(command);
  return cli;
}

/** Every command (help and usage errors list them) and a Cli that knows them all. */
async function everyCommand(colored: boolean): Promise<{ commands: CommandClass[]; cli: Cli }> {
  const { commands } = await import('./commands/index.ts');
  return { commands, cli: createCli(colored, commands) };
}

const HELP = new Set(['-h', '--help', 'help']);
const VERSION_FLAGS = new Set(['-v', '--version', 'version']);

/** Runs the CLI and returns the exit code. `context` defaults to the process streams. */
export async function main(
  argv: string[],
  context?: Partial<BaseContext>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const ctx: BaseContext = { ...Cli.defaultContext, ...context };
  const colored = colorsEnabled(ctx.stdout as { isTTY?: boolean }, env);
  const fail = (message: string, code: number = EXIT.usage): number => {
    ctx.stderr.write(`toolkit: ${message}\n`);
    return code;
  };

  if (argv.length === 0 || (argv.length === 1 && HELP.has(argv[0]!))) {
    let mode: ModeState;
    try {
      mode = resolveMode(findProjectDir(process.cwd()), env);
    } catch (error) {
      if (!isUserError(error)) throw error;
      mode = { mode: 'agent', source: 'default' };
      ctx.stderr.write(`toolkit: ${error.message}\n`);
    }
    const { commands, cli } = await everyCommand(colored);
    ctx.stdout.write(generalHelp(cli, commands, mode, colored));
    return EXIT.ok;
  }
  if (argv.length === 1 && VERSION_FLAGS.has(argv[0]!)) {
    ctx.stdout.write(`toolkit ${VERSION}\n`);
    return EXIT.ok;
  }
  if (argv[0] === 'help') return main([...argv.slice(1), '--help'], context, env);

  // Only the modules of the commands the first word names are loaded, and only they are parsed (clipanion
  // compiles a state machine over every registered command); help and usage errors load them all.
  const named = await commandsNamed(argv[0]);
  const registered = named.length > 0 ? named : (await everyCommand(colored)).commands;
  const parser = createCli(colored, registered);
  let command: InstanceType<CommandClass>;
  try {
    command = parser.process(argv, ctx);
  } catch (error) {
    const { commands, cli } = await everyCommand(colored);
    return fail(usageErrorText(error, argv, cli, commands, colored), EXIT.usage);
  }
  // `<command> --help` comes back as clipanion's own help command, which is none of ours.
  const ours = registered.some((commandClass) => command instanceof commandClass);
  const help = ours ? undefined : helpTarget(argv, (await everyCommand(colored)).commands);
  const asked = help === null ? undefined : help;
  if (help === null) {
    const { commands, cli } = await everyCommand(colored);
    ctx.stdout.write(generalHelp(cli, commands, { mode: 'agent', source: 'default' }, colored));
    return EXIT.ok;
  }
  const commandClass = asked ?? (command.constructor as CommandClass);
  const wantsHelp = asked !== undefined || command.help;
  const path = commandClass.paths?.[0] ?? [];

  let devOnlyNote: string | undefined;
  if (isDevCommand(path)) {
    const projectOption = (command as { project?: unknown }).project;
    const projectDir = typeof projectOption === 'string' ? resolve(projectOption) : findProjectDir(process.cwd());
    let mode: ModeState;
    try {
      mode = resolveMode(projectDir, env);
    } catch (error) {
      if (!isUserError(error)) throw error;
      return fail(error.message, error.exitCode);
    }
    if (mode.mode !== 'dev') {
      const hint =
        '`toolkit mode dev` switches this project to dev mode; TOOLKIT_MODE=dev allows it for one run without ' +
        'writing anything';
      if (!wantsHelp)
        return fail(
          `${['toolkit', ...path].join(' ')} is a dev command and this project is in agent mode: ${hint}`,
          EXIT.usage,
        );
      devOnlyNote = `Dev mode only (this project is in agent mode): ${hint}.`;
    }
  }
  if (wantsHelp) {
    const { commands, cli } = await everyCommand(colored);
    ctx.stdout.write(commandHelp(cli, commands, commandClass, colored, devOnlyNote));
    return EXIT.ok;
  }
  const code = await parser.run(command, ctx);
  return command instanceof ToolkitCommand && command.failedWith !== undefined ? command.failedWith : code;
}

/**
 * For clipanion's help command (what `toolkit <command> --help` parses to, a command none of ours):
 * the command whose path the leading words of `argv` spell, the longest such (`migrate fix` before
 * `migrate`); null when no command's path does.
 */
function helpTarget(argv: readonly string[], commands: readonly CommandClass[]): CommandClass | null {
  const end = argv.findIndex((arg) => arg.startsWith('-'));
  const words = end === -1 ? argv : argv.slice(0, end);
  let best: { commandClass: CommandClass; length: number } | null = null;
  for (const commandClass of commands) {
    for (const path of commandClass.paths ?? []) {
      const spelled = path.length <= words.length && path.every((word, i) => words[i] === word);
      if (spelled && path.length > 0 && (best === null || path.length > best.length))
        best = { commandClass, length: path.length };
    }
  }
  return best?.commandClass ?? null;
}

/**
 * Clipanion's parse errors in one or two lines: an unknown command with the closest names, or what
 * is wrong with the arguments of a known one with its usage line (value names instead of `#0`).
 */
function usageErrorText(
  error: unknown,
  argv: readonly string[],
  cli: Cli,
  commands: readonly CommandClass[],
  colored: boolean,
): string {
  const message = error instanceof Error ? error.message : String(error);
  const first = argv[0] ?? '';
  const known = commands.filter((c) => (c.paths?.[0] ?? [])[0] === first);
  const hint = 'Run `toolkit --help` for the commands, `toolkit <command> --help` for their options.';
  if (known.length === 0 && !first.startsWith('-')) {
    const names = [
      ...new Set(commands.map((c) => (c.paths?.[0] ?? [])[0]).filter((n): n is string => n !== undefined)),
    ];
    const close = names.filter(
      (name) => name.startsWith(first) || first.startsWith(name) || distance(name, first) <= 2,
    );
    return (
      `unknown command ` +
      `${JSON.stringify(first)}${close.length > 0 ? `; did you mean ${close.join(' or ')}?` : ''}\n${hint}`
    );
  }
  const line = message.split('\n')[0]!.replace(/ #\d+/g, ' <value>');
  const usage = known.length === 1 ? usageOf(cli, commands, known[0]!, colored) : undefined;
  return `${first ? `${first}: ` : ''}${line}${usage ? `\nUsage: ${usage}` : ''}\n${hint}`;
}

/** Edit distance of two short words (for "did you mean"). */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}
