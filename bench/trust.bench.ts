/**
 * What the secret and origin rules cost, side by side in one run, in-process against a loopback
 * HTTPS upstream:
 *  1. per call, a tool whose schema was granted a key (grant check, token resolution on the root
 *     origin over https, the schema's redactor over a 2 KB JSON answer that holds escapes) next to
 *     the same tool without a key (no checks to make, an empty redactor), for a plain call and for a
 *     call with a trivial `preRequest` hook (then also the slot and destination checks); the
 *     variants take turns in blocks so machine noise hits them alike; the difference of the p50s is
 *     the added cost;
 *  2. the redactor alone on bodies of growing size, with and without escapes (linear: the time per
 *     KB stays flat);
 *  3. a benign tool's worst delay while one schema's upstream sends a gzip bomb (cut at the cap
 *     while inflating) and while another sends 8 MiB of text made of escapes (the redactor's worst
 *     input), next to its delay with nothing else running.
 * Bounded loops only.
 */
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { createRuntime } from '../runtime/create-runtime.ts';
import type { SchemaModel } from '../runtime/model.ts';
import { createRedactor } from '../runtime/secrets/redact.ts';
import { createUpstreamHttpClient } from '../runtime/upstream/upstream-http.ts';
import { schema, tool } from '../test/runtime/support/models.ts';
import { createTestCa } from '../test/support/tls.ts';

const CALLS = 400;
const WARMUP = 60;
const BLOCK = 25;
const KEY = 'sk+live/5f0c1e2d3a4b5c6d7e8f9a0b=x';
const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number): string => n.toFixed(3).padStart(9);

/** A 2 KB answer of the kind APIs send: nested objects, escaped text, URLs. */
const ANSWER = JSON.stringify({
  items: Array.from({ length: 12 }, (_, i) => ({
    id: i,
    name: `Item \u00e9 "${i}"`,
    url: `https://api.example/items/${i}?q=a%20b&r=c`,
    note: 'line one\nline two & more',
    price: 10.5 + i,
    tags: ['a/b', 'c'],
  })),
});
const BOMB = gzipSync(Buffer.alloc(64 * 1024 * 1024, '{},'), { level: 9 });
/** 8 MiB (just under the cap) of escapes in every syntax the redactor decodes. */
const ESCAPE_UNIT = '%41\\u0042&#67;&amp;%5Cu0044 ';
const ESCAPES = ESCAPE_UNIT.repeat(Math.floor((8 * 1024 * 1024 - 16) / ESCAPE_UNIT.length));

