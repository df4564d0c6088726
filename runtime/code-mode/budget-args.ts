/**
 * `--code-budget NAME=VALUE` (repeatable): a run's budgets set at serve time. Names and units:
 * `calls` (tool calls), `time` (seconds), `memory` (MB), `output` (characters of the answer's
 * JSON), `logLines` (console lines). A mistake is a one-line message naming the form expected.
 */
import type { RunBudgets } from './run-budgets.ts';

const UNITS: Readonly<Record<string, { key: keyof RunBudgets; scale: number; max: number }>> = {
  calls: { key: 'calls', scale: 1, max: 10_000 },
  time: { key: 'timeMs', scale: 1000, max: 3600 },
  memory: { key: 'memoryBytes', scale: 1024 * 1024, max: 1024 },
  output: { key: 'outputChars', scale: 1, max: 16 * 1024 * 1024 },
  logLines: { key: 'logLines', scale: 1, max: 100_000 },
};

/** The budgets these `NAME=VALUE` texts set, or the reason one is not understood. */
export function parseCodeBudgets(texts: readonly string[]): Partial<RunBudgets> | string {
  const budgets: Partial<Record<keyof RunBudgets, number>> = {};
  for (const text of texts) {
    const match = /^([A-Za-z]+)=(\d+(?:\.\d+)?)$/.exec(text.trim());
    const unit = match ? UNITS[match[1]!] : undefined;
    const value = Number(match?.[2]);
    if (!match || !unit || !(value > 0) || value > unit.max) {
      return (
        `--code-budget expects NAME=VALUE with NAME one of ${Object.keys(UNITS).join(', ')} (time in seconds, ` +
        `memory in MB) and a positive value, got "${text}"`
      );
    }
    budgets[unit.key] = Math.round(value * unit.scale);
  }
  return budgets;
}
