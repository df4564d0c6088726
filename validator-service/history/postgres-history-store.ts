/**
 * The history in PostgreSQL, shared by every service instance that names the same database
 * (`VALIDATOR_HISTORY_URL`): a pool of `pg` connections, tables created on first start under an
 * advisory lock (instances starting together do not race), the same retention bound as SQLite.
 */
import pg from 'pg';
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

/** Any number: only one lock of this application is taken on a database. */
const SCHEMA_LOCK = 280_028;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS assessments (
    seq BIGSERIAL PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    url TEXT NOT NULL,
    started_at TEXT NOT NULL,
    stored_at BIGINT NOT NULL,
    grade TEXT NOT NULL,
    errors INTEGER NOT NULL,
    warnings INTEGER NOT NULL,
    infos INTEGER NOT NULL,
    kind TEXT NOT NULL,
    result BYTEA NOT NULL
  );
  CREATE INDEX IF NOT EXISTS assessments_by_url ON assessments (url, seq);
  CREATE INDEX IF NOT EXISTS assessments_by_age ON assessments (stored_at);
  CREATE TABLE IF NOT EXISTS drift_events (
    seq BIGSERIAL PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    url TEXT NOT NULL,
    at BIGINT NOT NULL,
    event TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS drift_by_url ON drift_events (url, seq);
  CREATE INDEX IF NOT EXISTS drift_by_age ON drift_events (at);
  CREATE TABLE IF NOT EXISTS watched_urls (
    seq BIGSERIAL PRIMARY KEY,
    url TEXT NOT NULL UNIQUE
  );
`;

/** The URL without its password, for messages. */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return 'the PostgreSQL URL';
  }
}

/** Opens the PostgreSQL store (creating its tables); the server must answer within 10 s. */
export async function openPostgresHistoryStore(
  settings: HistorySettings & { readonly url: string },
  now: () => number,
): Promise<HistoryStore> {
  const where = shown(settings.url);
  const pool = new pg.Pool({ connectionString: settings.url, max: 8, connectionTimeoutMillis: 10_000 });
  // An idle connection the server drops must not stop the service: the pool replaces it.
  pool.on('error', () => {});
  try {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
      await client.query(SCHEMA);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => {});
    throw new HistoryStoreError(`cannot open the history database ${where}: ${reason(error)}`);
  }

  const query = async (what: string, text: string, values: unknown[] = []) => {
    try {
      return (await pool.query(text, values)).rows as Record<string, unknown>[];
    } catch (error) {
      throw new HistoryStoreError(`cannot ${what} in ${where}: ${reason(error)}`);
    }
  };
  const listed = `SELECT ${ITEM_COLUMNS} FROM assessments WHERE url = $1 ORDER BY seq DESC LIMIT $2`;

  return {
    backend: 'postgres',
    async save(assessment) {
      const id = newAssessmentId();
      const stored = now();
      const values = rowValues(id, assessment, stored);
      await query(
        'store the assessment',
        `INSERT INTO assessments (${ITEM_COLUMNS}, result) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        values,
      );
      await query(
        'prune the history',
        'DELETE FROM assessments WHERE seq <= (SELECT max(seq) FROM assessments) - $1 OR stored_at < $2',
        [settings.maxRows, stored - settings.maxAgeDays * DAY_MS],
      );
      return itemOf(Object.fromEntries(ITEM_COLUMNS.split(', ').map((name, i) => [name, values[i]])));
    },
    async get(id) {
      if (!isAssessmentId(id)) return null;
      const text = `SELECT ${ITEM_COLUMNS}, result FROM assessments WHERE id = $1`;
      const [row] = await query('read the assessment', text, [id]);
      return row ? { ...itemOf(row), assessment: resultOf(id, row['result'] as Uint8Array) } : null;
    },
    async list(url, limit) {
      return (await query('list the history', listed, [url, limit])).map(itemOf);
    },
    async latest(url) {
      const [row] = await query('read the history', listed, [url, 1]);
      return row ? itemOf(row) : null;
    },
    async count() {
      const [row] = await query('count the history', 'SELECT count(*) AS n FROM assessments');
      return Number(row?.['n'] ?? 0);
    },
    async recordDrift(event) {
      await query('store the drift event', 'INSERT INTO drift_events (id, url, at, event) VALUES ($1, $2, $3, $4)', [
        event.id,
        event.url,
        Date.parse(event.at),
        JSON.stringify(event),
      ]);
      await query(
        'prune the drift events',
        'DELETE FROM drift_events WHERE seq <= (SELECT max(seq) FROM drift_events) - $1 OR at < $2',
        [settings.maxRows, now() - settings.maxAgeDays * DAY_MS],
      );
    },
    async setDelivery(id, delivery) {
      const [row] = await query('read the drift event', 'SELECT event FROM drift_events WHERE id = $1', [id]);
      if (!row) return;
      await query('store the webhook delivery', 'UPDATE drift_events SET event = $1 WHERE id = $2', [
        JSON.stringify({ ...driftOf(row['event']), delivery }),
        id,
      ]);
    },
    async drift(url, limit) {
      const rows =
        url === null
          ? await query('list the drift events', 'SELECT event FROM drift_events ORDER BY seq DESC LIMIT $1', [limit])
          : await query(
              'list the drift events',
              'SELECT event FROM drift_events WHERE url = $1 ORDER BY seq DESC LIMIT $2',
              [url, limit],
            );
      return rows.map((row) => driftOf(row['event']));
    },
    async watch(url) {
      const rows = await query(
        'store the watched URL',
        'INSERT INTO watched_urls (url) VALUES ($1) ON CONFLICT (url) DO NOTHING RETURNING url',
        [url],
      );
      return rows.length > 0;
    },
    async unwatch(url) {
      const text = 'DELETE FROM watched_urls WHERE url = $1 RETURNING url';
      return (await query('remove the watched URL', text, [url])).length > 0;
    },
    async watched() {
      const rows = await query('list the watched URLs', 'SELECT url FROM watched_urls ORDER BY seq');
      return rows.map((r) => String(r['url']));
    },
    async close() {
      await pool.end();
    },
  };
}
