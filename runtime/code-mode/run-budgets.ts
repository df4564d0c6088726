/**
 * What one program may use: tool calls, wall time, heap, the size of its answer and the lines it
 * logs. Each budget, when exceeded, ends the run with an error that names it and its value.
 */
import type { Budget } from './program-protocol.ts';

export interface RunBudgets {
  /** Tool calls one run may make. */
  readonly calls: number;
  /** Wall time of one run (waiting for a sandbox and for tools included), ms. */
  readonly timeMs: number;
  /** Heap of the run's sandbox, bytes. */
  readonly memoryBytes: number;
  /** Characters of the program's answer as JSON. */
  readonly outputChars: number;
  /** Lines `console.log` (and its siblings) may write. */
  readonly logLines: number;
}

export const DEFAULT_RUN_BUDGETS: RunBudgets = {
  calls: 50,
  timeMs: 15_000,
  memoryBytes: 64 * 1024 * 1024,
  outputChars: 64 * 1024,
  logLines: 100,
};

/** Characters one logged line keeps, and one tool call's input may have. */
export const LOG_LINE_CHARS = 1000;
export const INPUT_CHARS = 256 * 1024;

const mb = (bytes: number): string => `${Math.round(bytes / (1024 * 1024))} MB`;

/** The error a client reads when `budget` ended a run; `detail` is what the guest measured (`output:<chars>`). */
export function budgetMessage(budget: Budget, budgets: RunBudgets, detail?: string): string {
  switch (budget) {
    case 'calls':
      return (
        `the program made more than ${budgets.calls} tool calls (budget "calls": ${budgets.calls} per run); ask ` +
        `for several items per call, or split the work`
      );
    case 'time':
      return (
        `the program ran out of time (budget "time": ${budgets.timeMs / 1000} s per run, tool calls included) ` +
        `and was stopped`
      );
    case 'memory':
      return `the program ran out of memory (budget "memory": ${mb(budgets.memoryBytes)} per run) and was stopped`;
    case 'output': {
      const size = detail?.split(':')[1];
      return (
        `the program's answer is ` +
        `${size ? `${Number(size).toLocaleString('en-US')} characters of JSON` : 'too long'}, over its budget ` +
        `(budget "output": ${budgets.outputChars.toLocaleString('en-US')} characters); return only what is needed`
      );
    }
    case 'logLines':
      return (
        `the program wrote more than ${budgets.logLines} console lines (budget "logLines": ` +
        `${budgets.logLines} per run)`
      );
  }
}

/** The budgets in one line, as the run tool's description states them. */
export const budgetsLine = (budgets: RunBudgets): string =>
  `${budgets.calls} tool calls, ${budgets.timeMs / 1000} s, ${mb(budgets.memoryBytes)} of memory, an answer of ` +
  `${Math.round(budgets.outputChars / 1024)} KB of JSON and ${budgets.logLines} console lines per run`;
