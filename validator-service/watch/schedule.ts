/**
 * The watcher's schedule: an interval written as `--every 1h` (`90s`, `15m`, `1h30m`, `1d`), and
 * the timer that fires it, injected so tests run a round when they choose instead of waiting.
 */

/** An interval that cannot be read; the message is shown to the user as is. */
export class ScheduleError extends Error {
  override readonly name = 'ScheduleError';
}

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** The shortest and longest intervals accepted (the longest fits one `setTimeout`). */
export const MIN_EVERY_MS = 1000;
export const MAX_EVERY_MS = 7 * 86_400_000;

/** Parses `1h`, `30m`, `1h30m`, `45s`, `2d` (units ms, s, m, h, d) into milliseconds. */
export function parseEvery(text: string): number {
  const value = text.trim().toLowerCase();
  // A run of digits is matched only from its start, so the pattern stays linear on any text.
  const parts = value.length > 40 ? [] : [...value.matchAll(/(?<!\d)(\d+)(ms|s|m|h|d)/g)];
  if (value === '' || parts.map((p) => p[0]).join('') !== value) {
    throw new ScheduleError(`"${text}" is not an interval: write it as 90s, 15m, 1h, 1h30m or 1d`);
  }
  const ms = parts.reduce((sum, p) => sum + Number(p[1]) * UNIT_MS[p[2]!]!, 0);
  if (ms < MIN_EVERY_MS || ms > MAX_EVERY_MS) {
    throw new ScheduleError(`"${text}" is outside the accepted range of 1s to 7d`);
  }
  return ms;
}

/** An interval for messages: `1h30m`, `45s`. */
export function formatEvery(ms: number): string {
  const out: string[] = [];
  let left = ms;
  for (const unit of ['d', 'h', 'm', 's'] as const) {
    const size = UNIT_MS[unit]!;
    if (left >= size) {
      out.push(`${Math.floor(left / size)}${unit}`);
      left %= size;
    }
  }
  if (left > 0 || out.length === 0) out.push(`${left}ms`);
  return out.join('');
}

/** Schedules one call; what `setTimeout` does, injected. */
export interface Timer {
  set(fire: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** The process's own timers. */
export const systemTimer: Timer = {
  set: (fire, ms) => setTimeout(fire, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
