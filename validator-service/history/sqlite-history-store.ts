/**
 * The history in SQLite, in this process (a file, or memory when no path is set), on the SQLite of
 * the Node line (`history-database.ts`). Statements are prepared once; WAL lets readers run beside
 * the writer.
 */
import { openHistoryDatabase, type HistoryDatabase } from './history-database.ts';
import {
  DAY_MS,
  HistoryStoreError,
  isAssessmentId,
  newAssessmentId,
  reason,
  type HistorySettings,
  type HistoryStore,
} from './history-store.ts';
import { driftOf, itemOf, ITEM_COLUMNS, resultOf, rowValues } from './stored-row.ts';

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
  CREATE TABLE IF NOT EXISTS drift_events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    url TEXT NOT NULL,
    at INTEGER NOT NULL,
    event TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS drift_by_url ON drift_events (url, seq);
  CREATE INDEX IF NOT EXISTS drift_by_age ON drift_events (at);
  CREATE TABLE IF NOT EXISTS watched_urls (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    url TEXT NOT NULL UNIQUE
  );
`;

/** Opens the SQLite store (creating the file and its tables). */
export function openSqliteHistoryStore(settings: HistorySettings, now: () => number): HistoryStore {
  const where = settings.path;
  let db: HistoryDatabase;
  try {
    db = openHistoryDatabase(where);
    if (where !== ':memory:') {
      db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
    }
    db.exec(SCHEMA);
  } catch (error) {
    throw new HistoryStoreError(`cannot open the history database ${where}: ${reason(error)}`);
  }
  const insert = db.prepare(`INSERT INTO assessments (${ITEM_COLUMNS}, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const pruneRows = db.prepare('DELETE FROM assessments WHERE seq <= (SELECT max(seq) FROM assessments) - ?');
  const pruneAge = db.prepare('DELETE FROM assessments WHERE stored_at < ?');
  const byId = db.prepare(`SELECT ${ITEM_COLUMNS}, result FROM assessments WHERE id = ?`);
  const byUrl = db.prepare(`SELECT ${ITEM_COLUMNS} FROM assessments WHERE url = ? ORDER BY seq DESC LIMIT ?`);
  const countAll = db.prepare('SELECT count(*) AS n FROM assessments');
  const insertDrift = db.prepare('INSERT INTO drift_events (id, url, at, event) VALUES (?, ?, ?, ?)');
  const pruneDriftRows = db.prepare('DELETE FROM drift_events WHERE seq <= (SELECT max(seq) FROM drift_events) - ?');
  const pruneDriftAge = db.prepare('DELETE FROM drift_events WHERE at < ?');
  const driftById = db.prepare('SELECT event FROM drift_events WHERE id = ?');
  const updateDrift = db.prepare('UPDATE drift_events SET event = ? WHERE id = ?');
  const driftByUrl = db.prepare('SELECT event FROM drift_events WHERE url = ? ORDER BY seq DESC LIMIT ?');
  const driftAll = db.prepare('SELECT event FROM drift_events ORDER BY seq DESC LIMIT ?');
  const addWatched = db.prepare('INSERT INTO watched_urls (url) VALUES (?) ON CONFLICT (url) DO NOTHING');
  const removeWatched = db.prepare('DELETE FROM watched_urls WHERE url = ?');
  const isWatched = db.prepare('SELECT 1 AS yes FROM watched_urls WHERE url = ?');
  const allWatched = db.prepare('SELECT url FROM watched_urls ORDER BY seq');

  /** A row and its pruning as one commit: both or neither, and one write to the log instead of three. */
  const inTransaction = (fn: () => void) => {
    db.exec('BEGIN IMMEDIATE');
    try {
      fn();
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  };

  /** Runs a write; a failure names the database. */
  const write = <T>(what: string, fn: () => T): T => {
    try {
      return fn();
    } catch (error) {
      throw new HistoryStoreError(`cannot ${what} in ${where}: ${reason(error)}`);
    }
  };

  return {
    backend: 'sqlite',
    async save(assessment) {
      const id = newAssessmentId();
      const stored = now();
      const values = rowValues(id, assessment, stored);
      write('store the assessment', () =>
        inTransaction(() => {
          insert.run(...values);
          pruneRows.run(settings.maxRows);
          pruneAge.run(stored - settings.maxAgeDays * DAY_MS);
        }),
      );
      return itemOf(Object.fromEntries(ITEM_COLUMNS.split(', ').map((name, i) => [name, values[i]])));
    },
    async get(id) {
      if (!isAssessmentId(id)) return null;
      const row = byId.get(id);
      return row ? { ...itemOf(row), assessment: resultOf(id, row['result'] as Uint8Array) } : null;
    },
    async list(url, limit) {
      return byUrl.all(url, limit).map(itemOf);
    },
    async latest(url) {
      const row = byUrl.get(url, 1);
      return row ? itemOf(row) : null;
    },
    async count() {
      return Number(countAll.get()?.['n'] ?? 0);
    },
    async recordDrift(event) {
      const at = Date.parse(event.at);
      write('store the drift event', () =>
        inTransaction(() => {
          insertDrift.run(event.id, event.url, at, JSON.stringify(event));
          pruneDriftRows.run(settings.maxRows);
          pruneDriftAge.run(now() - settings.maxAgeDays * DAY_MS);
        }),
      );
    },
    async setDelivery(id, delivery) {
      const row = driftById.get(id);
      if (!row) return;
      const event = JSON.stringify({ ...driftOf(row['event']), delivery });
      write('store the webhook delivery', () => updateDrift.run(event, id));
    },
    async drift(url, limit) {
      return (url === null ? driftAll.all(limit) : driftByUrl.all(url, limit)).map((row) => driftOf(row['event']));
    },
    async watch(url) {
      if (isWatched.get(url)) return false;
      write('store the watched URL', () => addWatched.run(url));
      return true;
    },
    async unwatch(url) {
      if (!isWatched.get(url)) return false;
      write('remove the watched URL', () => removeWatched.run(url));
      return true;
    },
    async watched() {
      return allWatched.all().map((row) => String(row['url']));
    },
    async close() {
      db.close();
    },
  };
}
