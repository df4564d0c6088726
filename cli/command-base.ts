/**
 * The base of every `toolkit` command: `run()` returns an exit code, and errors meant for the user
 * (`UsageMistake`, `CommandFailure`, clipanion's own usage errors) become one line on stderr with
 * their exit code. Anything else is a bug: it is printed with its stack and exits 1.
 */
import { Command, UsageError } from 'clipanion';
import { isUserError } from './errors.ts';
import { EXIT } from './exit-codes.ts';

export abstract class ToolkitCommand extends Command {
  /**
   * The value name each option shows in `--help` (`--out DIR`); an option not listed shows its own
   * name (`--group <group>`).
   */
  static valueNames: Readonly<Record<string, string>> = {};

  /** The exit code of an error caught outside `run` (clipanion reports it only through this field). */
  failedWith: number | undefined;

  /** Does the work; returns the exit code. */
  abstract run(): Promise<number>;

  /** `toolkit <path>`, for messages. */
  get label(): string {
    const paths = (this.constructor as typeof Command).paths ?? [];
    return ['toolkit', ...(paths[0] ?? [])].join(' ');
  }

  async execute(): Promise<number> {
    try {
      return await this.run();
    } catch (error) {
      return this.report(error);
    }
  }

  override async catch(error: unknown): Promise<void> {
    this.failedWith = this.report(error);
  }

  /** Writes a one-line message for a user error (the stack for a bug) and returns the exit code. */
  report(error: unknown): number {
    const { stderr } = this.context;
    if (isUserError(error)) {
      stderr.write(`${this.label}: ${error.message}\n`);
      return error.exitCode;
    }
    if (error instanceof UsageError) {
      stderr.write(`${this.label}: ${error.message}\nRun \`${this.label} --help\` for its options.\n`);
      return EXIT.usage;
    }
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    stderr.write(`${this.label}: internal error (please report it): ${text}\n`);
    return EXIT.failed;
  }
}
