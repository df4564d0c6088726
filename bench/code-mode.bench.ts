/**
 * Code mode against native calls over the shipped catalog, its upstreams replayed on loopback HTTPS
 * (the recordings of the provider tests, test CA): six multi-step tasks done once as an agent
 * calling each tool itself, once as one `run_program`. Per task: round trips, bytes of the results
 * the client receives, wall time. Then the warm check's latency (p50/p95 over the tasks' programs)
 * and every listing mode's first listing in tokens for the whole catalog.
 *
 *   node --import tsx bench/code-mode.bench.ts
 */
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { listingPrices, TOKENIZER } from '../compiler/build/listing-prices.ts';
import { apiDeclarations } from '../compiler/emit/code-mode-api.ts';
import { loadSchemaTree } from '../compiler/index.ts';
import { createCodeMode } from '../runtime/code-mode/index.ts';
import { createMcpServer } from '../runtime/mcp-server.ts';
import { createRuntime } from '../runtime/create-runtime.ts';
import type { SchemaModel } from '../runtime/model.ts';
import { createUpstreamHttpClient } from '../runtime/upstream/upstream-http.ts';
import { loadRecordings, startReplay } from '../test/support/replay-upstream.ts';
import { createTestCa } from '../test/support/tls.ts';

interface Task {
  readonly name: string;
  /** The native calls, in the order an agent makes them (each waits for the one before). */
  readonly calls: readonly { readonly tool: string; readonly args: Record<string, unknown> }[];
  /** The same work as one program. */
  readonly program: string;
}

const TASKS: readonly Task[] = [
  {
    name: 'warmest day, Lisbon and Denver',
    calls: [
      { tool: 'get_daily_forecast_openmeteo', args: { latitude: 38.72, longitude: -9.14, forecast_days: 3 } },
      {
        tool: 'get_daily_forecast_openmeteo',
        args: { latitude: 39.74, longitude: -104.99, temperature_unit: 'fahrenheit' },
      },
    ],
    program:
      `const lisbon = await tools.openmeteo.getDailyForecast({ latitude: 38.72, longitude: -9.14, ` +
      `forecast_days: 3 });
const denver = await tools.openmeteo.getDailyForecast({ latitude: 39.74, longitude: -104.99, temperature_unit: ` +
      `'fahrenheit' });
const max = (f) => Math.max(...((f.daily && f.daily.temperature_2m_max) || []));
return { lisbonC: max(lisbon), denverF: max(denver) };`,
  },
  {
    name: 'crypto snapshot, two exchanges',
    calls: [
      { tool: 'get_price_binance', args: { symbol: 'BTCUSDT' } },
      { tool: 'get24h_stats_binance', args: { symbol: 'ETHUSDT' } },
      { tool: 'get_markets_coingecko', args: { per_page: 3 } },
    ],
    program: `const [btc, eth, markets] = await Promise.all([
  tools.binance.getPrice({ symbol: 'BTCUSDT' }),
  tools.binance.get24hStats({ symbol: 'ETHUSDT' }),
  tools.coingecko.getMarkets({ per_page: 3 }),
]);
const list = Array.isArray(markets) ? markets : markets.coins || [];
return { btc: btc.price, ethChange: eth.priceChangePercent, top: list.map((c) => c.symbol || c.id) };`,
  },
  {
    name: 'holidays in three countries',
    calls: [
      { tool: 'get_public_holidays_nagerdate', args: { year: 2025, countryCode: 'DE' } },
      { tool: 'get_long_weekends_nagerdate', args: { year: 2025, countryCode: 'AT' } },
      { tool: 'get_next_public_holidays_nagerdate', args: { countryCode: 'JP' } },
    ],
    program:
      `const de = await tools.nagerdate.getPublicHolidays({ year: 2025, countryCode: 'DE' });
const at = await tools.nagerdate.getLongWeekends({ year: 2025, countryCode: 'AT' });
const jp = await tools.nagerdate.getNextPublicHolidays({ countryCode: 'JP' });
const count = (x) => (Array.isArray(x) ? x.length : Object.keys(x || {}).length);
return { germanHolidays: count(de), austrianLongWeekends: count(at), nextInJapan: Array.isArray(jp) && jp[0] ? ` +
      `jp[0].localName || jp[0].name : null };`,
  },
  {
    name: 'latest versions, npm and PyPI',
    calls: [
      { tool: 'get_package_npm', args: { name: 'express' } },
      { tool: 'get_version_npm', args: { name: 'zod' } },
      { tool: 'get_project_pypi', args: { project: 'requests' } },
    ],
    program:
      `const [express, zod, requests] = await Promise.all([
  tools.npm.getPackage({ name: 'express' }),
  tools.npm.getVersion({ name: 'zod' }),
  tools.pypi.getProject({ project: 'requests' }),
]);
return { express: express.distTags && express.distTags.latest, zod: zod.version, requests: requests.version || ` +
      `(requests.recentReleases && requests.recentReleases[0] && requests.recentReleases[0].version) };`,
  },
  {
    name: 'strongest recent earthquake',
    calls: [
      { tool: 'get_recent_feed_usgs', args: {} },
      { tool: 'search_earthquakes_usgs', args: { starttime: '2025-06-01', endtime: '2025-06-08', minmagnitude: 5 } },
    ],
    program:
      `const week = await tools.usgs.getRecentFeed({});
const june = await tools.usgs.searchEarthquakes({ starttime: '2025-06-01', endtime: '2025-06-08', minmagnitude: 5 });
const quakes = (x) => (Array.isArray(x) ? x : x.earthquakes || x.features || x.events || []);
const strongest = (x) => quakes(x).reduce((best, q) => { const m = q.magnitude ?? (q.properties && q.properties.mag) ` +
      `?? 0; return m > best ? m : best; }, 0);
return { significantThisWeek: quakes(week).length, juneMax: strongest(june) };`,
  },
  {
    name: 'who, what and when: Wikipedia',
    calls: [
      { tool: 'get_summary_wikipedia', args: { title: 'Ada_Lovelace' } },
      { tool: 'search_articles_wikipedia', args: { q: 'analytical engine babbage', limit: 2 } },
      { tool: 'get_on_this_day_wikipedia', args: { type: 'births', month: '12', day: '10' } },
    ],
    program: `const ada = await tools.wikipedia.getSummary({ title: 'Ada_Lovelace' });
const engine = await tools.wikipedia.searchArticles({ q: 'analytical engine babbage', limit: 2 });
const births = await tools.wikipedia.getOnThisDay({ type: 'births', month: '12', day: '10' });
const list = (x) => (Array.isArray(x) ? x : x.pages || x.births || x.items || []);
return { who: ada.title, firstHit: (list(engine)[0] || {}).title, bornThatDay: list(births).length };`,
  },
];

