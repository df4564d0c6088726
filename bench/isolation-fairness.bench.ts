/**
 * Bounds bench (issue 21), side by side in one run, through the runtime against a loopback HTTPS
 * upstream: the benign tool's usual time, then its worst delay while each attack runs beside it
 * (two schemas' hooks spinning, six schemas' hooks keeping 110 MB, a hostile HTML error body), and
 * the added per-call cost of the reply cap on a plain call and a hooked call. The non-reading client
 * is a serving matter (stdio/HTTP): its bound is measured by test/isolation/backpressure.test.ts.
 * Bounded loops only.
 */
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { capToolResult, DEFAULT_MAX_REPLY_BYTES } from '../runtime/bounds/reply-cap.ts';
import { createRuntime, type Runtime } from '../runtime/create-runtime.ts';
import type { SchemaModel } from '../runtime/model.ts';
import { param, schema, str, tool } from '../test/runtime/support/models.ts';
import { createTestCa } from '../test/support/tls.ts';

const CALLS = 300;
const ms = (n: number): string => n.toFixed(2).padStart(9);
const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

const ca = createTestCa();
process.env.NODE_EXTRA_CA_CERTS = ca.caFile;
const upstream = createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
  if (req.url?.startsWith('/hostile')) {
    res.writeHead(500, { 'content-type': 'text/html' });
    res.end(`${'<!---->'.repeat(40)}x`);
    return;
  }
  res.setHeader('content-type', 'application/json');
  res.end('{"price":42.5}');
});
await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
const origin = `https://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

const hooked = (namespace: string, name: string, body: string): SchemaModel =>
  schema(namespace, [tool(name, 'GET', [`${origin}/x`], [], { hooks: ['executeRequest'] })], {
    handlersSource:
      `({ sharedLists, libraries }) => ({ ${name}: { executeRequest: async ({ struct, payload }) => { ` +
      `${body} } } })`,
  } as Partial<SchemaModel>);

const schemas: SchemaModel[] = [
  schema('benign', [tool('ping', 'GET', [`${origin}/price`], [param('q', 'query', str, { optional: true } as never)])]),
  hooked('hookedbenign', 'answer', 'return { response: { answered: true } };'),
  hooked('spinone', 'spin', 'for (;;) {}'),
  hooked('spintwo', 'spin', 'for (;;) {}'),
  ...['a', 'b', 'c', 'd', 'e', 'f'].map((letter) =>
    hooked(
      `hoard${letter}`,
      'hoard',
      'globalThis.kept = globalThis.kept || "x".repeat(110 * 1024 * 1024); return { response: { kept: ' +
        'globalThis.kept.length } };',
    ),
  ),
  schema('hostile', [tool('page', 'GET', [`${origin}/hostile`])]),
];

const runtime: Runtime = createRuntime({ schemas, serverParams: {}, timeoutMs: 5000 } as never);
const call = async (name: string): Promise<number> => {
  const started = performance.now();
  await runtime.tool(name)!.call({}, {});
  return performance.now() - started;
};

/** The benign tool's worst time over `during` ms while `attack` runs. */
async function worstDuring(attack: () => Promise<unknown>, during = 3000): Promise<number> {
  const running = attack();
  let worst = 0;
  const end = Date.now() + during;
  while (Date.now() < end) worst = Math.max(worst, await call('ping_benign'));
  await running;
  return worst;
}

for (let i = 0; i < 30; i++) await call('ping_benign');
await call('answer_hookedbenign');
const usual: number[] = [];
for (let i = 0; i < CALLS; i++) usual.push(await call('ping_benign'));
const usualHooked: number[] = [];
for (let i = 0; i < CALLS / 3; i++) usualHooked.push(await call('answer_hookedbenign'));

const rows: [string, number][] = [
  ['usual (p50)', percentile(usual, 50)],
  ['usual hooked (p50)', percentile(usualHooked, 50)],
];
// Spinning hooks: the hooked benign tool is the one that shares the pool.
{
  const spin = Promise.all(['spin_spinone', 'spin_spinone', 'spin_spintwo', 'spin_spintwo'].map((name) => call(name)));
  await new Promise((done) => setTimeout(done, 300));
  let worst = 0;
  for (let i = 0; i < 5; i++) worst = Math.max(worst, await call('answer_hookedbenign'));
  rows.push(['hooked, beside 2 spinning schemas', worst]);
  await spin;
}
rows.push([
  'plain, beside 6 x 110 MB hook contexts',
  await worstDuring(() => Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((l) => call(`hoard_hoard${l}`)))),
]);
rows.push([
  'plain, beside hostile HTML bodies',
  await worstDuring(async () => {
    for (let i = 0; i < 20; i++) await call('page_hostile');
  }),
]);

// The reply cap's own cost, per call, on the results the two usual calls return.
const plainResult = await runtime.tool('ping_benign')!.call({}, {});
const hookedResult = await runtime.tool('answer_hookedbenign')!.call({}, {});
const capCost = (result: Parameters<typeof capToolResult>[0]): number => {
  const rounds = 100_000;
  const started = performance.now();
  for (let i = 0; i < rounds; i++) capToolResult(result, DEFAULT_MAX_REPLY_BYTES, false);
  return ((performance.now() - started) / rounds) * 1000;
};

process.stdout.write(
  `load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} (2 cores, shared)\n\n`,
);
process.stdout.write('| benign tool | ms |\n|---|---:|\n');
for (const [what, value] of rows) process.stdout.write(`| ${what} | ${ms(value)} |\n`);
process.stdout.write(
  `\n| reply cap, added per call | µs |\n|---|---:|\n| plain call | ${capCost(plainResult).toFixed(3)} |\n| hooked ` +
    `call | ${capCost(hookedResult).toFixed(3)} |\n`,
);

await runtime.close();
upstream.closeAllConnections();
upstream.close();
