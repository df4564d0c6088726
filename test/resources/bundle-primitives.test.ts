/**
 * `toolkit build` compiles resources and prompts into the bundle like tools: a resource-only and a
 * prompt-only schema each build and serve, declaring only what they serve; the listing the bundle
 * embeds is the one the runtime computes from the bundle's own verified schemas, and an edited
 * listing stops the bundle; the tool form of the queries is one switch; two builds are identical,
 * carried databases included.
 */
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { SchemaModel } from '../../runtime/model.ts';
import { listPrimitives } from '../../runtime/resources/primitives.ts';
import { runBundle } from '../build/support/mcp-clients.ts';
import { runCli } from '../build/support/run-cli.ts';
import { connect, failure } from './support/servers.ts';
import { createWorkspace, type Workspace } from './support/workspace.ts';

const test = suite('resources and prompts in bundles');

const resourceOnly =
  `export const main = {
    namespace: 'stock',
    name: 'Stock',
    description: 'Stock levels, nothing but a resource.',
    version: '3.0.0',
    root: '',
    tools: {},
    resources: {
        store: {
            source: 'sqlite',
            database: 'stock.db',
            origin: 'inline',
            description: 'Stock levels by product.',
            queries: {
                getSchema: { sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name", ` +
  `description: 'Tables.', parameters: {} },
                level: {
                    sql: 'SELECT product, units FROM stock WHERE product = ? AND units >= ?',
                    description: 'Units of a product, when at least the given number.',
                    parameters: { product: { type: 'string', required: true, description: 'Product name' }, atLeast: ` +
  `{ type: 'number', required: false, default: 0 } }
                }
            }
        }
    }
}
`;

const promptOnly = `export const main = {
    namespace: 'manual',
    name: 'Manual',
    description: 'A manual, nothing but a prompt.',
    version: '3.0.0',
    root: '',
    tools: {},
    prompts: { about: { contentFile: './prompts/about.mjs' } }
}
`;

const manualPrompt = `export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'manual',
    description: 'How to read the manual.',
    references: [],
    content: 'Read chapter {{input:chapter}} first.'
}
`;

let stock: Workspace;
let manual: Workspace;

async function build(workspace: Workspace, out = 'out'): Promise<string> {
  const run = await runCli([
    'build',
    '--schemas',
    workspace.schemasDir,
    '--out',
    workspace.path(out),
    '--project',
    workspace.dir,
  ]);
  assert.is(run.code, 0, run.stderr + run.stdout);
  return workspace.path(out, 'catalog.mjs');
}

test.before(() => {
  stock = createWorkspace('bundle-stock');
  stock.write('schemas/stock/stock.mjs', resourceOnly);
  stock.database(
    'schemas/stock/data/stock.db',
    "CREATE TABLE stock (product TEXT PRIMARY KEY, units INTEGER NOT NULL); INSERT INTO stock VALUES ('bolt', " +
      "120), ('nut', 3);",
  );
  manual = createWorkspace('bundle-manual');
  manual.write('schemas/manual/manual.mjs', promptOnly);
  manual.write('schemas/manual/prompts/about.mjs', manualPrompt);
});

test.after(() => {
  stock?.remove();
  manual?.remove();
});

test('a resource-only schema builds and serves resources alone, from the listing its bundle embeds', async () => {
  const bundle = await build(stock);
  const server = await connect({ kind: 'bundle', bundle, cwd: stock.dir }, 'stdio', { HOME: stock.home });
  try {
    const { client } = server;
    assert.equal(client.getServerCapabilities(), { resources: { listChanged: false }, completions: {} });
    assert.is((await failure(client.listTools()))?.code, -32601);
    assert.is((await failure(client.listPrompts()))?.code, -32601);
    const { loadSchemas } = (await import(pathToFileURL(bundle).href)) as { loadSchemas(): readonly SchemaModel[] };
    const computed = listPrimitives(loadSchemas(), []);
    assert.equal((await client.listResources()).resources, computed.resources);
    assert.equal((await client.listResourceTemplates()).resourceTemplates, computed.templates);
    const read = await client.readResource({ uri: 'toolkit://stock/store/level?product=bolt&atLeast=100' });
    assert.equal(JSON.parse(String((read.contents[0] as { text: string }).text)), [{ product: 'bolt', units: 120 }]);
  } finally {
    await server.close();
  }
});

