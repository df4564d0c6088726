/**
 * `toolkit server`: loads real `.mjs` schemas through the compiler front end and serves them over
 * stdio and HTTP to the SDK client; `--group` narrows to a group of `.toolkit/config.json`;
 * `--print-config` prints the client block with placeholders; mistakes are one line.
 */
import { PassThrough } from 'node:stream';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { main } from '../../cli/main.ts';
import { startHttpServer } from '../support/http-server.ts';
import { connectHttpEra, connectStdioEra, ERAS, MODERN } from '../support/mcp-eras.ts';
import { createTestCa, type TestCa } from '../support/tls.ts';
import { assertNoCanary, CANARY, captured, recordMessages, textOf } from './support/spawn-server.ts';
import { startUpstream, type Upstream } from './support/upstream.ts';

const test = suite('toolkit server');
const BIN = resolve(import.meta.dirname, '../../cli/bin.mjs');
let ca: TestCa;
let upstream: Upstream;
let project: string;
let home: string;

const schemaFile = (root: string) =>
  `export const main = {
    namespace: 'weather',
    name: 'Weather',
    description: 'Test weather API on loopback.',
    version: '3.0.0',
    root: '${root}',
    requiredServerParams: [ 'CMD_KEY' ],
    headers: { Authorization: 'Bearer {{CMD_KEY}}' },
    tools: {
        getForecast: {
            method: 'GET',
            path: '/forecast/:city',
            description: 'Forecast for a city.',
            parameters: [
                { position: { key: 'city', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: ` +
  `'string()', options: [] } },
                { position: { key: 'days', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', ` +
  `options: [ 'optional()', 'default(3)', 'min(1)', 'max(7)' ] } }
            ]
        },
        getAlerts: {
            method: 'GET',
            path: '/alerts',
            description: 'Weather alerts.',
            parameters: []
        }
    }
}

export const handlers = ( { sharedLists, libraries } ) => ( {
    getForecast: {
        postRequest: async ( { response, struct, payload } ) => ( { response: { city: payload.city, path: ` +
  `response.url } } )
    }
} )
`;

const env = () => ({ PATH: process.env.PATH ?? '', HOME: home, NODE_EXTRA_CA_CERTS: ca.caFile, CMD_KEY: CANARY });

test.before(async () => {
  ca = createTestCa();
  upstream = await startUpstream(ca);
  project = mkdtempSync(join(tmpdir(), 'toolkit-project-'));
  home = mkdtempSync(join(tmpdir(), 'toolkit-home-'));
  mkdirSync(join(project, 'schemas', 'weather'), { recursive: true });
  writeFileSync(join(project, 'schemas', 'weather', 'weather.mjs'), schemaFile(upstream.origin));
  writeFileSync(join(project, 'schemas', 'weather', 'broken.mjs'), "export const main = { namespace: 'Bad1' }\n");
  mkdirSync(join(project, '.toolkit'));
  // The user granted CMD_KEY to the weather schema (`toolkit grant weather CMD_KEY`).
  writeFileSync(
    join(project, '.toolkit', 'config.json'),
    JSON.stringify({
      groups: {
        alerts: { tools: ['weather/getAlerts'] },
        typo: { tools: ['weather/getAlerts', 'weather/getAlert', 'wether'] },
      },
      grants: { weather: ['CMD_KEY'] },
    }),
  );
});

test.after(async () => {
  await upstream?.close();
  assertNoCanary();
});

async function connectStdio(args: string[]): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'server', ...args],
    env: env(),
    cwd: project,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString('utf8');
    captured.push(c.toString('utf8'));
  });
  const client = new Client({ name: 'cmd-test', version: '0' });
  await client.connect(transport);
  recordMessages(transport);
  return { client, stderr: () => stderr };
}

