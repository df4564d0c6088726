/**
 * `completion/complete`, in-process over Streamable HTTP (the runtime's own fetch handler) to the v2
 * client pinned to 2026-07-28, the v2 client speaking 2025-11-25 and the v1 client: the capability is
 * declared in both eras; a skill's enum input, a query's enum parameter, the values a column holds
 * (from the database, for a local and a downloaded one), a document's section titles and the skills'
 * file paths are offered, filtered by what was typed, at most 100 with the total; an unknown prompt
 * or template is -32602.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { loadSchemaTree } from '../../compiler/index.ts';
import { createRuntime, type Runtime } from '../../runtime/create-runtime.ts';
import { createMcpFetchHandler, type McpFetchHandler } from '../../runtime/http/mcp-fetch-handler.ts';
import { createMcpServer } from '../../runtime/mcp-server.ts';
import { createUpstreamHttpClient } from '../../runtime/upstream/upstream-http.ts';
import { createWorkspace } from '../build/support/workspace.ts';
import { sqliteBytes, startSurfaceUpstream, surfaceCatalog, TITLES_SQL } from '../support/surface-catalog.ts';

const ws = createWorkspace('surface-complete');
let upstream: Awaited<ReturnType<typeof startSurfaceUpstream>>;
let runtime: Runtime;
let handler: McpFetchHandler;
const http = { client: undefined as ReturnType<typeof createUpstreamHttpClient> | undefined };
const URL_ = 'http://127.0.0.1/mcp';
const fetcher = (url: string | URL, init?: RequestInit) => handler(new Request(url, init));
/** 150 more authors, so that the column has more values than one answer carries. */
const MANY_AUTHORS = Array.from(
  { length: 150 },
  (_, i) => `('X${i}', 'T${i}', 'Author ${String(i).padStart(3, '0')}', 'fiction')`,
).join(', ');

test.before(async () => {
  upstream = await startSurfaceUpstream();
  for (const [path, contents] of Object.entries(surfaceCatalog(upstream.root))) ws.write(path, contents as string);
  ws.write(
    'schemas/providers/library/data/library-titles.db',
    sqliteBytes(`${TITLES_SQL} INSERT INTO items VALUES ${MANY_AUTHORS};`) as unknown as string,
  );
  const models = (await loadSchemaTree(ws.schemasDir, {})).flatMap((entry) => (entry.model ? [entry.model] : []));
  assert.is(models.length, 2);
  http.client = createUpstreamHttpClient({ ca: upstream.ca.ca });
  runtime = createRuntime({
    schemas: models,
    serverParams: {},
    http: http.client,
    primitives: { places: { home: ws.path('home'), projectDir: ws.dir } },
  });
  const skills = await runtime.skills();
  handler = createMcpFetchHandler(() =>
    createMcpServer(
      runtime,
      { name: 'surface', version: '1.0.0' },
      { resources: runtime.resources, prompts: runtime.prompts, skills, completions: runtime.completions },
    ),
  );
});

test.after(async () => {
  await handler.close();
  await runtime.close();
  http.client?.close();
  await upstream.close();
  ws.remove();
});

type Complete = (
  ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string },
  name: string,
  value: string,
) => Promise<{ values: string[]; total?: number; hasMore?: boolean }>;

async function withV2(
  era: 'modern' | 'legacy',
  run: (complete: Complete, client: Client) => Promise<void>,
): Promise<void> {
  const client = new Client(
    { name: 't', version: '1' },
    { versionNegotiation: { mode: era === 'modern' ? { pin: '2026-07-28' } : 'legacy' } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(URL_), { fetch: fetcher }));
  try {
    await run(
      async (ref, name, value) => (await client.complete({ ref, argument: { name, value } })).completion,
      client,
    );
  } finally {
    await client.close();
  }
}

const BY_AUTHOR = 'toolkit://library/titles/byAuthor{?author}';

