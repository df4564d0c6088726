/**
 * Handler isolation bench, side by side in one run:
 *  1. per-call latency of one tool with a trivial `preRequest` hook (run in the sandbox: QuickJS in a
 *     worker thread) next to the same tool without hooks, through the runtime, against a loopback
 *     HTTPS upstream; the two take turns in blocks so machine noise hits them alike;
 *  2. cold start (spawn → first `tools/list`) of a 400-schema catalog where 10% of the schemas have
 *     hooks, next to the same catalog without hooks, and the first hooked call after start (which
 *     starts the sandbox worker);
 *  3. memory per loaded hook context (growth of the engine's WebAssembly memory over 100 contexts
 *     loaded in one worker), with no library and with `path` loaded into each.
 * Bounded loops only.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bundlingGuestLibraries } from '../compiler/build/guest-libraries/bundle-guest-library.ts';
import { createRuntime } from '../runtime/create-runtime.ts';
import { WorkerPool } from '../runtime/isolation/worker-pool.ts';
import type { SchemaModel } from '../runtime/model.ts';
import { createUpstreamHttpClient } from '../runtime/upstream/upstream-http.ts';
import { param, schema, str, tool } from '../test/runtime/support/models.ts';
import { createTestCa } from '../test/support/tls.ts';

const CALLS = 600;
const WARMUP = 100;
const BLOCK = 50;
const SPAWNS = 5;
const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number): string => n.toFixed(3).padStart(9);

const ca = createTestCa();
const upstream = createServer({ key: ca.key, cert: ca.cert }, (_req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end('{"price":42.5}');
});
await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
const origin = `https://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

// 1. per-call overhead
const trivial =
  '({ sharedLists, libraries }) => ({ hooked: { preRequest: ({ struct, payload }) => ({ struct, payload }) } })';
const schemas: SchemaModel[] = [
  schema('plain', [tool('price', 'GET', [`${origin}/price`], [param('ids', 'query', str)])]),
  schema(
    'hooks',
    [tool('hooked', 'GET', [`${origin}/price`], [param('ids', 'query', str)], { hooks: ['preRequest'] })],
    { handlersSource: trivial },
  ),
];
const runtime = createRuntime({ schemas, serverParams: {}, http: createUpstreamHttpClient({ ca: ca.ca }) });
const [plainTool, hookedTool] = runtime.tools;
const samples = { plain: [] as number[], hooked: [] as number[] };
/** CPU of this process (every thread: the sandbox worker included) spent in each path's calls, ms. */
const cpu = { plain: 0, hooked: 0 };
const once = async (which: 'plain' | 'hooked', keep: boolean) => {
  const started = performance.now();
  const before = process.cpuUsage();
  const result = await (which === 'plain' ? plainTool! : hookedTool!).call({ ids: 'bitcoin' });
  const used = process.cpuUsage(before);
  if (result.isError) throw new Error(JSON.stringify(result));
  if (keep) {
    samples[which].push(performance.now() - started);
    cpu[which] += (used.user + used.system) / 1000;
  }
};
for (let i = 0; i < WARMUP; i++) {
  await once('plain', false);
  await once('hooked', false);
}
for (let done = 0; done < CALLS; done += BLOCK) {
  for (const which of done % (2 * BLOCK) === 0 ? (['plain', 'hooked'] as const) : (['hooked', 'plain'] as const)) {
    for (let i = 0; i < BLOCK; i++) await once(which, true);
  }
}
await runtime.close();
const plain = samples.plain.sort((a, b) => a - b);
const hooked = samples.hooked.sort((a, b) => a - b);
const cpuPlain = cpu.plain / plain.length;
const cpuHooked = cpu.hooked / hooked.length;
process.stdout.write(
  `\nPer call, ${CALLS} calls each, in-process runtime → loopback HTTPS upstream (ms; CPU = this process, all ` +
    `threads, the upstream server included, mean per call)\n`,
);
process.stdout.write(
  `| path                         |       p50 |       p99 |       CPU |\n|------------------------------|-----------|` +
    `-----------|-----------|\n`,
);
process.stdout.write(
  `| no hooks                     | ${ms(percentile(plain, 50))} | ${ms(percentile(plain, 99))} | ${ms(cpuPlain)} |\n`,
);
process.stdout.write(
  `| trivial preRequest (sandbox) | ${ms(percentile(hooked, 50))} | ${ms(percentile(hooked, 99))} | ` +
    `${ms(cpuHooked)} |\n`,
);
process.stdout.write(
  `| added by the hook            | ${ms(percentile(hooked, 50) - percentile(plain, 50))} | ` +
    `${ms(percentile(hooked, 99) - percentile(plain, 99))} | ${ms(cpuHooked - cpuPlain)} |   (bar: ≤ 0.5 ms p50)\n`,
);
process.stdout.write(
  `(load average at the end: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on ${availableParallelism()} CPUs: wall-clock figures swing with it, CPU much less)\n`,
);

