/**
 * An http resource's download (`runtime/resources/http-resource-cache.ts`) against a real HTTPS
 * upstream on loopback (test CA), through the runtime's own upstream client: a fresh copy is used
 * without asking again; past `cacheTtl` it is fetched again; a failed refresh keeps serving the old
 * copy (and says so); a failure with no copy is an error naming the URL and the cause; something
 * that is not a SQLite database is refused and never written.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResourceModel, SchemaModel } from '../../runtime/model.ts';
import { databasePath } from '../../runtime/resources/database-location.ts';
import { HttpResourceCache } from '../../runtime/resources/http-resource-cache.ts';
import { createUpstreamHttpClient } from '../../runtime/upstream/upstream-http.ts';
import { PUBLISHED_SQL, sqliteBytes, startSurfaceUpstream, TITLES_SQL } from '../support/surface-catalog.ts';

const home = mkdtempSync(join(tmpdir(), 'http-cache-'));
let upstream: Awaited<ReturnType<typeof startSurfaceUpstream>>;
let http: ReturnType<typeof createUpstreamHttpClient>;
const schema = { file: 'providers/mirror/published.mjs', namespace: 'mirror' } as SchemaModel;
let resource: ResourceModel;
let clock = 1_000_000;
const logged: string[] = [];
let cache: HttpResourceCache;

test.before(async () => {
  upstream = await startSurfaceUpstream();
  http = createUpstreamHttpClient({ ca: upstream.ca.ca });
  resource = {
    name: 'published',
    description: '',
    source: 'http',
    origin: 'global',
    database: 'abc.db',
    queries: [],
    remote: { url: `${upstream.root}/published.db`, cacheTtl: 60 },
  };
  cache = new HttpResourceCache({
    http,
    places: { home },
    timeoutMs: 5000,
    log: (line) => logged.push(line),
    now: () => clock,
  });
});

test.after(async () => {
  http.close();
  await upstream.close();
  rmSync(home, { recursive: true, force: true });
});

const downloads = () => upstream.requests.filter((r) => r === '/published.db').length;
const path = () => databasePath(schema, resource, { home });

test('the database is downloaded into ~/.toolkit/cache/resources once, then used while fresh', async () => {
  clock = Date.now();
  await cache.ensure(schema, resource);
  assert.is(path(), join(home, '.toolkit', 'cache', 'resources', schema.namespace, 'abc.db'));
  assert.equal(readFileSync(path()), upstream.state.publishedDb);
  await cache.ensure(schema, resource);
  clock += 59_000;
  await cache.ensure(schema, resource);
  assert.is(downloads(), 1);
});

test('past cacheTtl the database is fetched again and replaced', async () => {
  upstream.state.publishedDb = sqliteBytes(TITLES_SQL);
  clock = Date.now() + 61_000;
  await cache.ensure(schema, resource);
  assert.is(downloads(), 2);
  assert.equal(readFileSync(path()), upstream.state.publishedDb);
});

test('a failed refresh keeps the old copy and says so', async () => {
  upstream.state.failPublished = true;
  clock = Date.now() + 10 * 61_000;
  await cache.ensure(schema, resource);
  assert.is(downloads(), 3);
  assert.ok(existsSync(path()));
  assert.match(
    logged.at(-1) ?? '',
    new RegExp(
      'resource mirror\\/published: refreshing https:\\/\\/127\\.0\\.0\\.1:\\d+\\/published\\.db failed \\(the ' +
        'server answered 503 Service Unavailable\\); serving the copy downloaded \\d+ s ago',
    ),
  );
  upstream.state.failPublished = false;
});

test('with no copy, a failure is an error naming the URL and the cause', async () => {
  const fresh = { ...resource, database: 'never.db' };
  upstream.state.failPublished = true;
  const error = await cache.ensure(schema, fresh).then(
    () => undefined,
    (e: Error) => e,
  );
  upstream.state.failPublished = false;
  assert.match(
    error?.message ?? '',
    new RegExp(
      '^resource mirror\\/published cannot be loaded: downloading https:\\/\\/127\\.0\\.0\\.1:\\d+\\/published\\.db ' +
        'failed: the server answered 503',
    ),
  );
});

test('something that is not a SQLite database is refused and not written', async () => {
  const other = {
    ...resource,
    database: 'not-sqlite.db',
    remote: { url: `${upstream.root}/items/OL1M`, cacheTtl: 60 },
  };
  const error = await cache.ensure(schema, other).then(
    () => undefined,
    (e: Error) => e,
  );
  assert.match(error?.message ?? '', /the download is not a SQLite database/);
  assert.not.ok(existsSync(databasePath(schema, other, { home })));
  assert.ok(PUBLISHED_SQL.length > 0);
});

test.run();
