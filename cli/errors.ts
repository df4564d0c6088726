/**
 * Errors a command throws for the user to read: printed as one line (`toolkit <command>: message`),
 * never with a stack trace. Anything else thrown by a command is a bug and is printed with its stack.
 */
import { EXIT } from './exit-codes.ts';

/** The command was called wrongly (unknown name, bad argument, missing file): exit 2. */
export class UsageMistake extends Error {
  override readonly name = 'UsageMistake';
  readonly exitCode = EXIT.usage;
}

/** What the command was given or asked for failed (invalid input, a failed call): exit 1. */
export class CommandFailure extends Error {
  override readonly name = 'CommandFailure';
  readonly exitCode = EXIT.failed;
}

/** An error that carries its own exit code and a message meant for the user. */
export type UserError = UsageMistake | CommandFailure;

export const isUserError = (error: unknown): error is UserError =>
  error instanceof UsageMistake || error instanceof CommandFailure;