const bytesOf = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));
const percentile = (values: number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))]!;

const entries = await loadSchemaTree(resolve(import.meta.dirname, '../schemas'), { allowedLibraries: [] });
const schemas = entries.map((entry) => entry.model).filter((model): model is SchemaModel => model !== undefined);
const recordings = loadRecordings();
const ca = createTestCa({ names: [...new Set(recordings.map((r) => r.host))] });
const serverParams = Object.fromEntries(
  schemas.flatMap((s) => s.requiredServerParams).map((key) => [key, 'bench-secret']),
);
const replay = await startReplay(recordings, ca, serverParams);
const http = createUpstreamHttpClient({ ca: ca.ca, connectTo: replay.connectTo });
const runtime = createRuntime({ schemas, serverParams, http });
const code = createCodeMode(runtime, {
  schemas: () => schemas,
  api: apiDeclarations,
  redact: runtime.redact,
  withTools: true,
});

const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
await createMcpServer(code, { name: 'bench', version: '0' }).connect(serverSide);
const client = new Client({ name: 'bench', version: '0' });
await client.connect(clientSide);

// Warm: the checker (compiler loaded, API parsed), the sandbox workers, the upstream connections.
await client.callTool({ name: 'run_program', arguments: { code: 'return 1;' } });
for (const task of TASKS)
  for (const call of task.calls) await client.callTool({ name: call.tool, arguments: call.args });

