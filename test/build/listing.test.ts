/**
 * A built bundle answers `tools/list` from the listing its build computed: exactly what `toolkit
 * server` lists for the same schemas (catalog and group), each tool built on its first call (which
 * reaches a real HTTPS upstream), and a bundle whose listing was edited refuses to start.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { listTools, secretKeysOf } from '../../runtime/create-runtime.ts';
import { sha256 } from '../../runtime/hash.ts';
import type { SchemaModel } from '../../runtime/model.ts';
import { listingBytesOf } from '../../runtime/toolset/toolset-mode.ts';
import { connectStdio, runBundle } from './support/mcp-clients.ts';
import { buildWorkspace } from './support/run-cli.ts';
import { priceSchema, simpleSchema } from './support/schema-files.ts';
import { startPriceUpstream, type Upstream } from './support/upstream.ts';
import { createWorkspace, repoRoot } from './support/workspace.ts';

const ws = createWorkspace('listing');
let upstream: Upstream;

/** A schema with a server param in a header and a JSON output whose properties are not in key order. */
const keyedSchema =
  `export const main = {
    namespace: 'ledger',
    name: 'Ledger',
    description: 'Balances behind an API key.',
    version: '3.0.0',
    root: 'https://api.ledger.example',
    requiredServerParams: [ 'LEDGER_KEY' ],
    headers: { Authorization: 'Bearer {{LEDGER_KEY}}' },
    tools: {
        getBalance: {
            method: 'GET',
            path: '/balance',
            description: 'Balance of an account.',
            parameters: [
                { position: { key: 'account', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: ` +
  `'string()', options: [ 'min(3)' ] } }
            ],
            output: {
                mimeType: 'application/json',
                schema: { type: 'object', properties: { zeta: { type: 'number', description: 'Last.' }, alpha: { ` +
  `type: 'string', nullable: true } } }
            }
        }
    }
}
`;

test.before(async () => {
  upstream = await startPriceUpstream();
  ws.write('schemas/providers/coinprices/prices.mjs', priceSchema(upstream.root));
  ws.write('schemas/providers/weather/forecast.mjs', simpleSchema('weather', 3));
  ws.write('schemas/providers/ledger/balances.mjs', keyedSchema);
  ws.write(
    '.toolkit/config.json',
    JSON.stringify({ groups: { desk: { tools: ['weather', 'coinprices/getPrice', 'ledger'] } } }),
  );
  const build = await buildWorkspace(ws.dir);
  assert.is(build.code, 0, build.stderr);
});

test.after(async () => {
  await upstream.close();
  ws.remove();
});

/** The `tools/list` answer of a stdio server started with `args` (in the workspace, as a user would). */
async function listingOf(args: string[]): Promise<Tool[]> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args,
    cwd: ws.dir,
    env: process.env as Record<string, string>,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'listing-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
  }
}

const BIN = `${repoRoot}/cli/bin.mjs`;

test('the catalog bundle lists exactly what `toolkit server` lists for the same schemas', async () => {
  const built = await listingOf([ws.path('out', 'catalog.mjs')]);
  const served = await listingOf([BIN, 'server', '--schemas', ws.path('schemas')]);
  assert.is(built.length, 6);
  assert.equal(built, served);
  const balance = built.find((tool) => tool.name === 'get_balance_ledger')!;
  assert.equal(balance.outputSchema, {
    type: 'object',
    properties: { alpha: { type: ['string', 'null'] }, zeta: { type: 'number', description: 'Last.' } },
  });
});

test('a group bundle lists exactly what `toolkit server --group` lists', async () => {
  const built = await listingOf([ws.path('out', 'desk.mjs')]);
  const served = await listingOf([BIN, 'server', '--schemas', ws.path('schemas'), '--group', 'desk']);
  assert.equal(built.map((tool) => tool.name).sort(), [
    'get_balance_ledger',
    'get_price_coinprices',
    'tool0_weather',
    'tool1_weather',
    'tool2_weather',
  ]);
  assert.equal(built, served);
});

test('a tool of the listing is built on its first call and reaches the upstream', async () => {
  const { client, close } = await connectStdio(ws.path('out', 'catalog.mjs'), {
    NODE_EXTRA_CA_CERTS: upstream.ca.caFile,
  });
  try {
    const result = await client.callTool({ name: 'get_price_coinprices', arguments: { ids: 'ether', days: 3 } });
    assert.not.ok(result.isError, JSON.stringify(result));
    assert.equal(JSON.parse((result.content as { text: string }[])[0]!.text), { price: 42.5, ids: 'ether', days: 3 });
    assert.ok(upstream.requests.includes('/price?ids=ether&days=3'), upstream.requests.join(' '));
    const again = await client.callTool({ name: 'get_price_coinprices', arguments: { ids: 'bitcoin' } });
    assert.equal(JSON.parse((again.content as { text: string }[])[0]!.text), { price: 42.5, ids: 'bitcoin', days: 7 });
    const invalid = await client.callTool({ name: 'get_price_coinprices', arguments: { ids: '' } });
    assert.ok(invalid.isError, 'input is still checked against the tool built late');
    const coins = await client.callTool({ name: 'list_coins_coinprices', arguments: {} });
    assert.equal(JSON.parse((coins.content as { text: string }[])[0]!.text), ['bitcoin', 'ether']);
    const unknown = await client.callTool({ name: 'no_such_tool', arguments: {} }).then(
      () => 'answered',
      (error: Error) => error.message,
    );
    assert.match(unknown, /Unknown tool: no_such_tool/);
  } finally {
    await close();
  }
});

