/**
 * Format 2.0.0 served beside 3.x: MCP tools named `<namespace>__<routeName>`, named placeholders
 * taking the caller's input, the server param from a header template, and the `postProcess({ data })`
 * hook shaping the result. On the command line the tool is `<tool_name>_<namespace>` like any other.
 * After `toolkit migrate`, the same calls give the same results under 3.x names.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { connect, toolNames } from './support/mcp.ts';
import { bin, createSandbox } from './support/sandbox.ts';
import { startUpstream, type Upstream } from './support/upstream.ts';

const box = createSandbox('format2');
let upstream: Upstream;
const secret = process.env.TOOLKIT_TEST_CANARY ?? 'shop-secret';

const shopSchema = (root: string) =>
  `// A format 2.0.0 provider.
export const main = {
  namespace: 'shop',
  name: 'Shop',
  description: 'Items of a shop.',
  version: '2.0.0',
  root: '${root}',
  requiredServerParams: ['SHOP_KEY'],
  requiredLibraries: [],
  headers: { 'x-api-key': '{{SHOP_KEY}}' },
  routes: {
    getItem: {
      method: 'GET',
      path: '/items/{{ITEM_ID}}',
      description: 'One item of the shop by its id.',
      parameters: [
        { position: { key: 'id', value: '{{ITEM_ID}}', location: 'insert' }, z: { primitive: 'string()', options: ` +
  `['min(1)'] } }
      ]
    },
    listItems: { method: 'GET', path: '/items', description: 'Every item of the shop.', parameters: [] }
  }
};

export const handlers = ({ sharedLists, libraries }) => ({
  getItem: {
    postProcess: ({ data }) => ({ label: data.name + ' (#' + data.id + ')', price: data.price })
  }
});
`;

test.before(async () => {
  upstream = await startUpstream();
  box.env.NODE_EXTRA_CA_CERTS = upstream.ca.caFile;
  box.env.SHOP_KEY = secret;
  box.write('schemas/providers/shop/items.mjs', shopSchema(upstream.root));
});
test.after(async () => {
  await upstream.close();
  box.remove();
});

test('a 2.0.0 schema validates under its own rules', async () => {
  const run = await box.toolkit(['validate'], { env: { TOOLKIT_MODE: 'dev' } });
  assert.is(run.code, 0, run.stdout);
  assert.match(run.stdout, /VAL019 warning {2}format 2\.0\.0 is superseded by 3\.x/);
  assert.match(run.stdout, /^1 schema, 0 errors, 1 warning$/m);
});

test(
  "served over MCP as <namespace>__<routeName>; the named placeholder is the caller's input; postProcess " +
    'shapes the result',
  async () => {
    // The user lets the shop schema use its key (a schema naming a variable is not given it).
    const grant = await box.toolkit(['grant', 'shop', 'SHOP_KEY']);
    assert.is(grant.code, 0, grant.stderr);
    const session = await connect([bin, 'server'], { cwd: box.project, env: box.env });
    try {
      const { tools } = await session.client.listTools();
      assert.equal(tools.map((t) => t.name).sort(), ['shop__getItem', 'shop__listItems']);
      const getItem = tools.find((t) => t.name === 'shop__getItem')!;
      assert.equal(Object.keys((getItem.inputSchema as { properties: object }).properties), ['id']);
      upstream.requests.length = 0;
      const result = await session.client.callTool({ name: 'shop__getItem', arguments: { id: '7' } });
      assert.not.ok(result.isError, JSON.stringify(result));
      assert.equal(JSON.parse((result.content as { text: string }[])[0]!.text), { label: 'A thing (#7)', price: 3 });
      assert.is(upstream.requests[0]!.url, '/items/7');
      assert.is(upstream.requests[0]!.headers['x-api-key'], secret);
    } finally {
      await session.close();
    }
  },
);

test('the bundle names the routes the same way', async () => {
  const build = await box.toolkit(['build']);
  assert.is(build.code, 0, build.stderr);
  assert.equal(await toolNames([box.path('generated', 'catalog.mjs')], { cwd: box.project, env: box.env }), [
    'shop__getItem',
    'shop__listItems',
  ]);
});

test(
  'on the command line it is <tool_name>_<namespace>: search shows it, add and call take it (or ' + 'the MCP name)',
  async () => {
    const search = await box.toolkit(['search', 'shop', 'item']);
    assert.match(
      search.stdout,
      /^get_item_shop  \(tool\)\n  One item of the shop by its id\.\n  toolkit add get_item_shop$/m,
    );
    const add = await box.toolkit(['add', 'shop__getItem']);
    assert.is(add.code, 0, add.stderr);
    assert.match(add.stdout, /^Activated: get_item_shop \(shop\/tool\/getItem\)/);
    assert.match(add.stdout, /^  id +string +required/m);
    const call = await box.toolkit(['call', 'get_item_shop', '{"id":"42"}']);
    assert.is(call.code, 0, call.stderr);
    assert.equal(JSON.parse(call.stdout), { label: 'A thing (#42)', price: 3 });
    assert.not.ok(call.stdout.includes(secret));
    assert.equal(await toolNames([bin, 'server'], { cwd: box.project, env: box.env }), ['shop__getItem']);
    await box.toolkit(['remove', 'get_item_shop']);
  },
);

test('migrated to 3.x it answers the same calls the same way, under 3.x names', async () => {
  const migrate = await box.toolkit(['migrate', 'schemas'], { env: { TOOLKIT_MODE: 'dev' } });
  assert.is(migrate.code, 0, migrate.stdout + migrate.stderr);
  assert.match(box.read('schemas/providers/shop/items.mjs'), /^\/\/ A format 2\.0\.0 provider\.\n/);
  const session = await connect([bin, 'server'], { cwd: box.project, env: box.env });
  try {
    const { tools } = await session.client.listTools();
    assert.equal(tools.map((t) => t.name).sort(), ['get_item_shop', 'list_items_shop']);
    const result = await session.client.callTool({ name: 'get_item_shop', arguments: { id: '7' } });
    assert.equal(JSON.parse((result.content as { text: string }[])[0]!.text), { label: 'A thing (#7)', price: 3 });
  } finally {
    await session.close();
  }
});

test.run();