// 2. cold start with 10% hooked schemas
const ENTRY = resolve(import.meta.dirname, '../test/runtime/support/serve-models.ts');
function catalog(hookedShare: number): string {
  const models: SchemaModel[] = [];
  for (let s = 0; s < 400; s++) {
    const namespace = `cat${String.fromCharCode(97 + (s % 26))}${String.fromCharCode(97 + Math.floor(s / 26))}`;
    const hooked = s % Math.round(1 / hookedShare) === 0 && hookedShare > 0;
    models.push(
      schema(
        namespace,
        [0, 1, 2, 3].map((t) =>
          tool(
            `get${t}`,
            'GET',
            [`${origin}/price`],
            [param('ids', 'query', str)],
            hooked ? { hooks: ['preRequest'] } : {},
          ),
        ),
        hooked ? { handlersSource: trivial.replace('hooked', 'get0') } : {},
      ),
    );
  }
  const file = join(mkdtempSync(join(tmpdir(), 'toolkit-iso-bench-')), 'models.json');
  writeFileSync(file, JSON.stringify({ schemas: models }));
  return file;
}
function spawnToList(file: string, callHooked: boolean): Promise<{ list: number; call?: number }> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, file], {
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), NODE_EXTRA_CA_CERTS: ca.caFile },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let out = '';
    let list = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (!list && out.includes('"id":2')) {
        list = performance.now() - started;
        if (!callHooked) child.kill();
        else {
          const at = performance.now();
          const call = { name: 'get0_cataa', arguments: { ids: 'x' } };
          child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: call })}\n`);
          const wait = setInterval(() => {
            if (out.includes('"id":3')) {
              clearInterval(wait);
              child.kill();
              done({ list, call: performance.now() - at });
            }
          }, 1);
        }
        if (!callHooked) done({ list });
      }
    });
    child.on('error', fail);
    const params = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '0' } };
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params })}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`);
  });
}
const none = catalog(0);
const tenth = catalog(0.1);
const cold = { none: [] as number[], tenth: [] as number[], call: [] as number[] };
for (let i = 0; i < SPAWNS; i++) {
  cold.none.push((await spawnToList(none, false)).list);
  const run = await spawnToList(tenth, true);
  cold.tenth.push(run.list);
  cold.call.push(run.call!);
}
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
process.stdout.write(
  `\nCold start, 400 schemas / 1,600 tools, spawn (node --import tsx) → tools/list, median of ${SPAWNS} (ms)\n`,
);
process.stdout.write(
  `| catalog                         |    median |\n|---------------------------------|-----------|\n`,
);
process.stdout.write(
  `| no hooks                        | ${ms(median(cold.none))} |\n| 10% of schemas hooked           | ` +
    `${ms(median(cold.tenth))} |\n| then the first hooked call      | ${ms(median(cold.call))} |   (starts the ` +
    `sandbox worker)\n`,
);

// 3. memory per loaded hook context
const CONTEXTS = 100;
async function memoryPerContext(withLibrary: boolean): Promise<{ heap: number; wasm: number }> {
  const pool = new WorkerPool({ workers: 1 });
  const library = withLibrary ? await bundlingGuestLibraries({ resolveDirs: [process.cwd()] }).load('path') : undefined;
  const define = (i: number) => ({
    schema: i,
    definition: {
      label: `m${i}`,
      source: trivial,
      lists: '{}',
      libraries: library ? [{ ...library, declared: true }] : [],
    },
    tool: 'hooked',
    hook: 'preRequest',
    input: '{"struct":{},"payload":{}}',
    deadline: Date.now() + 30_000,
    signal: new AbortController().signal,
  });
  await pool.run(define(0));
  const before = (await pool.stats())[0]!.wasmBytes;
  for (let i = 1; i <= CONTEXTS; i++) {
    const outcome = await pool.run(define(i));
    if (!outcome.ok) throw new Error(outcome.error);
  }
  const after = (await pool.stats())[0]!;
  if (after.contexts !== CONTEXTS + 1)
    throw new Error(`expected ${CONTEXTS + 1} contexts, the worker holds ${after.contexts}`);
  const result = { heap: after.heapBytes / after.contexts, wasm: (after.wasmBytes - before) / CONTEXTS };
  await pool.close();
  return result;
}
const bare = await memoryPerContext(false);
const withPath = await memoryPerContext(true);
process.stdout.write(
  `\nMemory per loaded hook context, ${CONTEXTS} contexts in one worker (KiB each: QuickJS heap in use; growth of ` +
    `the WebAssembly memory)\n`,
);
process.stdout.write(
  `| context                 |  heap KiB |  WASM KiB |\n|-------------------------|-----------|-----------|\n`,
);
for (const [label, m] of [
  ['trivial hook', bare],
  ['trivial hook + path lib', withPath],
] as const)
  process.stdout.write(
    `| ${label.padEnd(23)} | ${(m.heap / 1024).toFixed(0).padStart(9)} | ${(m.wasm / 1024).toFixed(0).padStart(9)} |\n`,
  );
upstream.close();
upstream.closeAllConnections();