for (const era of ['modern', 'legacy'] as const) {
  test(`${era}: the capability, and prompt arguments from a skill's enum input`, async () => {
    await withV2(era, async (complete, client) => {
      assert.equal(client.getServerCapabilities()?.completions, {});
      assert.equal(await complete({ type: 'ref/prompt', name: 'reading_plan_library' }, 'level', 'b'), {
        values: ['beginner'],
        total: 1,
        hasMore: false,
      });
      assert.equal((await complete({ type: 'ref/prompt', name: 'reading_plan_library' }, 'level', '')).values, [
        'beginner',
        'advanced',
      ]);
      // A free-text input has nothing to offer.
      assert.equal((await complete({ type: 'ref/prompt', name: 'item_lookup_library' }, 'id', 'OL')).values, []);
    });
  });

  test(`${era}: template variables from enums, column values, document sections and skill paths`, async () => {
    await withV2(era, async (complete) => {
      assert.equal(
        (await complete({ type: 'ref/resource', uri: 'toolkit://library/titles/byGenre{?genre}' }, 'genre', 'p'))
          .values,
        ['poetry'],
      );
      assert.equal(await complete({ type: 'ref/resource', uri: BY_AUTHOR }, 'author', 'fr'), {
        values: ['Frank Herbert'],
        total: 1,
        hasMore: false,
      });
      const published = await complete(
        { type: 'ref/resource', uri: 'toolkit://library-mirror/published/byName{?name}' },
        'name',
        'Ac',
      );
      assert.equal(published.values, ['Acme Holdings', 'Acme Shipping Ltd']);
      assert.equal(
        (
          await complete(
            { type: 'ref/resource', uri: 'toolkit://library/lendingRules{?section,lines,search}' },
            'section',
            '',
          )
        ).values,
        ['Lending rules', 'Loans', 'Renewals', 'Fees'],
      );
      assert.equal(
        (
          await complete(
            { type: 'ref/resource', uri: 'toolkit://library/lendingRules{?section,lines,search}' },
            'lines',
            '1',
          )
        ).values,
        [],
      );
      assert.equal(
        (await complete({ type: 'ref/resource', uri: 'skill://{+path}' }, 'path', 'library/item-lookup/r')).values,
        ['library/item-lookup/references/fields.md'],
      );
    });
  });

  test(`${era}: at most 100 values, with the total and hasMore`, async () => {
    await withV2(era, async (complete) => {
      const all = await complete({ type: 'ref/resource', uri: BY_AUTHOR }, 'author', '');
      assert.is(all.values.length, 100);
      assert.is(all.hasMore, true);
      assert.ok((all.total ?? 0) > 100, String(all.total));
      assert.is(all.values[0], 'Author 000');
    });
  });

  test(`${era}: an unknown prompt or template is -32602, a plain resource offers nothing`, async () => {
    await withV2(era, async (complete) => {
      const prompt = await complete({ type: 'ref/prompt', name: 'no_such_prompt' }, 'x', '').then(
        () => undefined,
        (e: { code?: number }) => e,
      );
      assert.is(prompt?.code, -32602);
      const template = await complete({ type: 'ref/resource', uri: 'toolkit://nowhere/x{?y}' }, 'y', '').then(
        () => undefined,
        (e: { code?: number }) => e,
      );
      assert.is(template?.code, -32602);
      assert.equal(
        (await complete({ type: 'ref/resource', uri: 'toolkit://library/lendingRules' }, 'x', '')).values,
        [],
      );
    });
  });
}

test('a v1 client completes a prompt argument and a template variable', async () => {
  const client = new V1Client({ name: 'v1', version: '1' });
  await client.connect(new V1HttpTransport(new URL(URL_), { fetch: fetcher }));
  try {
    assert.equal(client.getServerCapabilities()?.completions, {});
    const prompt = await client.complete({
      ref: { type: 'ref/prompt', name: 'reading_plan_library' },
      argument: { name: 'level', value: 'adv' },
    });
    assert.equal(prompt.completion.values, ['advanced']);
    const column = await client.complete({
      ref: { type: 'ref/resource', uri: BY_AUTHOR },
      argument: { name: 'author', value: 'Walt' },
    });
    assert.equal(column.completion.values, ['Walt Whitman']);
  } finally {
    await client.close();
  }
});

test.run();