const rows: string[][] = [];
let nativeBytes = 0;
let codeBytes = 0;
let nativeMs = 0;
let codeMs = 0;
const ROUNDS = 3;
for (const task of TASKS) {
  let native = { bytes: 0, ms: Infinity };
  let program = { bytes: 0, ms: Infinity, answer: '' };
  for (let round = 0; round < ROUNDS; round++) {
    let started = performance.now();
    let bytes = 0;
    for (const call of task.calls) {
      const result = await client.callTool({ name: call.tool, arguments: call.args });
      if (result.isError) throw new Error(`${task.name}: ${call.tool} failed: ${JSON.stringify(result.content)}`);
      bytes +=
        bytesOf(result.content) + (result.structuredContent === undefined ? 0 : bytesOf(result.structuredContent));
    }
    native = { bytes, ms: Math.min(native.ms, performance.now() - started) };
    started = performance.now();
    const result = await client.callTool({ name: 'run_program', arguments: { code: task.program } });
    const ms = performance.now() - started;
    if (result.isError) throw new Error(`${task.name}: the program failed: ${JSON.stringify(result.content)}`);
    program = {
      bytes: bytesOf(result.content),
      ms: Math.min(program.ms, ms),
      answer: (result.content as { text: string }[])[0]!.text,
    };
  }
  nativeBytes += native.bytes;
  codeBytes += program.bytes;
  nativeMs += native.ms;
  codeMs += program.ms;
  rows.push([
    task.name,
    `${task.calls.length} / 1`,
    `${native.bytes.toLocaleString('en-US')} / ${program.bytes.toLocaleString('en-US')}`,
    `${(native.bytes / program.bytes).toFixed(1)}×`,
    `${native.ms.toFixed(0)} / ${program.ms.toFixed(0)}`,
    program.answer.slice(0, 60),
  ]);
}

// The check alone, warm: each task's program, many times.
const checks: number[] = [];
for (let round = 0; round < 10; round++) {
  for (const task of TASKS) {
    const started = performance.now();
    const checked = code.checker.check(task.program);
    checks.push(performance.now() - started);
    if (!checked.ok) throw new Error(`${task.name}: ${JSON.stringify(checked.problems)}`);
  }
}

const prices = await listingPrices(JSON.stringify(runtime.listing), runtime.listing.length);

console.log(
  `code mode vs native calls over the shipped catalog (${runtime.listing.length} tools), replayed upstreams; best of ` +
    `${ROUNDS}; load ${loadavg()[0]!.toFixed(1)} on this machine (shared: figures are noisy, compare the ratios)`,
);
console.log('');
console.log(
  '| task | round trips native / code | bytes back native / code | fewer bytes | ms native / code | answer |',
);
console.log('|---|---|---|---|---|---|');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
console.log(
  `| all ${TASKS.length} | ${TASKS.reduce((n, t) => n + t.calls.length, 0)} / ${TASKS.length} | ` +
    `${nativeBytes.toLocaleString('en-US')} / ${codeBytes.toLocaleString('en-US')} | ` +
    `${(nativeBytes / codeBytes).toFixed(1)}× | ${nativeMs.toFixed(0)} / ${codeMs.toFixed(0)} | |`,
);
// Native calls here cost no model turn; an agent pays one per round trip. Code mode saves round trips,
// so it takes less wall time once a turn costs more than this.
const savedTrips = TASKS.reduce((n, t) => n + t.calls.length, 0) - TASKS.length;
const breakEven = Math.max(0, codeMs - nativeMs) / savedTrips;
console.log(
  `wall time: code mode saves ${savedTrips} round trips and costs ${(codeMs - nativeMs).toFixed(0)} ms more here, ` +
    `where a round ` +
    `trip costs no model turn: it takes less wall time whenever a model turn costs more than ` +
    `${breakEven.toFixed(0)} ms`,
);
console.log('');
console.log(
  `check (warm, ${checks.length} checks of the task programs): p50 ${percentile(checks, 0.5).toFixed(1)} ms, p95 ` +
    `${percentile(checks, 0.95).toFixed(1)} ms`,
);
console.log('');
console.log(`first listing of the whole catalog, tokens by ${TOKENIZER}:`);
console.log('| mode | bytes | tokens |');
console.log('|---|---|---|');
for (const price of prices)
  console.log(`| ${price.mode} | ${price.bytes.toLocaleString('en-US')} | ${price.tokens.toLocaleString('en-US')} |`);

await client.close();
await code.close();
await runtime.close();
http.close();
await replay.close();
// Something of the replayed catalog keeps the event loop alive after every close (not found yet):
// name it and end, rather than hang the bench run.
setTimeout(() => {
  process.stderr.write(`code-mode bench: still open after closing: ${process.getActiveResourcesInfo().join(', ')}\n`);
  process.exit(0);
}, 2000).unref();
