/**
 * The toolset mode over a 2,000-tool catalog: `tools/list` stays under 10 KB, and an agent finds a
 * tool with `search_tools`, reads its arguments with `describe_tool` and calls it with `call_tool`
 * (every era, in-process over the HTTP handler); a spawned server picks the mode by itself above
 * the threshold, says so on stderr, and `--no-toolset` / `--toolset` decide it either way.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createMcpFetchHandler, createMcpServer, createRuntime, parseServeArgs } from '../../runtime/index.ts';
import type { SchemaModel } from '../../runtime/model.ts';
import {
  createToolset,
  listingBytesOf,
  searchIndexOf,
  TOOLSET_THRESHOLD_BYTES,
  toolsetInstructions,
  useToolset,
} from '../../runtime/toolset/index.ts';
import type { UpstreamHttpClient } from '../../runtime/upstream/upstream-http.ts';
import { connectHttpEra, connectStdioEra, ERAS, postModern } from '../support/mcp-eras.ts';
import { num, param, schema, str, tool } from './support/models.ts';

const test = suite('toolset');
const ROOT = resolve(import.meta.dirname, '../..');

/** 2,000 tools: 499 look-alike schemas of four tools, and one geocoding schema with the tool to find. */
function catalog(): SchemaModel[] {
  const schemas: SchemaModel[] = [];
  for (let s = 0; s < 499; s++) {
    const namespace = `things${String(s).padStart(3, '0')}`;
    schemas.push(
      schema(
        namespace,
        Array.from({ length: 4 }, (_, t) =>
          tool(
            `getThing${t}`,
            'GET',
            [`https://api.example/${namespace}/things/`, { insert: 'id' }],
            [
              param('id', 'insert', str, {}, [{ user: true }], 'identifier of the thing'),
              param(
                'limit',
                'query',
                num,
                { optional: true, default: 10, min: 1, max: 100 },
                [{ user: true }],
                'page size',
              ),
            ],
            { description: `Gets thing ${t} of ${namespace}: a moderately long description as real schemas have.` },
          ),
        ),
        { tags: ['things'] },
      ),
    );
  }
  schemas.push(
    schema(
      'geocoding',
      [
        tool(
          'getCoordinates',
          'GET',
          ['https://api.example/geocode'],
          [param('address', 'query', str, {}, [{ user: true }], 'A postal address.')],
          {
            description: 'Latitude and longitude of a postal address.',
            output: {
              mimeType: 'application/json',
              schema: { type: 'object', properties: { lat: { type: 'number' }, lon: { type: 'number' } } },
            },
          },
        ),
        tool(
          'getAddress',
          'GET',
          ['https://api.example/reverse'],
          [param('lat', 'query', num), param('lon', 'query', num)],
          { description: 'The postal address at a point.' },
        ),
        tool(
          'getTimezone',
          'GET',
          ['https://api.example/tz'],
          [param('lat', 'query', num), param('lon', 'query', num)],
          { description: 'Time zone at a point.' },
        ),
        tool('deletePlace', 'DELETE', ['https://api.example/places/', { insert: 'id' }], [param('id', 'insert', str)], {
          description: 'Deletes a saved place.',
        }),
      ],
      { name: 'Geocoding', tags: ['maps', 'geo'] },
    ),
  );
  return schemas;
}

const seen: string[] = [];
const upstream: UpstreamHttpClient = {
  async request(url, call) {
    seen.push(`${call.method} ${url}`);
    return {
      status: 200,
      statusText: 'OK',
      headers: new Headers({ 'content-type': 'application/json' }),
      bytes: new TextEncoder().encode(JSON.stringify({ lat: 59.91, lon: 10.75 })),
    };
  },
  close() {},
};

const schemas = catalog();
const runtime = createRuntime({ schemas, serverParams: {}, http: upstream });
const names = runtime.listing.map((entry) => entry.name);
const toolset = createToolset(runtime, searchIndexOf(schemas, names));
const handler = createMcpFetchHandler(() =>
  createMcpServer(toolset, { name: 'catalog', version: '1.0.0' }, { instructions: toolsetInstructions(names.length) }),
);
const URL_ = 'http://catalog.local/mcp';
const fetcher = (url: string | URL, init?: RequestInit) => handler(new Request(url, init));

test('the plain listing of 2,000 tools is far over the threshold, so the toolset is the default', () => {
  assert.is(names.length, 2000);
  const bytes = listingBytesOf(runtime.listing);
  assert.ok(bytes > 10 * TOOLSET_THRESHOLD_BYTES, `plain listing ${bytes} bytes`);
  assert.ok(useToolset('auto', bytes));
  assert.not.ok(useToolset('off', bytes));
  assert.ok(useToolset('on', 100));
  assert.not.ok(useToolset('auto', 100));
});

