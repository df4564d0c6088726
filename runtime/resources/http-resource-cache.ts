/**
 * Format 4's http resources: a SQLite database published at an https URL, downloaded through the
 * runtime's own upstream client (the path every tool call takes: its keep-alive pool, redirect rules,
 * decoding and 8 MiB body cap, with a deadline) into `~/.toolkit/cache/resources/<namespace>/<hash of the
 * URL>.db`, and then queried read-only like a local one. A copy younger than the resource's
 * `cacheTtl` is used as it is; an older one is fetched again, and kept when the fetch fails (the
 * failure is then only logged). One download at a time per file; the file is replaced whole.
 */
import { mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { startBudget } from '../call-budget.ts';
import type { ResourceModel, SchemaModel } from '../model.ts';
import { sendUpstream } from '../upstream/upstream-fetch.ts';
import type { UpstreamHttpClient } from '../upstream/upstream-http.ts';
import { databasePath, type DatabasePlaces } from './database-location.ts';
import { ResourceReadError } from './query-runner.ts';

/** Every SQLite database file starts with these 16 bytes. */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

export interface HttpResourceCacheOptions {
  readonly http: UpstreamHttpClient;
  readonly places: DatabasePlaces;
  /** Deadline of one download, ms. */
  readonly timeoutMs: number;
  /** Aborts downloads when the runtime closes. */
  readonly closing?: AbortSignal;
  /** Where a failed refresh of a copy still in use is reported. */
  readonly log?: (line: string) => void;
  readonly now?: () => number;
}

export class HttpResourceCache {
  readonly #downloads = new Map<string, Promise<void>>();

  constructor(private readonly options: HttpResourceCacheOptions) {}

  /**
   * Makes sure the resource's database is there and fresh enough; throws a `ResourceReadError` naming why it is not.
   */
  async ensure(schema: SchemaModel, resource: ResourceModel): Promise<void> {
    if (!resource.remote) return;
    const path = databasePath(schema, resource, this.options.places);
    const age = this.#ageOf(path);
    if (age !== undefined && age < resource.remote.cacheTtl * 1000) return;
    let download = this.#downloads.get(path);
    if (!download) {
      download = this.#download(resource.remote.url, path).finally(() => this.#downloads.delete(path));
      this.#downloads.set(path, download);
    }
    try {
      await download;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const label = `resource ${schema.namespace}/${resource.name}`;
      if (age === undefined)
        throw new ResourceReadError(`${label} cannot be loaded: downloading ${resource.remote.url} failed: ${reason}`);
      this.options.log?.(
        `toolkit server: ${label}: refreshing ${resource.remote.url} failed (${reason}); serving the copy downloaded ` +
          `${Math.round(age / 1000)} s ago`,
      );
    }
  }

  #ageOf(path: string): number | undefined {
    try {
      return (this.options.now ?? Date.now)() - statSync(path).mtimeMs;
    } catch {
      return undefined;
    }
  }

  async #download(url: string, path: string): Promise<void> {
    const budget = startBudget(this.options.timeoutMs, this.options.closing);
    try {
      const answer = await sendUpstream(
        {
          url,
          method: 'GET',
          headers: { accept: 'application/vnd.sqlite3, application/x-sqlite3;q=0.9, application/octet-stream;q=0.8' },
        },
        { client: this.options.http, budget },
      );
      if (answer.status !== 200)
        throw new Error(`the server answered ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''}`);
      const bytes = Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength);
      if (bytes.byteLength < SQLITE_HEADER.length || !bytes.subarray(0, SQLITE_HEADER.length).equals(SQLITE_HEADER))
        throw new Error('the download is not a SQLite database');
      mkdirSync(dirname(path), { recursive: true });
      const temp = `${path}.${process.pid}.download`;
      writeFileSync(temp, bytes, { mode: 0o600 });
      renameSync(temp, path);
    } finally {
      budget.dispose();
    }
  }
}
