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
    const denied = fileSystemRefusal(error);
    if (denied !== undefined) {
      stderr.write(`${this.label}: ${denied}\n`);
      return EXIT.failed;
    }
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    stderr.write(`${this.label}: internal error (please report it): ${text}\n`);
    return EXIT.failed;
  }
}

const FILE_SYSTEM_REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  ENOTDIR: 'a part of the path is a file',
  EISDIR: 'it is a directory',
  ENOENT: 'no such file or directory',
  EMFILE: 'too many open files',
};

/**
 * A file the machine would not let the command read or write (a read-only project, a full disk, a
 * path under /proc): one line naming the path and the reason, never a stack. Undefined for anything else.
 */
function fileSystemRefusal(error: unknown): string | undefined {
  const { code, path, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  const reason = code === undefined ? undefined : FILE_SYSTEM_REASONS[code];
  if (reason === undefined || typeof path !== 'string') return undefined;
  const verb =
    syscall === 'open' || syscall === 'read'
      ? 'use'
      : syscall === 'mkdir'
        ? 'create the directory'
        : syscall === 'rename' || syscall === 'write'
          ? 'write'
          : (syscall ?? 'use');
  return `cannot ${verb} ${path}: ${reason} (${code})`;
}
