/**
 * Resources and prompts through the `runtime/served-primitives.ts` contract, with a provider written
 * for the test: every era lists and reads them alike, in-process over the HTTP handler and from a
 * spawned server over stdio; an unknown URI is -32602 with `data.uri`, an unknown prompt -32602;
 * `resources/read` and the lists carry cache hints; an empty provider declares no capability.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createMcpFetchHandler, createMcpServer, createRuntime } from '../../runtime/index.ts';
import { connectHttpEra, connectStdioEra, ERAS, type Era, type EraClient, postModern } from '../support/mcp-eras.ts';
import { demoPrompts, demoResources, emptyPrompts, emptyResources } from './support/demo-primitives.ts';
import { schema, tool } from './support/models.ts';

const test = suite('served primitives');
const ROOT = resolve(import.meta.dirname, '../..');
const schemas = [schema('cities', [tool('ping', 'GET', ['https://unused.invalid/ping'])])];
const runtime = createRuntime({ schemas, serverParams: {} });
const URL_ = 'http://primitives.local/mcp';
const handler = createMcpFetchHandler(() =>
  createMcpServer(
    runtime,
    { name: 'primitives', version: '1.0.0' },
    { resources: demoResources, prompts: demoPrompts },
  ),
);
const fetcher = (url: string | URL, init?: RequestInit) => handler(new Request(url, init));

const stdioSpec = join(mkdtempSync(join(tmpdir(), 'toolkit-primitives-')), 'models.json');
writeFileSync(stdioSpec, JSON.stringify({ schemas, demoPrimitives: true }));

const connect = (era: Era, transport: 'http' | 'stdio'): Promise<EraClient> =>
  transport === 'http'
    ? connectHttpEra(era, { url: URL_, fetch: fetcher })
    : connectStdioEra(era, {
        command: process.execPath,
        args: ['--import', 'tsx', resolve(import.meta.dirname, 'support/serve-models.ts'), stdioSpec],
        env: { PATH: process.env.PATH ?? '', HOME: tmpdir() },
        cwd: ROOT,
      });

/** What a client sees of the primitives, and the errors it gets. */
async function browse(client: EraClient) {
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (e: { code?: number; data?: unknown; message: string }) => ({
        code: e.code,
        data: e.data,
        message: e.message.replace(/^MCP error -?\d+: /, ''),
      }),
    );
  return {
    capabilities: client.capabilities(),
    resources: (await client.listResources()).resources,
    templates: (await client.listResourceTemplates()).resourceTemplates,
    all: (await client.readResource({ uri: 'toolkit://cities/all' })).contents,
    oslo: (await client.readResource({ uri: 'toolkit://cities/oslo' })).contents,
    missing: await failure(client.readResource({ uri: 'toolkit://cities/atlantis' })),
    badKey: await failure(client.readResource({ uri: 'toolkit://cities/Oslo!' })),
    broken: await failure(client.readResource({ uri: 'toolkit://cities/broken' })),
    prompts: (await client.listPrompts()).prompts,
    prompt: (await client.getPrompt({ name: 'describe_city', arguments: { city: 'Lima' } })).messages,
    noPrompt: await failure(client.getPrompt({ name: 'nope' })),
    noArgument: await failure(client.getPrompt({ name: 'describe_city', arguments: {} })),
  };
}

for (const transport of ['http', 'stdio'] as const) {
  test(
    `${transport}: every era lists, reads and gets the same resources and prompts, with ` + `the same errors`,
    async () => {
      const seen: Partial<Record<Era, Awaited<ReturnType<typeof browse>>>> = {};
      for (const era of ERAS) {
        const client = await connect(era, transport);
        try {
          seen[era] = await browse(client);
        } finally {
          await client.close();
        }
      }
      const modern = seen.modern!;
      assert.equal(modern.capabilities, {
        tools: { listChanged: false },
        resources: { listChanged: false },
        prompts: { listChanged: false },
      });
      assert.equal(modern.resources, demoResources.resources);
      assert.equal(modern.templates, demoResources.templates);
      assert.equal(modern.oslo, [
        { uri: 'toolkit://cities/oslo', mimeType: 'application/json', text: '{"name":"Oslo","country":"NO"}' },
      ]);
      assert.equal(modern.missing, {
        code: -32602,
        data: { uri: 'toolkit://cities/atlantis' },
        message: 'Resource not found: toolkit://cities/atlantis',
      });
      assert.equal(modern.badKey?.code, -32602);
      assert.match(modern.badKey!.message, /key must be lower-case letters/);
      assert.equal(modern.broken, {
        code: -32603,
        data: undefined,
        message: 'the database cities.db cannot be opened',
      });
      assert.equal(modern.prompts, demoPrompts.prompts);
      assert.equal(modern.prompt, [
        { role: 'user', content: { type: 'text', text: 'Describe Lima in two sentences.' } },
      ]);
      assert.equal(modern.noPrompt, { code: -32602, data: { name: 'nope' }, message: 'Unknown prompt: nope' });
      assert.equal(modern.noArgument?.code, -32602);
      for (const era of ['legacy', 'v1'] as const)
        assert.equal(seen[era], modern, `${era} sees what the modern client sees`);
    },
  );
}

test('modern answers carry the cache hints: lists for five minutes, reads for one, public', async () => {
  const list = await postModern(URL_, 'resources/list', {}, {}, fetcher);
  assert.is(list.body.result?.ttlMs, 300_000);
  assert.is(list.body.result?.cacheScope, 'public');
  const templates = await postModern(URL_, 'resources/templates/list', {}, {}, fetcher);
  assert.is(templates.body.result?.ttlMs, 300_000);
  const prompts = await postModern(URL_, 'prompts/list', {}, {}, fetcher);
  assert.is(prompts.body.result?.ttlMs, 300_000);
  const read = await postModern(URL_, 'resources/read', { uri: 'toolkit://cities/lima' }, {}, fetcher);
  assert.is(read.status, 200);
  assert.is(read.body.result?.resultType, 'complete');
  assert.is(read.body.result?.ttlMs, 60_000);
  assert.is(read.body.result?.cacheScope, 'public');
  const missing = await postModern(URL_, 'resources/read', { uri: 'toolkit://cities/atlantis' }, {}, fetcher);
  assert.is(missing.body.error?.code, -32602);
  assert.equal(missing.body.error?.data, { uri: 'toolkit://cities/atlantis' });
  const cursor = await postModern(URL_, 'prompts/list', { cursor: 'x' }, {}, fetcher);
  assert.is(cursor.body.error?.code, -32602);
});

test('providers without entries (or none) declare no capability, and their methods are not found', async () => {
  for (const extras of [{}, { resources: emptyResources, prompts: emptyPrompts }]) {
    const bare = createMcpFetchHandler(() => createMcpServer(runtime, { name: 'bare', version: '1.0.0' }, extras));
    const bareFetch = (url: string | URL, init?: RequestInit) => bare(new Request(url, init));
    const discover = await postModern(URL_, 'server/discover', {}, {}, bareFetch);
    assert.equal(discover.body.result?.capabilities, { tools: { listChanged: false } });
    for (const method of ['resources/list', 'prompts/list']) {
      const answer = await postModern(URL_, method, {}, {}, bareFetch);
      assert.is(answer.status, 404, method);
      assert.is(answer.body.error?.code, -32601, method);
    }
  }
});

test.after(async () => {
  await handler.close();
  await runtime.close();
});

test.run();