test('every era finds, describes and calls a tool of the 2,000 through a tools/list under 10 KB', async () => {
  for (const era of ERAS) {
    const client = await connectHttpEra(era, { url: URL_, fetch: fetcher });
    try {
      const { tools } = await client.listTools();
      assert.equal(
        tools.map((t) => t.name),
        ['search_tools', 'describe_tool', 'call_tool'],
        era,
      );
      assert.ok(
        Buffer.byteLength(JSON.stringify(tools)) < 10 * 1024,
        `${era}: listing ${Buffer.byteLength(JSON.stringify(tools))} bytes`,
      );
      assert.match(client.instructions() ?? '', /offers 2000 tools through three/);

      const search = await client.callTool({
        name: 'search_tools',
        arguments: { query: 'coordinates of a postal address', limit: 3 },
      });
      assert.not.ok(search.isError, JSON.stringify(search));
      const hits = (search.structuredContent as { tools: { name: string; title?: string; description: string }[] })
        .tools;
      assert.is(hits[0]!.name, 'get_coordinates_geocoding', JSON.stringify(hits));
      assert.is(hits[0]!.title, 'Get coordinates (Geocoding)');
      assert.ok(hits.length <= 3);

      const described = await client.callTool({ name: 'describe_tool', arguments: { name: hits[0]!.name } });
      const entry = described.structuredContent as {
        name: string;
        inputSchema: { required: string[] };
        outputSchema: unknown;
        annotations: unknown;
      };
      assert.is(entry.name, 'get_coordinates_geocoding');
      assert.equal(entry.inputSchema.required, ['address']);
      assert.equal(entry.annotations, { readOnlyHint: true, openWorldHint: true });
      assert.ok(entry.outputSchema);

      const called = await client.callTool({
        name: 'call_tool',
        arguments: { name: 'get_coordinates_geocoding', arguments: { address: 'Karl Johans gate 1, Oslo' } },
      });
      assert.not.ok(called.isError, JSON.stringify(called));
      assert.equal(called.structuredContent, { lat: 59.91, lon: 10.75 });
      assert.is(seen.at(-1), 'GET https://api.example/geocode?address=Karl%20Johans%20gate%201%2C%20Oslo');

      // A name learned from search_tools can also be called directly.
      const direct = await client.callTool({ name: 'get_coordinates_geocoding', arguments: { address: 'x' } });
      assert.equal(direct.structuredContent, { lat: 59.91, lon: 10.75 });
    } finally {
      await client.close();
    }
  }
});

test('the meta-tools answer mistakes with tool errors the model can read', async () => {
  const client = await connectHttpEra('modern', { url: URL_, fetch: fetcher });
  const text = (result: { content?: unknown }) => (result.content as { text: string }[])[0]!.text;
  try {
    const unknown = await client.callTool({ name: 'call_tool', arguments: { name: 'get_weather', arguments: {} } });
    assert.ok(unknown.isError);
    assert.is(text(unknown), 'no tool is named "get_weather"; search_tools finds tool names by words');
    const undescribed = await client.callTool({ name: 'describe_tool', arguments: { name: 'nope' } });
    assert.ok(undescribed.isError);
    const limit = await client.callTool({ name: 'search_tools', arguments: { query: 'address', limit: 500 } });
    assert.ok(limit.isError);
    assert.match(text(limit), /limit must be an integer from 1 to 50/);
    const badArgs = await client.callTool({
      name: 'call_tool',
      arguments: { name: 'get_coordinates_geocoding', arguments: { address: 5 } },
    });
    assert.ok(badArgs.isError);
    assert.match(text(badArgs), /invalid arguments for get_coordinates_geocoding/);
    const nothing = await client.callTool({ name: 'search_tools', arguments: { query: 'zzzqqq' } });
    assert.equal(nothing.structuredContent, { tools: [] });
  } finally {
    await client.close();
  }
  const listing = await postModern(URL_, 'tools/list', {}, {}, fetcher);
  assert.ok(JSON.stringify(listing.body.result).length < 10 * 1024);
});

/**
 * Spawns the runtime over the catalog with these flags and returns what a stdio client lists, and the server's stderr.
 */
async function spawnedListing(flags: string[]): Promise<{ names: string[]; stderr: string }> {
  const spec = join(mkdtempSync(join(tmpdir(), 'toolkit-toolset-')), 'models.json');
  writeFileSync(spec, JSON.stringify({ schemas }));
  let stderr = '';
  const client = await connectStdioEra('modern', {
    command: process.execPath,
    args: ['--import', 'tsx', resolve(import.meta.dirname, 'support/serve-models.ts'), spec, ...flags],
    env: { PATH: process.env.PATH ?? '', HOME: tmpdir() },
    cwd: ROOT,
    onStderr: (t) => (stderr += t),
  });
  try {
    return { names: (await client.listTools()).tools.map((t) => t.name as string), stderr };
  } finally {
    await client.close();
  }
}

test(
  'a server picks the toolset by itself above the threshold and says so; --no-toolset and ' + '--toolset decide it',
  async () => {
    const auto = await spawnedListing([]);
    assert.equal(auto.names, ['search_tools', 'describe_tool', 'call_tool']);
    assert.match(
      auto.stderr,
      new RegExp(
        'the listing of 2000 tools is \\d+ KB \\(over 50 KB\\): serving them through search_tools, describe_tool and ' +
          'call_tool; --no-toolset lists them all',
      ),
    );
    const plain = await spawnedListing(['--no-toolset']);
    assert.is(plain.names.length, 2000);
    assert.not.match(plain.stderr, /search_tools/);
  },
);

test('--toolset and --no-toolset are read from the serving flags; both at once is a mistake', () => {
  assert.equal(parseServeArgs(['--toolset']), { toolset: 'on' });
  assert.equal(parseServeArgs(['--no-toolset', '--http', '8080']), { toolset: 'off', http: { port: 8080 } });
  assert.equal(parseServeArgs([]), {});
  assert.throws(
    () => parseServeArgs(['--toolset', '--no-toolset']),
    /--toolset and --no-toolset contradict each other/,
  );
});

test.after(async () => {
  await handler.close();
  await runtime.close();
});

test.run();
