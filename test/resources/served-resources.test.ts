/**
 * The resource provider in-process, on real SQLite files: cache hints by origin, URI reading
 * (percent-encoding, a plus sign, repeated or malformed parameters, fragments), a resource's own URI
 * answered without opening its database, defaults and booleans bound as SQLite takes them, and two
 * schema files with the same namespace and resource name kept apart.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ResourceModel, SchemaModel } from '../../runtime/model.ts';
import { QueryRunner, queryLimitsFrom } from '../../runtime/resources/query-runner.ts';
import { createServedResources, type ServedResourcesHandle } from '../../runtime/resources/served-resources.ts';
import { InvalidArgumentsError, ResourceNotFoundError } from '../../runtime/served-primitives.ts';
import { schema } from '../runtime/support/models.ts';
import { createWorkspace, type Workspace } from './support/workspace.ts';

const test = suite('served resources');
let workspace: Workspace;
let handle: ServedResourcesHandle;

const resource = (name: string, origin: ResourceModel['origin'], database: string): ResourceModel => ({
  name,
  description: `${name} rows`,
  source: 'sqlite',
  origin,
  database,
  queries: [
    {
      name: 'getSchema',
      description: 'Tables.',
      sql: "SELECT name FROM sqlite_master WHERE type = 'table'",
      parameters: [],
    },
    {
      name: 'find',
      description: 'Rows by text and flag.',
      sql: 'SELECT id, label FROM t WHERE label LIKE ? AND flag = ? ORDER BY id LIMIT ?',
      parameters: [
        { name: 'text', type: 'string', required: true },
        { name: 'flag', type: 'boolean', required: false, default: true },
        { name: 'limit', type: 'number', required: false, default: 10 },
      ],
    },
  ],
});

test.before(() => {
  workspace = createWorkspace('served');
  const sql =
    "CREATE TABLE t (id INTEGER PRIMARY KEY, label TEXT, flag INTEGER); INSERT INTO t (label, flag) VALUES ('a+b', " +
    "1), ('a b', 1), ('a%b', 0), ('z', 1);";
  workspace.database('schemas/one/data/one.db', sql);
  // A global database belongs to the namespace that declares it: demo's and twin's shared.db are two files.
  workspace.database('home/.toolkit/data/demo/shared.db', sql);
  workspace.database('home/.toolkit/data/twin/shared.db', sql);
  const schemas: SchemaModel[] = [
    schema('demo', [], {
      file: workspace.path('schemas', 'one', 'one.mjs'),
      resources: [resource('rows', 'inline', 'one.db'), resource('remote', 'global', 'shared.db')],
    }),
    schema('twin', [], {
      file: workspace.path('schemas', 'a', 'twin.mjs'),
      resources: [resource('rows', 'global', 'shared.db')],
    }),
    schema('twin', [], {
      file: workspace.path('schemas', 'b', 'twin.mjs'),
      resources: [resource('rows', 'global', 'missing.db')],
    }),
  ];
  handle = createServedResources(
    schemas,
    new QueryRunner({ home: workspace.home, projectDir: workspace.dir }, queryLimitsFrom({}, {})),
  );
});

test.after(() => {
  handle?.close();
  workspace?.remove();
});

const rows = async (uri: string): Promise<unknown> => JSON.parse(String((await handle.read(uri)).contents[0]!.text));

async function refusal(uri: string): Promise<Error> {
  try {
    await handle.read(uri);
  } catch (error) {
    return error as Error;
  }
  throw new Error(`${uri} was read`);
}

test('cache hints: inline databases a minute, public; databases that may be replaced are stale at once', async () => {
  const inline = await handle.read('toolkit://demo/rows/getSchema');
  assert.is(inline.ttlMs, 60_000);
  assert.is(inline.cacheScope, 'public');
  const global = await handle.read('toolkit://demo/remote/getSchema');
  assert.is(global.ttlMs, 0);
  assert.is(global.cacheScope, 'public');
});

test('parameters: percent-decoded, + is a plus sign, defaults and booleans bound as SQLite takes them', async () => {
  assert.equal(await rows('toolkit://demo/rows/find?text=a%2Bb'), [{ id: 1, label: 'a+b' }]);
  assert.equal(await rows('toolkit://demo/rows/find?text=a+b'), [{ id: 1, label: 'a+b' }]);
  assert.equal(await rows('toolkit://demo/rows/find?text=a%20b'), [{ id: 2, label: 'a b' }]);
  assert.equal(await rows('toolkit://demo/rows/find?text=a%25&flag=false'), [{ id: 3, label: 'a%b' }]);
  assert.equal(await rows('toolkit://demo/rows/find?text=%25&limit=2'), [
    { id: 1, label: 'a+b' },
    { id: 2, label: 'a b' },
  ]);
  assert.equal(await rows('toolkit://demo/rows/find?text=z#fragment'), [{ id: 4, label: 'z' }]);
});

test('bad URIs and arguments are refused with the right error', async () => {
  assert.instance(await refusal('toolkit://demo/rows/nothing'), ResourceNotFoundError);
  assert.instance(await refusal('toolkit://demo/rows?x=1'), ResourceNotFoundError);
  assert.instance(await refusal('other://demo/rows/find?text=a'), ResourceNotFoundError);
  assert.match((await refusal('toolkit://demo/rows/find?text=a&text=b')).message, /given twice/);
  assert.match((await refusal('toolkit://demo/rows/find?text=%E0%A4%A')).message, /malformed percent-encoding/);
  assert.match((await refusal('toolkit://demo/rows/find?text=a&flag=maybe')).message, /flag must be true or false/);
  assert.match((await refusal('toolkit://demo/rows/find?text=a&limit=')).message, /limit must be a number/);
  assert.match((await refusal(`toolkit://demo/rows/find?text=${'x'.repeat(10_001)}`)).message, /longer than 10000/);
  assert.instance(await refusal('toolkit://demo/rows/find'), InvalidArgumentsError);
  assert.match(
    (await refusal('toolkit://demo/rows/freeQuery?sql=SELECT%201&limit=0')).message,
    /limit must be a whole number from 1 to 1000/,
  );
});

test("a resource's own URI describes it without opening the database", async () => {
  const described = (await rows('toolkit://twin/rows~' + handle.catalog.resources[3]!.uri.split('~')[1])) as {
    database: string;
    queries: { name: string }[];
  };
  assert.is(described.database, 'missing.db');
  assert.equal(
    described.queries.map((q) => q.name),
    ['getSchema', 'find', 'freeQuery'],
  );
});

test('two files with the same namespace and resource name get distinct URIs; a missing file is named', async () => {
  const uris = handle.catalog.resources.map((r) => r.uri);
  assert.is(new Set(uris).size, uris.length);
  assert.ok(
    uris[2]!.startsWith('toolkit://twin/rows~') && uris[3]!.startsWith('toolkit://twin/rows~'),
    uris.join(', '),
  );
  assert.equal(await rows(`${uris[2]}/getSchema`), [{ name: 't' }]);
  assert.match(
    (await refusal(`${uris[3]}/getSchema`)).message,
    new RegExp(
      'resource twin\\/rows cannot be loaded: database missing\\.db \\(origin global\\) not found at ' +
        '~\\/\\.toolkit\\/data\\/twin\\/missing\\.db',
    ),
  );
  assert.equal(handle.missingDatabases(), [
    `resource twin/rows: database missing.db (origin global) not found at ~/.toolkit/data/twin/missing.db; its ` +
      `queries will fail until it is there`,
  ]);
});

test.run();
