/** A document that cannot be imported at all (unreadable, not OpenAPI, no usable server): one line for the user. */
export class ImportError extends Error {
  override readonly name = 'ImportError';
  /** 2 when the command was called wrongly (a missing `--root`), 1 when the document is at fault. */
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
  }
}
