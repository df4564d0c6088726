/**
 * One server, every era: a 2026-07-28 client (v2 SDK, pinned), a 2025-11-25 client (v2 SDK,
 * `initialize`) and the v1 SDK's client list and call the same tools on the same runtime, over
 * stdio and over Streamable HTTP. `server/discover`, the required headers, the revision's error codes
 * and cache fields are checked by hand-made requests; so are the protocol answers the v1-based
 * server got wrong (bad cursor, `initialize` without params, a twice-prefixed error message, a
 * silent exit on an over-long stdio line).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startHttpServer } from '../support/http-server.ts';
import {
  connectHttpEra,
  connectStdioEra,
  ERAS,
  MODERN,
  modernMeta,
  postModern,
  postRaw,
  type EraClient,
} from '../support/mcp-eras.ts';
import { createTestCa, type TestCa } from '../support/tls.ts';
import { param, schema, str, tool } from './support/models.ts';
import { startUpstream, type Upstream } from './support/upstream.ts';

const test = suite('dual era');
const ROOT = resolve(import.meta.dirname, '../..');
const ENTRY = resolve(import.meta.dirname, 'support/serve-models.ts');
let ca: TestCa;
let upstream: Upstream;
let spec: string;
let http: { url: string; stop(): Promise<void> };
const stderr: string[] = [];

const weatherOutput = {
  mimeType: 'application/json' as const,
  schema: { type: 'object', properties: { city: { type: 'string' }, temp: { type: 'number' } } },
};

function writeSpec(origin: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'toolkit-eras-')), 'models.json');
  writeFileSync(
    file,
    JSON.stringify({
      schemas: [
        schema(
          'meteo',
          [
            tool('getWeather', 'GET', [`${origin}/weather`], [param('city', 'query', str)], {
              output: weatherOutput,
              description: 'Current weather of a city.',
            }),
            tool('getBadWeather', 'GET', [`${origin}/bad`], [], { output: weatherOutput }),
            tool('deleteAlert', 'DELETE', [`${origin}/alerts/`, { insert: 'id' }], [param('id', 'insert', str)]),
            tool('putAlert', 'PUT', [`${origin}/alerts`]),
            tool('postReport', 'POST', [`${origin}/reports`]),
          ],
          { name: 'Meteo' },
        ),
      ],
    }),
  );
  return file;
}

const env = () => ({
  PATH: process.env.PATH ?? '',
  HOME: mkdtempSync(join(tmpdir(), 'toolkit-home-')),
  NODE_EXTRA_CA_CERTS: ca.caFile,
});
const serverArgs = (...extra: string[]) => ['--import', 'tsx', ENTRY, spec, ...extra];
const startHttp = () =>
  startHttpServer(serverArgs('--http', '127.0.0.1:0'), {
    env: env(),
    cwd: ROOT,
    onStderr: (text) => stderr.push(text),
  });

const stdioTarget = () => ({
  command: process.execPath,
  args: serverArgs(),
  env: env(),
  cwd: ROOT,
  onStderr: (text: string) => stderr.push(text),
});

/** Spawns the stdio server, writes these lines, and collects its answers until `count` arrived (or it exits). */
function rawStdio(
  lines: string[],
  count: number,
): Promise<{ answers: Record<string, unknown>[]; code: number | null; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, serverArgs(), { cwd: ROOT, env: env(), stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const answers: Record<string, unknown>[] = [];
    let finished = false;
    const finish = (code: number | null) => {
      if (finished) return;
      finished = true;
      done({ answers, code, stderr: err });
    };
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      let at: number;
      while ((at = out.indexOf('\n')) >= 0) {
        answers.push(JSON.parse(out.slice(0, at)) as Record<string, unknown>);
        out = out.slice(at + 1);
      }
      if (answers.length >= count) child.stdin.end();
    });
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    child.once('exit', (code) => finish(code));
    child.stdin.on('error', () => {});
    for (const line of lines) child.stdin.write(`${line}\n`);
  });
}

