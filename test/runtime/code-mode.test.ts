/**
 * Code mode end to end: a server spawned with `--listing code` over the catalog of two providers
 * (HTTPS upstreams on loopback, signed by the test CA, one keyed by a secret server param) lists
 * search_api and run_program; SDK clients of every era, over stdio and over HTTP, run a program
 * that chains three tools and get one small answer. Wrong programs (unknown tool, wrong argument
 * type, syntax error, infinite loop, 100 MB string, 1,000 calls) each get an error naming what went
 * wrong, the checked ones before any upstream call, and the server keeps answering. The listing
 * modes and their flags.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseServeArgs } from '../../runtime/index.ts';
import { listingAsked } from '../../runtime/command-line/serve-args.ts';
import type { SchemaModel } from '../../runtime/model.ts';
import { connectHttpEra, connectStdioEra, ERAS, type EraClient } from '../support/mcp-eras.ts';
import { createTestCa, type TestCa } from '../support/tls.ts';
import { num, param, schema, str, tool } from './support/models.ts';
import { CANARY } from './support/spawn-server.ts';
import { startUpstream, type Upstream } from './support/upstream.ts';

const test = suite('code mode');
const ROOT = resolve(import.meta.dirname, '../..');
const ENTRY = resolve(import.meta.dirname, 'support/serve-models.ts');

let ca: TestCa;
let upstream: Upstream;
let spec: string;
const children: ChildProcess[] = [];

/** A week of hourly readings: what a forecast tool returns, far more than the question needs. */
const HOURLY = Array.from({ length: 168 }, (_, hour) => ({
  time: `2026-10-${String(1 + Math.floor(hour / 24)).padStart(2, '0')}T${String(hour % 24).padStart(2, '0')}:00`,
  temp: Math.round(80 + 60 * Math.sin(hour / 7)) / 10,
  wind: 3.2,
  humidity: 71,
  pressure: 1013.2,
}));
const MAX_TEMP = Math.max(...HOURLY.map((h) => h.temp));

function catalog(origin: string): SchemaModel[] {
  const point = {
    mimeType: 'application/json',
    schema: { type: 'object', properties: { lat: { type: 'number' }, lon: { type: 'number' } } },
  } as const;
  return [
    schema(
      'geo',
      [
        tool(
          'getCoordinates',
          'GET',
          [`${origin}/geo/search`],
          [param('q', 'query', str, {}, [{ user: true }], 'A postal address.')],
          { description: 'Latitude and longitude of a postal address.', output: point },
        ),
        tool('getTimezone', 'GET', [`${origin}/geo/tz`], [param('lat', 'query', num), param('lon', 'query', num)], {
          description: 'The time zone at a point.',
          output: {
            mimeType: 'application/json',
            schema: { type: 'object', properties: { zone: { type: 'string' } } },
          },
        }),
      ],
      { requiredServerParams: ['GEO_KEY'], headers: { 'x-key': [{ server: 'GEO_KEY' }] } },
    ),
    schema('weather', [
      tool(
        'getForecast',
        'GET',
        [`${origin}/weather/forecast`],
        [param('lat', 'query', num), param('lon', 'query', num)],
        { description: 'Hourly forecast for a week at a point.' },
      ),
    ]),
  ];
}

const CHAIN = `const place = await tools.geo.getCoordinates({ q: 'Karl Johans gate 1, Oslo' });
const [forecast, zone] = await Promise.all([
  tools.weather.getForecast({ lat: place.lat, lon: place.lon }),
  tools.geo.getTimezone({ lat: place.lat, lon: place.lon }),
]);
return { max: Math.max(...forecast.hourly.map((h) => h.temp)), zone: zone.zone };`;

const textOf = (result: { content?: unknown }): string =>
  ((result.content as { type: string; text?: string }[]) ?? []).map((item) => item.text ?? '').join('\n');
const serverEnv = () => ({
  PATH: process.env.PATH ?? '',
  HOME: mkdtempSync(join(tmpdir(), 'toolkit-home-')),
  NODE_EXTRA_CA_CERTS: ca.caFile,
  GEO_KEY: CANARY,
  TOOLKIT_GRANTS: 'geo:GEO_KEY',
});

const stdioClient = (era: (typeof ERAS)[number], flags: string[]): Promise<EraClient> =>
  connectStdioEra(era, {
    command: process.execPath,
    args: ['--import', 'tsx', ENTRY, spec, ...flags],
    env: serverEnv(),
    cwd: ROOT,
  });