test('the server params the build found are named at start when unset', async () => {
  // Granted to its schema (TOOLKIT_GRANTS), but not set.
  const child = spawn(process.execPath, [ws.path('out', 'catalog.mjs')], {
    env: { ...process.env, LEDGER_KEY: '', TOOLKIT_GRANTS: 'ledger:LEDGER_KEY' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const stderr = await new Promise<string>((resolve) => {
    let text = '';
    const timer = setTimeout(() => resolve(text), 15_000);
    child.stderr.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) {
        clearTimeout(timer);
        resolve(text);
      }
    });
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  await exited;
  assert.match(stderr, /server params not set \(tools that need them will fail\): LEDGER_KEY/);
});

test('the bundle serves the listing its data file holds, and routes calls by its names', async () => {
  const data = readFileSync(ws.path('out', 'catalog.data.jsonl'), 'utf8');
  const json = data.slice(0, data.indexOf('\n'));
  const text = readFileSync(ws.path('out', 'catalog.code.cjs'), 'utf8');
  assert.ok(text.includes(`DATA_HASH="${sha256(data)}"`), "the data file's hash is recorded in the bundle");
  // Byte for byte what the runtime computes from the bundle's own verified schemas (key order included).
  const { loadSchemas } = (await import(pathToFileURL(ws.path('out', 'catalog.mjs')).href)) as {
    loadSchemas(): SchemaModel[];
  };
  const schemas = loadSchemas();
  const tools = listTools(schemas);
  assert.is(json, JSON.stringify(tools));
  const facts =
    `LISTING_FACTS={bytes:${listingBytesOf(tools)},secretKeys:` +
    `${JSON.stringify([...secretKeysOf(schemas)].sort())}}`;
  assert.ok(text.includes(facts), `start-up facts of the listing are in the bundle: ${facts}`);
  // Re-signed as a build would sign it: the bundle must serve this listing, not one of its own.
  cpSync(ws.path('out'), ws.path('resigned'), { recursive: true });
  const edited = data.replace('"tool1_weather"', '"tool1_renamed"');
  writeFileSync(ws.path('resigned', 'catalog.data.jsonl'), edited);
  // The file's hash and the listing line's own (each line is checked against its hash when first read).
  const editedJson = edited.slice(0, edited.indexOf('\n'));
  assert.ok(text.includes(`hash:"${sha256(json)}"`), "the listing line's hash is recorded in the bundle");
  writeFileSync(
    ws.path('resigned', 'catalog.code.cjs'),
    text.replace(sha256(data), sha256(edited)).replace(sha256(json), sha256(editedJson)),
  );
  const { client, close } = await connectStdio(ws.path('resigned', 'catalog.mjs'));
  try {
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    assert.ok(names.includes('tool1_renamed') && !names.includes('tool1_weather'), names.join(' '));
    const old = await client.callTool({ name: 'tool1_weather', arguments: { query: 'x' } }).then(
      () => 'answered',
      (error: Error) => error.message,
    );
    assert.match(old, /Unknown tool: tool1_weather/);
  } finally {
    await close();
  }
});

test('a bundle whose listing was edited refuses to start, naming the file', async () => {
  cpSync(ws.path('out'), ws.path('tampered-listing'), { recursive: true });
  const bundle = ws.path('tampered-listing', 'catalog.mjs');
  const data = readFileSync(ws.path('out', 'catalog.data.jsonl'), 'utf8');
  // Wire names appear only in the listing (the schema data holds namespace and tool name apart).
  assert.is(data.split('tool1_weather').length, 2, 'the wire name occurs once, in the listing');
  writeFileSync(ws.path('tampered-listing', 'catalog.data.jsonl'), data.replace('tool1_weather', 'steal_keys_weather'));
  const run = await runBundle(bundle);
  assert.is(run.code, 1);
  assert.ok(run.stderr.includes(`${bundle}: refusing to start`), run.stderr);
  assert.match(run.stderr, /the tool listing no longer matches the hash recorded at build time/);
  assert.is(run.stdout, '', 'nothing on the protocol channel');
});

test.run();
