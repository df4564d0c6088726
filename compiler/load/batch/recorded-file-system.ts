/**
 * What a schema's findings depend on besides its own text: every question the loader asked the
 * disk (a shared list read, a prompt file, a folder listed, whether a database exists, where a link
 * leads) and a digest of each answer. A cached result is used only when asking the same questions
 * again gives the same answers; so an edited list, a new skill file or a deleted database makes the
 * schema's result stale without the cache knowing which rule looked at what. Every method of the
 * file system is recorded, so a method added to it later is covered without a change here.
 */
import { createHash } from 'node:crypto';
import type { FileSystem } from '../file-system.ts';

/** One question and its answer's digest: `[method, arguments, digest]`. */
export type RecordedCall = readonly [method: string, args: readonly unknown[], digest: string];

const sha = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** A digest of any answer a file system gives (text and bytes hashed, the rest as JSON). */
export function answerDigest(value: unknown): string {
  if (value === undefined) return 'u';
  if (typeof value === 'string') return `s${sha(value)}`;
  if (value instanceof Uint8Array) return `b${sha(value)}`;
  return `j${sha(JSON.stringify(value))}`;
}

/**
 * `fs` with every call recorded; `known` answers reads of files whose text the caller already holds (so the text hashed
 * is the text loaded).
 */
export function recordingFileSystem(
  fs: FileSystem,
  known: ReadonlyMap<string, string> = new Map(),
): { fs: FileSystem; calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const recorded: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(fs)) {
    if (typeof member !== 'function') continue;
    recorded[name] = (...args: unknown[]): unknown => {
      const text = name === 'readText' && typeof args[0] === 'string' ? known.get(args[0]) : undefined;
      const answer: unknown = text ?? (member as (...a: unknown[]) => unknown).apply(fs, args);
      calls.push([name, args, answerDigest(answer)]);
      return answer;
    };
  }
  return { fs: recorded as unknown as FileSystem, calls };
}

/**
 * Asks `fs` the recorded questions again; true when every answer has the recorded digest. `answers`
 * keeps the digests of one run, so a list file many schemas read is read and hashed once.
 */
export function sameAnswers(calls: readonly RecordedCall[], fs: FileSystem, answers: Map<string, string>): boolean {
  for (const [method, args, digest] of calls) {
    const question = JSON.stringify([method, args]);
    let answer = answers.get(question);
    if (answer === undefined) {
      const member = (fs as unknown as Record<string, unknown>)[method];
      if (typeof member !== 'function') return false;
      answer = answerDigest((member as (...a: unknown[]) => unknown).apply(fs, args as unknown[]));
      answers.set(question, answer);
    }
    if (answer !== digest) return false;
  }
  return true;
}