test('stdio: serves the loaded schema, runs its handler, skips the broken file with a note', async () => {
  const { client, stderr } = await connectStdio([]);
  try {
    const { tools } = await client.listTools();
    assert.equal(tools.map((t) => t.name).sort(), ['get_alerts_weather', 'get_forecast_weather']);
    const result = await client.callTool({ name: 'get_forecast_weather', arguments: { city: 'São Paulo' } });
    assert.not.ok(result.isError, textOf(result));
    assert.equal(JSON.parse(textOf(result)), { city: 'São Paulo', path: '/forecast/S%C3%A3o%20Paulo?days=3' });
    assert.is(upstream.seen[upstream.seen.length - 1]!.headers.authorization, `Bearer ${CANARY}`);
    assert.match(stderr(), /skipped .*broken\.mjs/);
    // The catalog's wrong-order options ('optional()', 'default(3)', 'min(1)', 'max(7)') work, with a typed default.
    const forecast = tools.find((t) => t.name === 'get_forecast_weather')!;
    assert.equal(forecast.inputSchema.properties?.days, { type: 'number', minimum: 1, maximum: 7, default: 3 });
    const tooMany = await client.callTool({ name: 'get_forecast_weather', arguments: { city: 'Oslo', days: 9 } });
    assert.ok(tooMany.isError);
    assert.match(textOf(tooMany), /days: Too big/);
  } finally {
    await client.close();
  }
});

test('--group serves only the tools of that group', async () => {
  const { client } = await connectStdio(['--group', 'alerts']);
  try {
    const { tools } = await client.listTools();
    assert.equal(
      tools.map((t) => t.name),
      ['get_alerts_weather'],
    );
  } finally {
    await client.close();
  }
});

test('--group names each entry that matches nothing on stderr, and serves the rest', async () => {
  const { client, stderr } = await connectStdio(['--group', 'typo']);
  try {
    const { tools } = await client.listTools();
    assert.equal(
      tools.map((t) => t.name),
      ['get_alerts_weather'],
    );
    assert.match(stderr(), /^toolkit server: group "typo": "weather\/getAlert" matches no loaded schema or tool$/m);
    assert.match(stderr(), /^toolkit server: group "typo": "wether" matches no loaded schema or tool$/m);
    assert.not.match(stderr(), /"weather\/getAlerts" matches no/);
  } finally {
    await client.close();
  }
});

test('--http serves the same tools over Streamable HTTP', async () => {
  const record = (text: string) => captured.push(text);
  const { url, stop } = await startHttpServer([BIN, 'server', '--http', '127.0.0.1:0'], {
    env: env(),
    cwd: project,
    onStderr: record,
    onStdout: record,
  });
  const client = new Client({ name: 'cmd-http', version: '0' });
  try {
    const transport = new StreamableHTTPClientTransport(new URL(url));
    await client.connect(transport);
    recordMessages(transport);
    const result = await client.callTool({ name: 'get_alerts_weather', arguments: {} });
    assert.not.ok(result.isError, textOf(result));
  } finally {
    await client.close();
    await stop();
  }
});

test(
  'a 2026-07-28 client, a 2025-11-25 client and a v1 client list and call the same tools, over ' + 'stdio and HTTP',
  async () => {
    const { url, stop } = await startHttpServer([BIN, 'server', '--http', '127.0.0.1:0'], {
      env: env(),
      cwd: project,
      onStderr: (text) => captured.push(text),
    });
    try {
      for (const transport of ['stdio', 'http'] as const) {
        const seen: Record<string, unknown> = {};
        for (const era of ERAS) {
          const client =
            transport === 'http'
              ? await connectHttpEra(era, { url })
              : await connectStdioEra(era, {
                  command: process.execPath,
                  args: [BIN, 'server'],
                  env: env(),
                  cwd: project,
                  onStderr: (t) => captured.push(t),
                });
          try {
            assert.is(client.protocolVersion, era === 'modern' ? MODERN : '2025-11-25', `${transport} ${era}`);
            const { tools } = await client.listTools();
            const result = await client.callTool({ name: 'get_forecast_weather', arguments: { city: 'Lima' } });
            seen[era] = {
              names: tools.map((t) => t.name).sort(),
              text: textOf(result),
              isError: result.isError ?? false,
            };
          } finally {
            await client.close();
          }
        }
        assert.equal(
          seen.modern,
          {
            names: ['get_alerts_weather', 'get_forecast_weather'],
            text: '{"city":"Lima","path":"/forecast/Lima?days=3"}',
            isError: false,
          },
          transport,
        );
        assert.equal(seen.legacy, seen.modern, transport);
        assert.equal(seen.v1, seen.modern, transport);
      }
    } finally {
      await stop();
    }
  },
);

