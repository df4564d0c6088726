/**
 * The Node.js lines toolkit supports: from which release of each, until when Node itself supports
 * it (its end of life, from Node's release schedule), and which SQLite the query process runs on it
 * (`runtime/resources/sqlite-engine.ts`). CI runs the tests on the newest release of each line
 * (`.ci/run`). `engines` in package.json says the same.
 */
import { sqliteEngineFor } from '../runtime/resources/sqlite-engine.ts';

export interface NodeLine {
  readonly major: number;
  /** The first release of the line toolkit runs on. */
  readonly from: readonly [number, number, number];
  /** The day Node's own support ends (ISO date). */
  readonly endOfLife: string;
}

export const NODE_LINES: readonly NodeLine[] = [
  { major: 20, from: [20, 19, 0], endOfLife: '2026-04-30' },
  { major: 22, from: [22, 12, 0], endOfLife: '2027-04-30' },
  { major: 24, from: [24, 16, 0], endOfLife: '2028-04-30' },
];

export interface NodeSupport {
  /**
   * `supported`; `end-of-life` (runs, but Node no longer fixes it); `newer` (a line after the tested ones);
   * `unsupported`.
   */
  readonly status: 'supported' | 'end-of-life' | 'newer' | 'unsupported';
  readonly message: string;
  /** What to install, when the status is not `supported`. */
  readonly fix?: string;
}

const RECOMMENDED = 'install Node 24 (24.16 or later; 22.12 or later works too)';
const LINES = NODE_LINES.map((line) => line.major).join(', ');

/** How well `version` (e.g. `22.23.3`) is supported on `today`. */
export function nodeSupport(version: string, today: Date = new Date()): NodeSupport {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  const line = NODE_LINES.find((candidate) => candidate.major === major);
  const newest = NODE_LINES[NODE_LINES.length - 1]!;
  const sqlite = `SQLite: ${sqliteEngineFor(version)}`;
  if (line === undefined) {
    if (major > newest.major && major % 2 === 0)
      return {
        status: 'newer',
        message: `Node ${version}: newer than the lines toolkit is tested on (${LINES}); ${sqlite}`,
        fix: `if something fails, ${RECOMMENDED}`,
      };
    return {
      status: 'unsupported',
      message: `Node ${version} is not supported: toolkit runs on Node ${LINES} (even-numbered lines)`,
      fix: RECOMMENDED,
    };
  }
  const [fromMajor, fromMinor, fromPatch] = line.from;
  const atLeast = minor !== fromMinor ? minor > fromMinor : patch >= fromPatch;
  if (major === fromMajor && !atLeast)
    return {
      status: 'unsupported',
      message: `Node ${version} is too old: toolkit needs Node ${line.from.join('.')} or later on the ${major} line`,
      fix: RECOMMENDED,
    };
  if (today.toISOString().slice(0, 10) >= line.endOfLife) {
    return {
      status: 'end-of-life',
      message:
        `Node ${version}: Node ${major} reached its end of life on ${line.endOfLife} and gets no more ` +
        `security fixes (still tested); ${sqlite}`,
      fix: RECOMMENDED,
    };
  }
  return {
    status: 'supported',
    message:
      `Node ${version}: supported and tested; Node maintains the ${major} line until ` + `${line.endOfLife}; ${sqlite}`,
  };
}
