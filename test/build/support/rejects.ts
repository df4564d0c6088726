import * as assert from 'uvu/assert';

/** Asserts that `run` rejects (uvu/assert has no `rejects`); returns the error for further checks. */
export async function rejects(run: () => Promise<unknown>, message?: string): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  assert.unreachable(message ?? 'expected a rejection');
  return undefined;
}
