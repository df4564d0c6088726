/**
 * A build that cannot go ahead because of something the user can fix (a missing directory, an
 * unknown group, a generated file edited by hand). The CLI prints the message as one line.
 */
export class BuildError extends Error {
  override readonly name = 'BuildError';
}
