/**
 * The per-call budget: its light signal ends the call when the client cancels, when the runtime shuts
 * down (one shared listener for every running call) or at the deadline, and a finished call's budget
 * is left alone by a later shutdown.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startBudget } from '../../runtime/call-budget.ts';

const test = suite('call budget');

test("the call's own signal ends it: listeners run once, and the deadline is not what ended it", () => {
  const client = new AbortController();
  const budget = startBudget(10_000, undefined, client.signal);
  let heard = 0;
  budget.signal.addEventListener('abort', () => heard++, { once: true });
  assert.is(budget.signal.aborted, false);
  client.abort();
  assert.is(budget.signal.aborted, true);
  assert.is(heard, 1);
  assert.is((budget.signal.reason as Error).name, 'AbortError');
  assert.is(budget.timedOut(), false);
  budget.dispose();
});

test('shutdown ends every running call at once; a call that already finished is not touched', () => {
  const closing = new AbortController();
  const running = [startBudget(10_000, closing.signal), startBudget(10_000, closing.signal)];
  const finished = startBudget(10_000, closing.signal);
  let finishedHeard = false;
  finished.signal.addEventListener('abort', () => (finishedHeard = true));
  finished.dispose();
  const removed = () => assert.unreachable('a removed listener is not called');
  running[0]!.signal.addEventListener('abort', removed);
  running[0]!.signal.removeEventListener('abort', removed);
  closing.abort();
  assert.equal(
    running.map((b) => b.signal.aborted),
    [true, true],
  );
  assert.is(finished.signal.aborted, false);
  assert.is(finishedHeard, false);
  // A call started after shutdown is over before it begins.
  assert.is(startBudget(10_000, closing.signal).signal.aborted, true);
  for (const budget of running) budget.dispose();
});

test('the deadline ends the call and says so', async () => {
  const budget = startBudget(20);
  await new Promise((resolve) => budget.signal.addEventListener('abort', () => resolve(undefined)));
  assert.is(budget.timedOut(), true);
  assert.is(budget.remaining(), 1);
  budget.dispose();
});

test.run();
