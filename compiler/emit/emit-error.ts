/**
 * A model the emitter cannot turn into code. The front end should have rejected such a model, so
 * this error is for the toolkit's developers; its message names the schema file and the place.
 */
export class EmitError extends Error {
  override readonly name = 'EmitError';
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
  }
}