test('a prompt-only schema builds and serves prompts alone', async () => {
  const bundle = await build(manual);
  const server = await connect({ kind: 'bundle', bundle, cwd: manual.dir }, 'http', { HOME: manual.home });
  try {
    const { client } = server;
    assert.equal(client.getServerCapabilities(), { prompts: { listChanged: false }, completions: {} });
    assert.is((await failure(client.listResources()))?.code, -32601);
    assert.equal((await client.listPrompts()).prompts, [
      {
        name: 'about_manual',
        description: 'How to read the manual.',
        arguments: [{ name: 'chapter', description: 'fills {{input:chapter}} in the text', required: false }],
      },
    ]);
    const got = await client.getPrompt({ name: 'about_manual', arguments: { chapter: '3' } });
    assert.equal(got.messages, [{ role: 'user', content: { type: 'text', text: 'Read chapter 3 first.' } }]);
  } finally {
    await server.close();
  }
});

test('the queries as tools: one switch, real input schemas, names fixed at build time', async () => {
  const bundle = stock.path('out', 'catalog.mjs');
  const server = await connect({ kind: 'bundle', bundle, cwd: stock.dir }, 'stdio', {
    HOME: stock.home,
    TOOLKIT_QUERY_TOOLS: '1',
  });
  try {
    const { client } = server;
    assert.ok(client.getServerCapabilities()?.tools);
    const { tools } = await client.listTools();
    assert.equal(
      tools.map((t) => t.name),
      ['get_schema_store_stock', 'level_store_stock', 'free_query_store_stock'],
    );
    assert.equal(tools[0]!.inputSchema, { type: 'object', properties: {}, additionalProperties: false });
    assert.equal(tools[1]!.inputSchema, {
      type: 'object',
      properties: { product: { type: 'string', description: 'Product name' }, atLeast: { type: 'number', default: 0 } },
      required: ['product'],
      additionalProperties: false,
    });
    assert.equal(tools[2]!.inputSchema.required, ['sql']);
    const level = await client.callTool({ name: 'level_store_stock', arguments: { product: 'nut' } });
    assert.equal(JSON.parse((level.content as { text: string }[])[0]!.text), [{ product: 'nut', units: 3 }]);
    const wrong = await client.callTool({ name: 'level_store_stock', arguments: { product: 7 } });
    assert.ok(wrong.isError);
    assert.match((wrong.content as { text: string }[])[0]!.text, /product must be a string/);
  } finally {
    await server.close();
  }
});

test('an edited embedded resource listing stops the bundle when first read, naming it', async () => {
  cpSync(stock.path('out'), stock.path('edited-out'), { recursive: true });
  const code = stock.path('edited-out', 'catalog.code.cjs');
  const original = readFileSync(code, 'utf8');
  const edited = original.replace(
    'Stock levels by product. Read this resource',
    'Stock levels by product! Read this resource',
  );
  assert.ok(edited !== original, 'the listing text is in the bundle');
  writeFileSync(code, edited);
  // The listing is checked when first read (a start that lists tools reads it not): here, by resources/list.
  const list = {
    jsonrpc: '2.0',
    id: 1,
    method: 'resources/list',
    params: {
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
        'io.modelcontextprotocol/clientInfo': { name: 'test', version: '0' },
      },
    },
  };
  const run = await runBundle(stock.path('edited-out', 'catalog.mjs'), [], 20_000, `${JSON.stringify(list)}\n`);
  assert.is(run.code, 1);
  assert.match(
    run.stderr,
    /refusing to go on: the resource and prompt listing no longer matches the hash recorded at build time/,
  );
  assert.not.match(run.stdout, /product!|"resources"/, 'nothing of the edited listing was served');
});

test('two builds of the same schemas are byte for byte the same, the carried database included', async () => {
  await build(stock, 'again');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) =>
      statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)],
    );
  const first = files(stock.path('out'))
    .map((f) => relative(stock.path('out'), f))
    .sort();
  const second = files(stock.path('again'))
    .map((f) => relative(stock.path('again'), f))
    .sort();
  assert.equal(first, second);
  assert.ok(first.includes(join('data', 'stock', 'stock.db')));
  for (const file of first)
    assert.ok(readFileSync(stock.path('out', file)).equals(readFileSync(stock.path('again', file))), file);
  assert.ok(
    readFileSync(stock.path('out', 'data', 'stock', 'stock.db')).equals(
      readFileSync(stock.path('schemas', 'stock', 'data', 'stock.db')),
    ),
  );
});

test.run();