test.before(async () => {
  ca = createTestCa();
  upstream = await startUpstream(ca, {
    '/weather': (request) => ({
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ city: new URL(request.url, 'https://x').searchParams.get('city'), temp: 21.5 }),
    }),
    '/bad': () => ({
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ city: 'Oslo', temp: 'warm' }),
    }),
  });
  spec = writeSpec(upstream.origin);
  http = await startHttp();
});

test.after(async () => {
  await http?.stop();
  await upstream?.close();
});

/** What every era must see the same: the listing and a call's result. */
async function exercise(
  client: EraClient,
): Promise<{ tools: Record<string, unknown>[]; weather: unknown; bad: Record<string, unknown> }> {
  const { tools } = await client.listTools();
  const weather = await client.callTool({ name: 'get_weather_meteo', arguments: { city: 'Oslo' } });
  const bad = await client.callTool({ name: 'get_bad_weather_meteo', arguments: {} });
  return {
    tools,
    weather: {
      content: weather.content,
      structuredContent: weather.structuredContent,
      isError: weather.isError ?? false,
    },
    bad,
  };
}

for (const transport of ['stdio', 'http'] as const) {
  test(
    `${transport}: a 2026-07-28 client, a 2025-11-25 client and a v1 client list and call ` + `the same tools`,
    async () => {
      const seen: Record<string, Awaited<ReturnType<typeof exercise>>> = {};
      for (const era of ERAS) {
        const client =
          transport === 'stdio'
            ? await connectStdioEra(era, stdioTarget())
            : await connectHttpEra(era, { url: http.url });
        try {
          assert.is(client.protocolVersion, era === 'modern' ? MODERN : '2025-11-25', `${era} speaks its revision`);
          assert.equal(client.serverInfo(), { name: 'toolkit-test', version: '0.0.0' });
          seen[era] = await exercise(client);
        } finally {
          await client.close();
        }
      }
      const modern = seen.modern!;
      assert.equal(
        modern.tools.map((t) => t.name),
        ['get_weather_meteo', 'get_bad_weather_meteo', 'delete_alert_meteo', 'put_alert_meteo', 'post_report_meteo'],
      );
      assert.equal(modern.weather, {
        content: [{ type: 'text', text: '{"city":"Oslo","temp":21.5}' }],
        structuredContent: { city: 'Oslo', temp: 21.5 },
        isError: false,
      });
      assert.ok(modern.bad.isError);
      for (const era of ['legacy', 'v1']) {
        assert.equal(seen[era]!.tools, modern.tools, `${era} lists what the modern client lists`);
        assert.equal(seen[era]!.weather, modern.weather, `${era} gets the same result`);
        assert.equal(seen[era]!.bad.content, modern.bad.content);
      }
    },
  );
}

test(
  'tools say what they are: title, annotations from the method, outputSchema with structuredContent ' +
    'that matches it',
  async () => {
    const client = await connectHttpEra('modern', { url: http.url });
    try {
      const { tools } = await client.listTools();
      const byName = Object.fromEntries(tools.map((t) => [t.name as string, t]));
      assert.is(byName.get_weather_meteo!.title, 'Get weather (Meteo)');
      assert.equal(byName.get_weather_meteo!.annotations, { readOnlyHint: true, openWorldHint: true });
      assert.equal(byName.delete_alert_meteo!.annotations, {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: true,
      });
      assert.equal(byName.put_alert_meteo!.annotations, {
        readOnlyHint: false,
        idempotentHint: true,
        openWorldHint: true,
      });
      assert.equal(byName.post_report_meteo!.annotations, {
        readOnlyHint: false,
        idempotentHint: false,
        openWorldHint: true,
      });
      assert.equal(byName.get_weather_meteo!.outputSchema, {
        type: 'object',
        properties: { city: { type: 'string' }, temp: { type: 'number' } },
      });
      assert.not.ok('outputSchema' in byName.delete_alert_meteo!, 'no declared output, no outputSchema');
      // Data that does not fit the declared output is a tool error naming the field, never a malformed result.
      const bad = await client.callTool({ name: 'get_bad_weather_meteo', arguments: {} });
      assert.ok(bad.isError);
      assert.not.ok('structuredContent' in bad);
      assert.equal(bad.content, [
        {
          type: 'text',
          text:
            'upstream response does not match the declared output of get_bad_weather_meteo: temp: expected ' +
            'number, got string',
        },
      ]);
    } finally {
      await client.close();
    }
  },
);