const ca = createTestCa();
const upstream = createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
  if (req.url === '/bomb') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    res.end(BOMB);
  } else if (req.url === '/escapes') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(ESCAPES);
  } else {
    res.setHeader('content-type', 'application/json');
    res.end(req.url === '/ping' ? '{"ok":true}' : ANSWER);
  }
});
await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
const origin = `https://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

const echo =
  '({ sharedLists, libraries }) => ({ get: { preRequest: ({ struct, payload }) => ({ struct, payload }) } })';
const keyed = { requiredServerParams: ['BENCH_KEY'], headers: { 'X-Api-Key': [{ server: 'BENCH_KEY' }] } };
const hooked = () => tool('get', 'GET', [`${origin}/items`], [], { hooks: ['preRequest'] });
const schemas: SchemaModel[] = [
  schema('open', [tool('get', 'GET', [`${origin}/items`])]),
  schema('keyed', [tool('get', 'GET', [`${origin}/items`])], keyed),
  schema('openhook', [hooked()], { handlersSource: echo }),
  schema('keyedhook', [hooked()], { ...keyed, handlersSource: echo }),
  schema('benign', [tool('ping', 'GET', [`${origin}/ping`])]),
  schema('bomber', [tool('inflate', 'GET', [`${origin}/bomb`])]),
  schema(
    'escaper',
    [tool('flood', 'GET', [`${origin}/escapes`], [], { output: { mimeType: 'text/plain', schema: {} } })],
    keyed,
  ),
];
const runtime = createRuntime({
  schemas,
  serverParams: { BENCH_KEY: KEY },
  grants: { keyed: ['BENCH_KEY'], keyedhook: ['BENCH_KEY'], escaper: ['BENCH_KEY'] },
  http: createUpstreamHttpClient({ ca: ca.ca }),
});
const [open, keyedTool, openHook, keyedHook, benign, bomber, escaper] = runtime.tools;
const variants = { open: open!, keyed: keyedTool!, openhook: openHook!, keyedhook: keyedHook! };
type Variant = keyof typeof variants;
const samples: Record<Variant, number[]> = { open: [], keyed: [], openhook: [], keyedhook: [] };

const once = async (which: Variant, keep: boolean) => {
  const started = performance.now();
  const result = await variants[which].call({});
  if (result.isError) throw new Error(JSON.stringify(result));
  if (keep) samples[which].push(performance.now() - started);
};
const order: Variant[] = ['open', 'keyed', 'openhook', 'keyedhook'];
for (let i = 0; i < WARMUP; i++) for (const which of order) await once(which, false);
for (let done = 0, turn = 0; done < CALLS; done += BLOCK, turn++) {
  const rotated = [...order.slice(turn % 4), ...order.slice(0, turn % 4)];
  for (const which of rotated) for (let i = 0; i < BLOCK; i++) await once(which, true);
}
for (const list of Object.values(samples)) list.sort((a, b) => a - b);
const p50 = (which: Variant) => percentile(samples[which], 50);
const out = (line: string) => process.stdout.write(`${line}\n`);
out(`\nPer call, ${CALLS} calls each, in-process runtime → loopback HTTPS upstream, 2 KB JSON answer (ms)`);
out(`| ${'call'.padEnd(42)} |       p50 |       p99 |`);
out(`|${'-'.repeat(44)}|-----------|-----------|`);
const LABELS: readonly (readonly [Variant, string])[] = [
  ['open', 'plain, no key (baseline)'],
  ['keyed', 'plain, granted key (checks on)'],
  ['openhook', 'preRequest hook, no key (baseline)'],
  ['keyedhook', 'preRequest hook, granted key (checks on)'],
];
for (const [which, label] of LABELS) {
  out(`| ${label.padEnd(42)} | ${ms(p50(which))} | ${ms(percentile(samples[which], 99))} |`);
}
const added = (on: Variant, off: Variant) => (p50(on) - p50(off)).toFixed(3);
out(
  `Added p50 of the checks: plain call ${added('keyed', 'open')} ms, hooked call ${added('keyedhook', 'openhook')} ms`,
);

// 2. The redactor alone: time per KB, with and without escapes.
const redact = createRedactor([KEY]);
out("\nThe redactor alone (one schema's key, warmed up), µs per KB of text (median of 9 runs)");
out('| text                    |    64 KB |   512 KB |  4096 KB |');
out('|-------------------------|----------|----------|----------|');
const TEXTS = [
  ['JSON without escapes', '{"name":"plain text","n":12345},'],
  ['JSON with escapes', '{"t":"a\\u00e9\\n%20&amp;"},'],
] as const;
for (const [label, unit] of TEXTS) {
  const cells = [64, 512, 4096].map((kb) => {
    // Flat, as a decoded body is (a repeated string is a rope until first read).
    const text = Buffer.from(unit.repeat(Math.ceil((kb * 1024) / unit.length))).toString();
    const runs: number[] = [];
    // Warm: what a long-running server runs is the optimized code.
    for (let i = 0; i < 5; i++) redact(text);
    for (let i = 0; i < 9; i++) {
      const started = performance.now();
      redact(text);
      runs.push(((performance.now() - started) * 1000) / kb);
    }
    return runs
      .sort((a, b) => a - b)[4]!
      .toFixed(2)
      .padStart(8);
  });
  out(`| ${label.padEnd(23)} | ${cells.join(' | ')} |`);
}

// 3. A benign tool's delay while one schema's upstream attacks.
async function benignDelay(attack: (() => Promise<unknown>) | undefined): Promise<number> {
  let worst = 0;
  let running = attack !== undefined;
  const pending = attack?.().finally(() => (running = false));
  const until = performance.now() + 1500;
  do {
    const started = performance.now();
    const result = await benign!.call({});
    if (result.isError) throw new Error(JSON.stringify(result));
    worst = Math.max(worst, performance.now() - started);
  } while (running || performance.now() < until);
  await pending;
  return worst;
}
const quiet = await benignDelay(undefined);
const bombed = await benignDelay(async () => {
  const result = await bomber!.call({});
  if (!result.isError) throw new Error('the bomb was not refused');
});
const flooded = await benignDelay(async () => {
  const result = await escaper!.call({});
  if (result.isError) throw new Error(JSON.stringify(result));
});
out("\nA benign tool's worst call while another schema's upstream attacks (ms)");
out('| while                                                |  worst call |');
out('|------------------------------------------------------|-------------|');
for (const [label, worst] of [
  ['nothing else runs', quiet],
  ['a 64 KB gzip body inflating to 64 MiB (cut at 8 MiB)', bombed],
  ['8 MiB of escapes the redactor decodes (3 layers)', flooded],
] as const)
  out(`| ${label.padEnd(52)} | ${ms(worst).padStart(11)} |`);
const load = loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
out(`\nMachine: ${availableParallelism()} CPUs, load average ${load} (shared; compare within one run)`);

await runtime.close();
upstream.closeAllConnections();
upstream.close();
