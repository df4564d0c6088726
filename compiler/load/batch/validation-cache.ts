/**
 * The content-hash cache of schema results (`toolkit validate` and `toolkit build` share it): one
 * line per schema in `<dir>/validation.jsonl`, keyed by the SHA-256 of the front end's version, the
 * path as given, the schema's text and the load options, and holding the questions the load asked
 * the disk with their answers' digests (`recorded-file-system.ts`), the diagnostics and the model.
 * Nothing about a file's size or time is trusted: a schema edited within the same second to the
 * same size has another text, so another key.
 *
 * Trust, as for the code cache: a model carries the handler code the sandbox runs, so only a cache
 * this user made is read. The directory (made mode 0700) and the file must belong to the user and be
 * writable by no one else; each line carries the SHA-256 of its entry, and a line whose entry does not
 * match, does not parse or names another key is ignored (that schema is loaded again). Failing to
 * read or write the cache only loses the saving.
 */
import { createHash } from 'node:crypto';
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
import { dirname, join } from 'node:path';
import type { SchemaModel } from '../../../runtime/model.ts';
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import type { RecordedCall } from './recorded-file-system.ts';

const CACHE_FILE = 'validation.jsonl';
/** Lines kept at most (the newest first): enough for several catalogs, bounded for any. */
const MAX_ENTRIES = 20_000;

/** What one schema's load gave, with what it depended on. */
export interface CachedLoad {
  readonly calls: readonly RecordedCall[];
  readonly diagnostics: Diagnostic[];
  readonly model?: SchemaModel;
}

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

/** True for a file or directory this user owns and that no one else may write. */
const ownedAndPrivate = (stats: Stats): boolean => stats.uid === process.getuid!() && (stats.mode & 0o022) === 0;

/** A cache line: `<key> <slot> <sha256 of entry> <entry JSON>`. */
interface Line {
  readonly key: string;
  readonly slot: string;
  readonly text: string;
}

function parseLine(text: string): Line | undefined {
  const match = /^([0-9a-f]{64}) ([0-9a-f]{64}) [0-9a-f]{64} /.exec(text);
  return match ? { key: match[1]!, slot: match[2]!, text } : undefined;
}

/** One run's view of the cache: lines read once, entries parsed when asked for, written back once. */
export class ValidationCache {
  readonly #dir: string | undefined;
  /** Lines by key, as read. */
  readonly #read = new Map<string, Line>();
  /** Lines of this run (used or new), by slot: one per schema path and options. */
  readonly #kept = new Map<string, Line>();
  #changed = false;

  private constructor(dir: string | undefined) {
    this.#dir = dir;
  }

  /** A cache kept in `dir`, or none (`undefined`: every lookup misses and nothing is written). */
  static open(dir: string | undefined): ValidationCache {
    // Ownership cannot be checked where there are no user ids (Windows): no cache there.
    if (dir === undefined || typeof process.getuid !== 'function') return new ValidationCache(undefined);
    const cache = new ValidationCache(dir);
    for (const line of readOwnFile(dir, CACHE_FILE)?.split('\n') ?? []) {
      const parsed = parseLine(line);
      if (parsed) cache.#read.set(parsed.key, parsed);
    }
    return cache;
  }

  /** True when the cache holds no line (none yet, or no cache): every schema of the run is loaded. */
  get empty(): boolean {
    return this.#read.size === 0;
  }

  /** The entry stored under `key`, if its line is intact. */
  get(key: string): CachedLoad | undefined {
    const line = this.#read.get(key);
    if (!line) return undefined;
    const sum = line.text.slice(130, 194);
    const json = line.text.slice(195);
    if (sha(json) !== sum) return undefined;
    try {
      const entry = JSON.parse(json) as CachedLoad;
      if (!Array.isArray(entry.calls) || !Array.isArray(entry.diagnostics)) return undefined;
      return entry;
    } catch {
      return undefined;
    }
  }

  /** Keeps the line of `key` (it was used this run) as the one of its slot. */
  keep(key: string): void {
    const line = this.#read.get(key);
    if (line && this.#kept.get(line.slot)?.key !== key) this.#kept.set(line.slot, line);
  }

  /** Stores a fresh entry; `slot` names the schema and options, so it replaces that schema's older entry. */
  set(key: string, slot: string, entry: CachedLoad): void {
    if (this.#dir === undefined) return;
    const json = JSON.stringify(entry);
    this.#kept.set(slot, { key, slot, text: `${key} ${slot} ${sha(json)} ${json}` });
    this.#changed = true;
  }

  /** Writes the cache when this run added to it: this run's lines first, then the other slots' lines as read. */
  save(): void {
    if (this.#dir === undefined || !this.#changed) return;
    const lines = [...this.#kept.values()];
    const slots = new Set(this.#kept.keys());
    for (const line of this.#read.values()) {
      if (lines.length >= MAX_ENTRIES) break;
      if (!slots.has(line.slot)) {
        slots.add(line.slot);
        lines.push(line);
      }
    }
    try {
      writeOwnFile(this.#dir, CACHE_FILE, `${lines.map((line) => line.text).join('\n')}\n`);
    } catch {
      // a cache that cannot be written only loses the saving
    }
  }
}

/** The file's text when it and its directory belong to this user and no one else may write them. */
function readOwnFile(dir: string, name: string): string | undefined {
  let fd: number;
  try {
    if (!ownedAndPrivate(statSync(dir))) return undefined;
    fd = openSync(join(dir, name), 'r');
  } catch {
    return undefined;
  }
  try {
    if (!ownedAndPrivate(fstatSync(fd)) || !fstatSync(fd).isFile()) return undefined;
    return readFileSync(fd, 'utf8');
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** Writes through a temporary file renamed into place, in a directory made private to this user. */
function writeOwnFile(dir: string, name: string, text: string): void {
  makeDirectories(dir);
  if (!ownedAndPrivate(statSync(dir))) return;
  const file = join(dir, name);
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, text, { mode: 0o600 });
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

/** `mkdir -p` one level at a time, the new levels private (Node 20's recursive mkdir can hang below `/proc`). */
function makeDirectories(dir: string): void {
  const missing: string[] = [];
  for (let at = dir; !existsSync(at) && dirname(at) !== at; at = dirname(at)) missing.unshift(at);
  for (const level of missing) {
    try {
      mkdirSync(level, { mode: 0o700 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
