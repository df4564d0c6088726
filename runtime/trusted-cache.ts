/**
 * Files read back from a cache are trusted only when this user wrote them: the directory and the
 * file belong to the user and no one else may write them (so another account on the machine cannot
 * plant code for us to run), and a sealed file's first line names what it is for and the SHA-256
 * of the rest (so a torn or edited file is never used). Anything else is a miss: the cache costs
 * its saving, never its trust. Where ownership cannot be checked (no `process.getuid`, as on
 * Windows) nothing is trusted. Used by the V8 code cache (`code-cache.ts`), the guest-library cache
 * and the build's analysis cache.
 */
import {
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import { lazyBuiltin } from './lazy-builtin.ts';
import { dirname } from 'node:path';

/** Loaded on first use: a start that needs it for nothing does not load node:crypto. */
const crypto = lazyBuiltin<typeof import('node:crypto')>('node:crypto');

/** True where file ownership can be checked (then a cache may be used at all). */
export const canTrustCaches = (): boolean => typeof process.getuid === 'function';

/** True for a file or directory this user owns and that no one else may write. */
export const ownedAndPrivate = (stats: Stats): boolean =>
  canTrustCaches() && stats.uid === process.getuid!() && (stats.mode & 0o022) === 0;

/**
 * The bytes of `file` in `dir` when both are this user's own and private (and the file is a regular
 * file); otherwise undefined. The file is checked through the descriptor it is read from, so a
 * swap between the check and the read changes nothing.
 */
export function readTrustedFile(dir: string, file: string): Buffer | undefined {
  let fd: number;
  try {
    if (!ownedAndPrivate(statSync(dir))) return undefined;
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || !ownedAndPrivate(stats)) return undefined;
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * `mkdir -p`, one level at a time. Node 20's recursive `mkdirSync` never returns for a path below a
 * directory where `mkdir` answers ENOENT (as below `/proc`, e.g. `HOME=/proc/nonexistent`): the
 * server's event loop would spin there for good, deaf to SIGTERM. One level at a time, that is an
 * error like any other (and costs only the saving).
 */
export function makeDirectories(dir: string, mode: number): void {
  const missing: string[] = [];
  for (let at = dir; !existsSync(at) && dirname(at) !== at; at = dirname(at)) missing.unshift(at);
  for (const level of missing) {
    try {
      mkdirSync(level, { mode });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error; // made meanwhile by another start
    }
  }
}

/**
 * Writes `bytes` to `file` in `dir` (made mode 0700 when missing, and refused unless it is this
 * user's own and private), mode 0600, through a temporary file renamed into place: a reader sees
 * the old file or the whole new one.
 */
export function writeTrustedFile(dir: string, file: string, bytes: Uint8Array): void {
  makeDirectories(dir, 0o700);
  if (!ownedAndPrivate(statSync(dir))) throw new Error(`${dir} is not a directory only this user can write`);
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, bytes, { mode: 0o600 });
    renameSync(temp, file);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // nothing was written
    }
    throw error;
  }
}

const sha256Hex = (bytes: Uint8Array): string => crypto().createHash('sha256').update(bytes).digest('hex');

/** `payload` with a first line naming what it is (`label`, one line) and the SHA-256 of `payload`. */
export function seal(label: string, payload: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from(`${label} sha256:${sha256Hex(payload)}\n`, 'latin1'), payload]);
}

/** The payload of sealed `bytes` when its first line is `label` with the payload's own hash; otherwise undefined. */
export function unseal(bytes: Buffer, label: string): Buffer | undefined {
  const end = bytes.indexOf(10);
  if (end <= 0) return undefined;
  const payload = bytes.subarray(end + 1);
  return bytes.toString('latin1', 0, end) === `${label} sha256:${sha256Hex(payload)}` ? payload : undefined;
}