test(
  'server/discover answers over HTTP and stdio, with versions, capabilities, cache fields ' + 'and server info',
  async () => {
    const checkDiscover = (result: Record<string, unknown>) => {
      assert.is(result.resultType, 'complete');
      assert.ok((result.supportedVersions as string[]).includes(MODERN));
      assert.equal(result.capabilities, { tools: { listChanged: false } });
      assert.is(result.ttlMs, 300_000);
      assert.is(result.cacheScope, 'public');
      assert.equal((result._meta as Record<string, unknown>)['io.modelcontextprotocol/serverInfo'], {
        name: 'toolkit-test',
        version: '0.0.0',
      });
    };
    const { status, body } = await postModern(http.url, 'server/discover');
    assert.is(status, 200);
    checkDiscover(body.result!);
    const piped = await rawStdio(
      [JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: modernMeta() } })],
      1,
    );
    checkDiscover((piped.answers[0] as { result: Record<string, unknown> }).result);
  },
);

test('modern results carry resultType, ttlMs and cacheScope, and list tools in the same order every time', async () => {
  const first = await postModern(http.url, 'tools/list');
  const second = await postModern(http.url, 'tools/list');
  assert.is(first.status, 200);
  assert.is(first.body.result!.resultType, 'complete');
  assert.is(first.body.result!.ttlMs, 300_000);
  assert.is(first.body.result!.cacheScope, 'public');
  assert.equal(second.body.result!.tools, first.body.result!.tools);
  const call = await postModern(http.url, 'tools/call', { name: 'get_weather_meteo', arguments: { city: 'Rome' } });
  assert.is(call.body.result!.resultType, 'complete');
  assert.equal(call.body.result!.structuredContent, { city: 'Rome', temp: 21.5 });
});

test("the required headers are enforced and the revision's error codes answered", async () => {
  const expectError = async (
    answer: Promise<{ status: number; body: { error?: { code: number; data?: Record<string, unknown> } } }>,
    status: number,
    code: number,
  ) => {
    const { status: got, body } = await answer;
    assert.is(got, status, JSON.stringify(body));
    assert.is(body.error?.code, code, JSON.stringify(body));
    return body.error!;
  };
  await expectError(postModern(http.url, 'tools/list', {}, { 'mcp-protocol-version': undefined }), 400, -32020);
  await expectError(postModern(http.url, 'tools/list', {}, { 'mcp-method': undefined }), 400, -32020);
  await expectError(postModern(http.url, 'tools/list', {}, { 'mcp-method': 'prompts/list' }), 400, -32020);
  await expectError(
    postModern(
      http.url,
      'tools/call',
      { name: 'get_weather_meteo', arguments: { city: 'x' } },
      { 'mcp-name': undefined },
    ),
    400,
    -32020,
  );
  await expectError(
    postModern(
      http.url,
      'tools/call',
      { name: 'get_weather_meteo', arguments: { city: 'x' } },
      { 'mcp-name': 'post_report_meteo' },
    ),
    400,
    -32020,
  );
  await expectError(postModern(http.url, 'tools/list', {}, { 'mcp-protocol-version': '2025-11-25' }), 400, -32020);
  const unsupported = await expectError(
    postModern(
      http.url,
      'tools/list',
      { _meta: { 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } },
      { 'mcp-protocol-version': '2099-01-01' },
    ),
    400,
    -32022,
  );
  assert.ok((unsupported.data!.supported as string[]).includes(MODERN));
  assert.is(unsupported.data!.requested, '2099-01-01');
  const envelope = await postRaw(
    http.url,
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN } },
    },
    { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/list' },
  );
  assert.is(envelope.status, 400);
  assert.is(envelope.body.error?.code, -32602, 'an envelope without clientCapabilities');
  await expectError(postModern(http.url, 'foo/bar'), 404, -32601);
  const base64 = await postModern(
    http.url,
    'tools/call',
    { name: 'get_weather_meteo', arguments: { city: 'x' } },
    { 'mcp-name': `=?base64?${Buffer.from('get_weather_meteo').toString('base64')}?=` },
  );
  assert.is(base64.status, 200, 'a Base64 Mcp-Name that matches is accepted');
  for (const method of ['GET', 'DELETE']) {
    const response = await fetch(http.url, { method });
    assert.is(response.status, 405, method);
    assert.is(response.headers.get('allow'), 'POST');
    assert.is(response.headers.get('mcp-session-id'), null);
  }
});

