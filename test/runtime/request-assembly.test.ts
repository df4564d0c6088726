/**
 * A tool call becomes exactly the upstream request the schema describes: method, insert values
 * URL-encoded in the path, query in declared order with repeated keys, typed JSON body, hidden
 * fixed and server values, templated headers; the same input gives the same request.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestCa, type TestCa } from '../support/tls.ts';
import { arr, bool, num, obj, oneOf, param, schema, str, tool } from './support/models.ts';
import { assertNoCanary, CANARY, spawnStdio, textOf, type Spawned } from './support/spawn-server.ts';
import { startUpstream, type Upstream } from './support/upstream.ts';

const test = suite('request assembly');
let ca: TestCa;
let upstream: Upstream;
let served: Spawned;

const echoed = async (name: string, args: Record<string, unknown>) => {
  const before = upstream.seen.length;
  const result = await served.client.callTool({ name, arguments: args });
  const text = textOf(result);
  assert.not.ok(result.isError, text);
  assert.is(upstream.seen.length, before + 1, 'exactly one upstream request');
  return upstream.seen[upstream.seen.length - 1]!;
};

test.before(async () => {
  ca = createTestCa();
  upstream = await startUpstream(ca);
  const root = upstream.origin;
  const models = [
    schema(
      'demo',
      [
        tool(
          'getItem',
          'GET',
          [`${root}/items/`, { insert: 'id' }, '/detail'],
          [param('id', 'insert', str), param('limit', 'query', num, { optional: true, default: 10, min: 1, max: 100 })],
        ),
        tool(
          'search',
          'GET',
          [`${root}/search?fixed=1`],
          [
            param('tag', 'query', str),
            param('format', 'query', str, {}, ['json']),
            param('tag', 'query', str, {}, ['always']),
            param('like', 'query', str, { optional: true }, ['%', { user: true }, '%']),
            param('apiKey', 'query', str, {}, [{ server: 'DEMO_KEY' }]),
            param('verbose', 'query', bool, { optional: true, default: false }),
            param('ids', 'query', arr, { optional: true }),
            param('sort', 'query', oneOf('asc', 'desc'), { optional: true, default: 'desc' }),
          ],
        ),
        tool(
          'createItem',
          'POST',
          [`${root}/items`],
          [
            param('name', 'body', str, { min: 2 }),
            param('count', 'body', num),
            param('active', 'body', bool),
            param('tags', 'body', arr),
            param('meta', 'body', obj),
            param('source', 'body', str, {}, ['toolkit']),
            param('version', 'body', num, {}, ['3']),
            param('note', 'body', str, { optional: true }),
          ],
        ),
        tool(
          'replaceItem',
          'PUT',
          [`${root}/items/`, { insert: 'id' }],
          [param('id', 'insert', num), param('name', 'body', str)],
        ),
        tool('deleteItem', 'DELETE', [`${root}/items/`, { insert: 'id' }], [param('id', 'insert', str)]),
        tool(
          'keyedPath',
          'GET',
          [`${root}/v2/`, { server: 'DEMO_KEY' }, '/', { insert: 'owner' }, '/', { insert: 'repo' }],
          [param('repo', 'insert', str), param('owner', 'insert', str)],
        ),
      ],
      {
        requiredServerParams: ['DEMO_KEY'],
        headers: { authorization: ['Bearer ', { server: 'DEMO_KEY' }], 'x-client': ['toolkit-test'] },
      },
    ),
  ];
  served = await spawnStdio({ schemas: models, caFile: ca.caFile, env: { DEMO_KEY: CANARY } });
});

test.after(async () => {
  await served?.close();
  await upstream?.close();
  assertNoCanary();
});

test('GET: the insert value is URL-encoded into the path and the typed default is sent', async () => {
  const seen = await echoed('get_item_demo', { id: 'a b/c?d' });
  assert.is(seen.method, 'GET');
  assert.is(seen.url, '/items/a%20b%2Fc%3Fd/detail?limit=10');
  assert.is(seen.headers['x-client'], 'toolkit-test');
  assert.is(seen.headers.authorization, `Bearer ${CANARY}`, 'headers are templated from server params');
});

test('query: declared order, repeated keys kept, fixed and server values hidden but sent', async () => {
  const seen = await echoed('search_demo', { tag: 'x&y', like: 'bit', ids: ['a', 'b'], verbose: true });
  assert.is(
    seen.url,
    `/search?fixed=1&tag=x%26y&format=json&tag=always&like=%25bit%25&apiKey=${encodeURIComponent(CANARY)}&` +
      `verbose=true&ids=a%2Cb&sort=desc`,
  );
});

test('query: left-out optional values are not sent', async () => {
  const seen = await echoed('search_demo', { tag: 't' });
  assert.is(
    seen.url,
    `/search?fixed=1&tag=t&format=json&tag=always&apiKey=${encodeURIComponent(CANARY)}&verbose=false&sort=desc`,
  );
});

test('POST: body values keep their JSON types; fixed body values are typed by their primitive', async () => {
  const seen = await echoed('create_item_demo', {
    name: 'pen',
    count: 3,
    active: false,
    tags: ['a', 1],
    meta: { deep: { x: 1 } },
  });
  assert.is(seen.method, 'POST');
  assert.is(seen.headers['content-type'], 'application/json');
  assert.equal(JSON.parse(seen.body), {
    name: 'pen',
    count: 3,
    active: false,
    tags: ['a', 1],
    meta: { deep: { x: 1 } },
    source: 'toolkit',
    version: 3,
  });
});

test('PUT and DELETE reach the upstream with their method', async () => {
  const put = await echoed('replace_item_demo', { id: 7, name: 'new' });
  assert.is(put.method, 'PUT');
  assert.is(put.url, '/items/7');
  assert.equal(JSON.parse(put.body), { name: 'new' });
  const del = await echoed('delete_item_demo', { id: 'x1' });
  assert.is(del.method, 'DELETE');
  assert.is(del.url, '/items/x1');
  assert.is(del.body, '');
});

test('two inserts are filled by key, not by position; a server value in the path is sent', async () => {
  const seen = await echoed('keyed_path_demo', { repo: 'toolkit', owner: 'acme' });
  assert.is(seen.url, `/v2/${encodeURIComponent(CANARY)}/acme/toolkit`);
});

test('the same input always gives the same upstream request', async () => {
  const args = { tag: 'z', ids: ['1', '2'], like: 'q' };
  const a = await echoed('search_demo', args);
  const b = await echoed('search_demo', { like: 'q', ids: ['1', '2'], tag: 'z' });
  assert.is(a.url, b.url);
  assert.equal(a.headers.authorization, b.headers.authorization);
});

test('a client cannot smuggle a server value: unknown keys are rejected, and nothing is sent', async () => {
  const before = upstream.seen.length;
  const result = await served.client.callTool({ name: 'search_demo', arguments: { tag: 'x', apiKey: 'mine' } });
  assert.ok(result.isError);
  assert.match(textOf(result), /apiKey/);
  assert.is(upstream.seen.length, before);
});

test('no result or log line contains the secret', async () => {
  const result = await served.client.callTool({ name: 'search_demo', arguments: { tag: 'x' } });
  // The echo upstream returns the URL with the key in it: the runtime must redact it.
  assert.not.ok(textOf(result).includes(CANARY));
  assert.match(textOf(result), /\[redacted\]/);
  assertNoCanary();
});

test.run();