/** Runs the CLI in-process (as the clipanion context allows) from the project directory. */
async function runInProject(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const previous = process.cwd();
  process.chdir(project);
  try {
    const code = await main(['server', ...args], { stdout, stderr });
    captured.push(out, err);
    return { code, stdout: out, stderr: err };
  } finally {
    process.chdir(previous);
  }
}

test(
  '--print-config prints the mcpServers block with placeholders, not values, and the grants; it works from any ' +
    'working directory',
  async () => {
    const run = await runInProject(['--group', 'alerts', '--print-config']);
    assert.is(run.code, 0, run.stderr);
    const config = JSON.parse(run.stdout) as {
      mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }>;
    };
    const entry = config.mcpServers['toolkit-alerts']!;
    assert.is(entry.command, process.execPath);
    assert.equal(entry.args, [
      BIN,
      'server',
      '--project',
      project,
      '--schemas',
      join(project, 'schemas'),
      '--group',
      'alerts',
    ]);
    assert.equal(entry.env, { CMD_KEY: '<your CMD_KEY>', TOOLKIT_GRANTS: 'weather:CMD_KEY' });
    // A client starts the server from a directory of its own: the printed command must not depend on it.
    const elsewhere = mkdtempSync(join(tmpdir(), 'toolkit-client-cwd-'));
    const transport = new StdioClientTransport({
      command: entry.command,
      args: entry.args,
      env: env(),
      cwd: elsewhere,
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (c: Buffer) => captured.push(c.toString('utf8')));
    const client = new Client({ name: 'printed-config', version: '0' });
    await client.connect(transport);
    recordMessages(transport);
    try {
      const { tools } = await client.listTools();
      assert.equal(
        tools.map((t) => t.name),
        ['get_alerts_weather'],
      );
    } finally {
      await client.close();
    }
  },
);

test('--project reads .toolkit/config.json from that directory', async () => {
  const elsewhere = mkdtempSync(join(tmpdir(), 'toolkit-other-'));
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const previous = process.cwd();
  process.chdir(elsewhere);
  try {
    const code = await main(
      ['server', '--project', project, '--schemas', join(project, 'schemas'), '--group', 'alerts', '--print-config'],
      { stdout, stderr },
    );
    captured.push(out, err);
    assert.is(code, 0, err);
  } finally {
    process.chdir(previous);
  }
  assert.ok(JSON.parse(out).mcpServers['toolkit-alerts'], out);
});

test('mistakes are one line on stderr with exit 2, never a stack trace', async () => {
  for (const [args, expected] of [
    [['--group', 'nope'], /^toolkit server: no group "nope" in \.toolkit\/config\.json \(groups: alerts, typo\)$/m],
    [['--project', 'missing-project'], /^toolkit server: --project missing-project: not a directory\n$/],
    [['--schemas', 'missing-dir'], /^toolkit server: --schemas missing-dir: not a directory\n$/],
    [['--http', 'not-a-port'], /^toolkit server: --http expects \[host:\]port, got "not-a-port"\n$/],
  ] as const) {
    const run = await runInProject([...args]);
    assert.is(run.code, 2, run.stderr);
    assert.match(run.stderr, expected);
    assert.not.match(run.stderr, /^\s+at /m, 'no stack trace');
    assert.is(run.stdout, '');
  }
});

test.run();
