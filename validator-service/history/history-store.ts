/**
 * The validator's history: every assessment stored under an unguessable id (its permalink,
 * `/r/<id>`), listed per URL newest first, kept within a retention bound (at most `maxRows`
 * assessments, none older than `maxAgeDays`); beside them the watched URLs and the drift events the
 * watcher records (`watch/`). What is stored is the answer the caller already got (redacted by the
 * layers), nothing more, deflated.
 *
 * Two implementations of one interface: SQLite in this process (`sqlite-history-store.ts`: a file,
 * or memory) and PostgreSQL (`postgres-history-store.ts`), which several service instances share.
 */
import { randomBytes } from 'node:crypto';
import type { Assessment, Grade } from '../pipeline/assessment.ts';
import type { EndpointKind } from '../report/profile.ts';
import type { DriftEvent, WebhookDelivery } from '../watch/drift-event.ts';

export interface HistorySettings {
  /** SQLite file, or `:memory:` (used when `url` is not set). */
  readonly path: string;
  /** A `postgres://` (or `postgresql://`) connection URL: the history lives in that database. */
  readonly url?: string | null;
  /** At most this many assessments are kept (the oldest leave first); drift events likewise. */
  readonly maxRows: number;
  /** Assessments and drift events older than this many days leave. */
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
  /** `sqlite` or `postgres`, for logs. */
  readonly backend: 'sqlite' | 'postgres';
  save(assessment: Assessment): Promise<HistoryItem>;
  get(id: string): Promise<StoredAssessment | null>;
  /** The URL's assessments, newest first. */
  list(url: string, limit: number): Promise<HistoryItem[]>;
  /** The newest assessment of the URL, without its result. */
  latest(url: string): Promise<HistoryItem | null>;
  /** Number of stored assessments. */
  count(): Promise<number>;
  /** Records a drift event (retention as for assessments). */
  recordDrift(event: DriftEvent): Promise<void>;
  /** Sets how an event's webhook delivery went. */
  setDelivery(id: string, delivery: WebhookDelivery): Promise<void>;
  /** Drift events, newest first, of one URL or of all (`url` null). */
  drift(url: string | null, limit: number): Promise<DriftEvent[]>;
  /** Adds a URL to the watched ones; false when it was already watched. */
  watch(url: string): Promise<boolean>;
  /** Removes a watched URL; false when it was not watched. */
  unwatch(url: string): Promise<boolean>;
  /** The watched URLs, in the order they were added. */
  watched(): Promise<string[]>;
  close(): Promise<void>;
}

/** The database cannot be opened or written (a path in a missing folder, a server that refuses). */
export class HistoryStoreError extends Error {
  override readonly name = 'HistoryStoreError';
}

/** An id for a permalink: 16 characters of base64url (96 random bits). */
export const newAssessmentId = (): string => randomBytes(12).toString('base64url');

/** True when `text` has the shape of an assessment (or drift event) id. */
export const isAssessmentId = (text: string): boolean => /^[A-Za-z0-9_-]{16}$/.test(text);

export const DAY_MS = 86_400_000;

/** The message of an error a store wraps, without a stack. */
export const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Opens the store `settings` name (creating its tables): PostgreSQL when `url` is set, else SQLite.
 * `now` is injected for retention tests. The PostgreSQL client is loaded only when it is used.
 */
export async function openHistoryStore(settings: HistorySettings, now: () => number = Date.now): Promise<HistoryStore> {
  if (settings.url) {
    const { openPostgresHistoryStore } = await import('./postgres-history-store.ts');
    return openPostgresHistoryStore({ ...settings, url: settings.url }, now);
  }
  const { openSqliteHistoryStore } = await import('./sqlite-history-store.ts');
  return openSqliteHistoryStore(settings, now);
}
