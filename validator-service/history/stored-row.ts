/**
 * The row shapes both history stores share: an assessment's listed columns (as a `HistoryItem`), its
 * deflated result, and drift events as JSON text.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Assessment, Grade } from '../pipeline/assessment.ts';
import { kindsOf, type EndpointKind } from '../report/profile.ts';
import type { DriftEvent } from '../watch/drift-event.ts';
import type { HistoryItem } from './history-store.ts';

export const ITEM_COLUMNS = 'id, url, started_at, stored_at, grade, errors, warnings, infos, kind';

/** A row with `ITEM_COLUMNS` as a listed item (numbers may come as strings, e.g. PostgreSQL's bigint). */
export const itemOf = (row: Record<string, unknown>): HistoryItem => ({
  id: String(row['id']),
  url: String(row['url']),
  startedAt: String(row['started_at']),
  storedAt: new Date(Number(row['stored_at'])).toISOString(),
  grade: row['grade'] as Grade,
  counts: { errors: Number(row['errors']), warnings: Number(row['warnings']), infos: Number(row['infos']) },
  kind: row['kind'] as EndpointKind,
});

/** The values of one new row, in `ITEM_COLUMNS` order followed by the deflated result. */
export function rowValues(id: string, assessment: Assessment, storedAt: number): unknown[] {
  const { errors, warnings, infos } = assessment.counts;
  const kind = kindsOf(assessment)[0]!;
  const result = deflateRawSync(JSON.stringify(assessment));
  return [id, assessment.url, assessment.startedAt, storedAt, assessment.grade, errors, warnings, infos, kind, result];
}

/** The stored result of a row, under its id. */
export const resultOf = (id: string, result: Uint8Array): Assessment => ({
  id,
  ...(JSON.parse(inflateRawSync(result).toString('utf8')) as Assessment),
});

/** A drift event read back from its JSON text. */
export const driftOf = (text: unknown): DriftEvent => JSON.parse(String(text)) as DriftEvent;