/** Spawns the server over HTTP on a free loopback port; resolves with its URL. */
function httpServer(flags: string[]): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, spec, '--http', '127.0.0.1:0', ...flags], {
    env: serverEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: ROOT,
  });
  children.push(child);
  let output = '';
  return new Promise((resolve_, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /listening on (\S+)/.exec(output);
      if (match) resolve_(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
}

test.before(async () => {
  ca = createTestCa();
  const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  upstream = await startUpstream(ca, {
    '/geo/search': () => json({ lat: 59.91, lon: 10.75 }),
    '/geo/tz': () => json({ zone: 'Europe/Oslo' }),
    '/weather/forecast': () => json({ latitude: 59.91, longitude: 10.75, hourly: HOURLY }),
  });
  spec = join(mkdtempSync(join(tmpdir(), 'toolkit-code-mode-')), 'models.json');
  writeFileSync(spec, JSON.stringify({ schemas: catalog(upstream.origin) }));
});

test.after(async () => {
  for (const child of children) child.kill();
  await upstream?.close();
});

/** Runs the chain and checks the answer, the upstream requests and the key sent. */
async function runsTheChain(client: EraClient, label: string): Promise<void> {
  const { tools } = await client.listTools();
  assert.equal(
    tools.map((t) => t.name),
    ['search_api', 'run_program'],
    label,
  );
  const before = upstream.seen.length;
  const result = await client.callTool({ name: 'run_program', arguments: { code: CHAIN } });
  assert.not.ok(result.isError, `${label}: ${textOf(result)}`);
  assert.equal(JSON.parse(textOf(result)), { max: MAX_TEMP, zone: 'Europe/Oslo' }, label);
  // One small answer instead of the week of readings.
  assert.ok(Buffer.byteLength(JSON.stringify(result.content)) < 120, `${label}: ${JSON.stringify(result.content)}`);
  const seen = upstream.seen.slice(before);
  assert.equal(seen.map((r) => r.url.split('?')[0]).sort(), ['/geo/search', '/geo/tz', '/weather/forecast'], label);
  assert.ok(
    seen.filter((r) => r.url.startsWith('/geo/')).every((r) => r.headers['x-key'] === CANARY),
    `${label}: the key is sent to the geo upstream`,
  );
  assert.not.ok(JSON.stringify(result).includes(CANARY), label);
}

/** search_api answers with TypeScript signatures: input and output types, descriptions. */
async function searchesTheApi(client: EraClient): Promise<void> {
  const found = textOf(
    await client.callTool({ name: 'search_api', arguments: { query: 'coordinates of an address' } }),
  );
  assert.match(
    found,
    /tools\.geo\.getCoordinates: \(input: GeoGetCoordinatesInput\) => Promise<GeoGetCoordinatesOutput>;/,
  );
  assert.match(found, /\/\*\* A postal address\. \*\/\n\s+readonly q: string;/);
  assert.match(found, /readonly lat\?: number;/);
  assert.match(found, /Latitude and longitude of a postal address\./);
  const named = textOf(await client.callTool({ name: 'search_api', arguments: { tools: ['weather.getForecast'] } }));
  assert.match(named, /^\/\*\* Hourly forecast for a week at a point\. \*\/\ntools\.weather\.getForecast/);
  const overview = textOf(await client.callTool({ name: 'search_api', arguments: {} }));
  assert.match(overview, /3 tools in 2 namespaces/);
  assert.match(overview, /tools\.geo: getCoordinates, getTimezone/);
}

test(
  'over stdio, every era lists the two code tools and runs a program chaining three tools of two providers; ' +
    'search_api answers in TypeScript',
  async () => {
    for (const era of ERAS) {
      const client = await stdioClient(era, ['--listing', 'code']);
      try {
        await runsTheChain(client, `stdio ${era}`);
        if (era === 'modern') await searchesTheApi(client);
      } finally {
        await client.close();
      }
    }
  },
);

test('over HTTP, every era runs the same program against one server', async () => {
  const url = await httpServer(['--listing', 'code']);
  for (const era of ERAS) {
    const client = await connectHttpEra(era, { url });
    try {
      await runsTheChain(client, `http ${era}`);
    } finally {
      await client.close();
    }
  }
});

test(
  'wrong programs get the error that names the problem; checked ones call no upstream; the server ' + 'keeps answering',
  async () => {
    const client = await stdioClient('modern', [
      '--listing',
      'code',
      '--code-budget',
      'time=2',
      '--code-budget',
      'calls=20',
    ]);
    const run = async (code: string) => client.callTool({ name: 'run_program', arguments: { code } });
    try {
      let before = upstream.seen.length;
      const unknown = await run(
        `const place = await tools.geo.getCoordinates({ q: 'Oslo' });\nreturn await tools.geo.getWeather({ lat: 1 });`,
      );
      assert.ok(unknown.isError);
      assert.match(
        textOf(unknown),
        new RegExp(
          '^the program was not run: it does not fit the API\\nline 2, column 24: tools\\.geo has no tool ' +
            '"getWeather"; its tools: getCoordinates, getTimezone$',
        ),
      );
      const namespace = await run(`return await tools.maps.lookup({});`);
      assert.match(textOf(namespace), /line 1, column 20: tools has no namespace "maps"; its namespaces: geo, weather/);
      const wrongType = await run(
        `const place = await tools.geo.getCoordinates({ q: 'Oslo' });\nreturn tools.weather.getForecast({ lat: ` +
          `'north', lon: place.lon });`,
      );
      assert.ok(wrongType.isError);
      assert.match(textOf(wrongType), /line 2, column \d+: .*Type 'string' is not assignable to type 'number'/);
      const syntax = await run(`const a = await tools.geo.getCoordinates({ q: 'Oslo' });\nreturn {{ a;`);
      assert.ok(syntax.isError);
      assert.match(textOf(syntax), /line 2, column \d+: /);
      assert.is(upstream.seen.length, before, 'no program refused by the check reached an upstream');

      const loop = await run('while (true) {}');
      assert.ok(loop.isError);
      assert.match(textOf(loop), /ran out of time \(budget "time": 2 s per run/);
      const huge = await run(`const s = 'x'.repeat(100 * 1024 * 1024);\nreturn s.length;`);
      assert.ok(huge.isError);
      assert.match(textOf(huge), /ran out of memory \(budget "memory": 64 MB per run\)/);
      before = upstream.seen.length;
      const many = await run(
        `for (let i = 0; i < 1000; i++) await tools.geo.getTimezone({ lat: i, lon: 0 });\nreturn 'done';`,
      );
      assert.ok(many.isError);
      assert.match(textOf(many), /more than 20 tool calls \(budget "calls": 20 per run\)/);
      assert.is(upstream.seen.length - before, 20, 'the calls within the budget were made, none past it');
      const thrown = await run(
        `const place = await tools.geo.getCoordinates({ q: 'Oslo' });\nthrow new RangeError('no forecast for ' ` +
          `+ place.lat);`,
      );
      assert.match(textOf(thrown), /^the program failed: RangeError: no forecast for 59\.91 \(line 2\)/);
      const logged = await run(
        `console.log('looking up'); return (await tools.geo.getTimezone({ lat: 1, lon: 2 })).zone;`,
      );
      assert.equal(logged.content, [
        { type: 'text', text: '"Europe/Oslo"' },
        { type: 'text', text: 'console:\nlooking up' },
      ]);

      // Still answering after all of it.
      assert.equal(
        (await client.listTools()).tools.map((t) => t.name),
        ['search_api', 'run_program'],
      );
      const chain = await run(CHAIN);
      assert.equal(JSON.parse(textOf(chain)), { max: MAX_TEMP, zone: 'Europe/Oslo' });
    } finally {
      await client.close();
    }
  },
);

test('one build, every listing: tools, toolset, tools+code; every tool still callable by name', async () => {
  const names = async (flags: string[]) => {
    const client = await stdioClient('modern', flags);
    try {
      const listed = (await client.listTools()).tools.map((t) => t.name as string);
      const direct = await client.callTool({ name: 'get_timezone_geo', arguments: { lat: 1, lon: 2 } });
      assert.equal(direct.structuredContent, { zone: 'Europe/Oslo' }, flags.join(' '));
      return listed;
    } finally {
      await client.close();
    }
  };
  assert.equal(await names([]), ['get_coordinates_geo', 'get_timezone_geo', 'get_forecast_weather']);
  assert.equal(await names(['--listing', 'tools+code']), [
    'get_coordinates_geo',
    'get_timezone_geo',
    'get_forecast_weather',
    'search_api',
    'run_program',
  ]);
  assert.equal(await names(['--toolset']), ['search_tools', 'describe_tool', 'call_tool']);
  assert.equal(await names(['--listing', 'code']), ['search_api', 'run_program']);
});

test('--listing is read with the toolset flags as its aliases; a mistake is a usage error', () => {
  assert.equal(listingAsked(parseServeArgs(['--listing', 'code'])), 'code');
  assert.equal(listingAsked(parseServeArgs(['--listing=tools+code'])), 'tools+code');
  assert.equal(listingAsked(parseServeArgs(['--toolset'])), 'toolset');
  assert.equal(listingAsked(parseServeArgs(['--no-toolset'])), 'tools');
  assert.equal(listingAsked(parseServeArgs([])), undefined);
  assert.equal(listingAsked(parseServeArgs(['--listing', 'toolset', '--toolset'])), 'toolset');
  assert.throws(
    () => parseServeArgs(['--listing', 'everything']),
    /--listing expects one of tools, toolset, code, tools\+code, got "everything"/,
  );
  assert.throws(
    () => parseServeArgs(['--listing', 'code', '--no-toolset']),
    /--listing code and --no-toolset contradict each other/,
  );
  assert.equal(parseServeArgs(['--code-budget', 'time=2', '--code-budget', 'calls=5']).codeBudgets, [
    'time=2',
    'calls=5',
  ]);
});

test.run();
