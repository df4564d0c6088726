/**
 * The validator's history: every assessment stored in SQLite (a file, or memory when no path is
 * set), each under an unguessable id (its permalink, `/r/<id>`), listed per URL newest first, and
 * kept within a retention bound (at most `maxRows` assessments, none older than `maxAgeDays`). What
 * is stored is the answer the caller already got (redacted by the layers), nothing more, deflated.
 */
import { randomBytes } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Assessment, Grade } from '../pipeline/assessment.ts';
import { kindsOf, type EndpointKind } from '../report/profile.ts';
import { openHistoryDatabase, type HistoryDatabase } from './history-database.ts';

export interface HistorySettings {
  /** SQLite file, or `:memory:`. */
  readonly path: string;
  /** At most this many assessments are kept (the oldest leave first). */
  readonly maxRows: number;
  /** Assessments older than this many days leave. */
  readonly maxAgeDays: number;
}

/** One line of a URL's history. */
export interface HistoryItem {
  readonly id: string;
  readonly url: string;
  readonly startedAt: string;
  readonly storedAt: string;
  readonly grade: Grade;
  readonly counts: { readonly errors: number; readonly warnings: number; readonly infos: number };
  readonly kind: EndpointKind;
}

export interface StoredAssessment extends HistoryItem {
  readonly assessment: Assessment;
}

export interface HistoryStore {
  save(assessment: Assessment): HistoryItem;
  get(id: string): StoredAssessment | null;
  /** The URL's assessments, newest first. */
  list(url: string, limit: number): HistoryItem[];
  /** The newest assessment of the URL, without its result. */
  latest(url: string): HistoryItem | null;
  /** Number of stored assessments. */
  count(): number;
  close(): void;
}

/** The database cannot be opened or written (a path in a missing folder, a file that is no database). */
export class HistoryStoreError extends Error {
  override readonly name = 'HistoryStoreError';
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS assessments (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    url TEXT NOT NULL,
    started_at TEXT NOT NULL,
    stored_at INTEGER NOT NULL,
    grade TEXT NOT NULL,
    errors INTEGER NOT NULL,
    warnings INTEGER NOT NULL,
    infos INTEGER NOT NULL,
    kind TEXT NOT NULL,
    result BLOB NOT NULL
  );
  CREATE INDEX IF NOT EXISTS assessments_by_url ON assessments (url, seq);
  CREATE INDEX IF NOT EXISTS assessments_by_age ON assessments (stored_at);
`;

const ITEM_COLUMNS = 'id, url, started_at, stored_at, grade, errors, warnings, infos, kind';

/** An id for a permalink: 16 characters of base64url (96 random bits). */
export const newAssessmentId = (): string => randomBytes(12).toString('base64url');

/** True when `text` has the shape of an assessment id. */
export const isAssessmentId = (text: string): boolean => /^[A-Za-z0-9_-]{16}$/.test(text);

const DAY_MS = 86_400_000;

/** Opens the store (creating the file and its table); `now` is injected for retention tests. */
export function openHistoryStore(settings: HistorySettings, now: () => number = Date.now): HistoryStore {
  let db: HistoryDatabase;
  try {
    db = openHistoryDatabase(settings.path);
    if (settings.path !== ':memory:') db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
    db.exec(SCHEMA);
  } catch (error) {
    throw new HistoryStoreError(`cannot open the history database ${settings.path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const insert = db.prepare(`INSERT INTO assessments (id, url, started_at, stored_at, grade, errors, warnings, infos, kind, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const pruneRows = db.prepare('DELETE FROM assessments WHERE seq <= (SELECT max(seq) FROM assessments) - ?');
  const pruneAge = db.prepare('DELETE FROM assessments WHERE stored_at < ?');
  const byId = db.prepare(`SELECT ${ITEM_COLUMNS}, result FROM assessments WHERE id = ?`);
  const byUrl = db.prepare(`SELECT ${ITEM_COLUMNS} FROM assessments WHERE url = ? ORDER BY seq DESC LIMIT ?`);
  const countAll = db.prepare('SELECT count(*) AS n FROM assessments');

  const item = (row: Record<string, unknown>): HistoryItem => ({
    id: String(row['id']),
    url: String(row['url']),
    startedAt: String(row['started_at']),
    storedAt: new Date(Number(row['stored_at'])).toISOString(),
    grade: row['grade'] as Grade,
    counts: { errors: Number(row['errors']), warnings: Number(row['warnings']), infos: Number(row['infos']) },
    kind: row['kind'] as EndpointKind,
  });

  return {
    save(assessment) {
      const id = newAssessmentId();
      const stored = now();
      const kind = kindsOf(assessment)[0]!;
      const { errors, warnings, infos } = assessment.counts;
      try {
        insert.run(id, assessment.url, assessment.startedAt, stored, assessment.grade, errors, warnings, infos, kind, deflateRawSync(JSON.stringify(assessment)));
        pruneRows.run(settings.maxRows);
        pruneAge.run(stored - settings.maxAgeDays * DAY_MS);
      } catch (error) {
        throw new HistoryStoreError(`cannot store the assessment in ${settings.path}: ${error instanceof Error ? error.message : String(error)}`);
      }
      return item({ id, url: assessment.url, started_at: assessment.startedAt, stored_at: stored, grade: assessment.grade, errors, warnings, infos, kind });
    },
    get(id) {
      if (!isAssessmentId(id)) return null;
      const row = byId.get(id);
      return row ? { ...item(row), assessment: { id, ...(JSON.parse(inflateRawSync(row['result'] as Uint8Array).toString('utf8')) as Assessment) } } : null;
    },
    list(url, limit) {
      return byUrl.all(url, limit).map(item);
    },
    latest(url) {
      const row = byUrl.get(url, 1);
      return row ? item(row) : null;
    },
    count() {
      return Number(countAll.get()?.['n'] ?? 0);
    },
    close() {
      db.close();
    },
  };
}