test('a cursor this server never issued is -32602, in both eras', async () => {
  const modern = await postModern(http.url, 'tools/list', { cursor: 'not-a-cursor' });
  assert.is(modern.body.error?.code, -32602);
  assert.match(modern.body.error!.message, /Invalid cursor/);
  for (const era of ['legacy', 'v1'] as const) {
    const client = await connectHttpEra(era, { url: http.url });
    try {
      const error = await client.listTools({ cursor: 'not-a-cursor' }).then(
        () => undefined,
        (e: { code?: number }) => e,
      );
      assert.is(error?.code, -32602, era);
    } finally {
      await client.close();
    }
  }
});

test(
  'initialize without params is -32602 over HTTP and stdio; 2025-06-18 and 2025-03-26 clients are answered in ' +
    'their version',
  async () => {
    const bare = await postRaw(http.url, { jsonrpc: '2.0', id: 1, method: 'initialize' });
    assert.is(bare.body.error?.code, -32602, JSON.stringify(bare.body));
    assert.match(bare.body.error!.message, /^Invalid params for initialize: params are missing$/);
    const piped = await rawStdio(
      [
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize' }),
        JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'initialize', params: { protocolVersion: '2025-03-26' } }),
      ],
      2,
    );
    assert.equal(
      piped.answers.map((a) => (a as { error?: { code: number } }).error?.code),
      [-32602, -32602],
    );
    assert.match(JSON.stringify(piped.answers[1]), /params\.capabilities must be an object/);
    for (const version of ['2025-11-25', '2025-06-18', '2025-03-26']) {
      const answer = await postRaw(http.url, {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
      });
      assert.is(answer.status, 200);
      assert.is(answer.body.result?.protocolVersion, version);
      assert.is(answer.headers.get('content-type'), 'application/json', 'the 2025 leg answers plain JSON');
    }
  },
);

test('an unknown tool is -32602 and its message is prefixed once, in every era', async () => {
  for (const era of ERAS) {
    const client = await connectHttpEra(era, { url: http.url });
    try {
      const error = await client.callTool({ name: 'nope', arguments: {} }).then(
        () => undefined,
        (e: { code?: number; message: string }) => e,
      );
      assert.is(error?.code, -32602, era);
      assert.match(error!.message, /Unknown tool: nope/);
      assert.not.match(error!.message, /MCP error -32602: MCP error/, `${era}: ${error!.message}`);
    } finally {
      await client.close();
    }
  }
  const raw = await postModern(http.url, 'tools/call', { name: 'nope', arguments: {} });
  assert.is(raw.body.error?.message, 'Unknown tool: nope');
});

test('an stdio line over the read limit is an error on stderr and a non-zero exit, not a silent exit 0', async () => {
  const line = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/list',
    params: { pad: 'x'.repeat(4 * 1024 * 1024) },
  });
  const run = await rawStdio([line], 1);
  assert.equal(run.answers, []);
  assert.is(run.code, 1);
  assert.match(run.stderr, /toolkit server: a message on stdin is longer than 4194304 bytes/);
});

test.run();
