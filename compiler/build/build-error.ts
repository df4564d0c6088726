/**
 * A build that cannot go ahead because of something the user can fix. The CLI prints the message
 * as one line; `usage` marks a mistake in how the build was asked for (a missing directory, an
 * unknown group, flags that exclude each other: exit 2), the rest are failures (a generated file
 * edited by hand: exit 1).
 */
export class BuildError extends Error {
  override readonly name = 'BuildError';
  constructor(
    message: string,
    readonly kind: 'usage' | 'failed' = 'failed',
  ) {
    super(message);
  }
}
