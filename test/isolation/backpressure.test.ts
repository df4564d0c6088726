/**
 * Issue 21, clients that do not read: a stdio client writing 3,000 `tools/list` lines and never
 * reading made the server buffer every answer (524 MB and growing); 40 HTTP connections pipelining
 * 100-item batches took over 1 GB and left other clients unanswered. Now the server stops reading a
 * client whose answers it cannot write: its memory stays bounded (stated below), every request is
 * still answered once the client reads, and another HTTP client is answered within a few seconds
 * meanwhile (its request goes before the flood's queued work).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { BENIGN_TOOL, startBoundsWorld, type BoundsWorld } from './support/bounds-world.ts';
import { schemaFile } from './support/schemas.ts';

const BIN = resolve(import.meta.dirname, '../../cli/bin.mjs');
const LINES = 3000;
/**
 * Growth of the server's RSS allowed while a client does not read (the bound is ~1 MiB of output plus 32 answers of
 * ~150 KB).
 */
const STDIO_GROWTH_BOUND = 120 * 1024 * 1024;
/**
 * The HTTP server runs with its V8 heap capped as an operator would deploy it: a server that kept the
 * answers of the requests it cannot write would run out of heap and die; one that holds a group of
 * answers per connection keeps answering. Without a cap, V8 grows its heap with the garbage of the
 * flood as it sees fit (RSS 200-460 MB on Node 24 with ~60-120 MB live), which says nothing about what
 * is held.
 */
const HTTP_HEAP_CAP_MB = 160;
/** Growth of RSS allowed under that cap: the heap, the answers being written and the sockets' buffers. */
const HTTP_GROWTH_BOUND = 200 * 1024 * 1024;
/**
 * Longest another client may wait for its answer during the HTTP flood (measured: about 1.2 s for the
 * first call as the flood arrives, then about 0.1 s, at a load average of 10 on 2 cores; 48 s with
 * the work taken in arrival order).
 */
const ANSWER_BOUND_MS = 5000;

/** Three schemas of eight tools with long descriptions: a plain listing of about 150 KB. */
function wideSchemas(origin: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const namespace of ['wideone', 'widetwo', 'widethree']) {
    const tools = Object.fromEntries(
      Array.from({ length: 8 }, (_, index) => [`getItem${'ABCDEFGH'[index]}`, { path: `/item/${index}` }]),
    );
    files[`${namespace}/${namespace}.mjs`] = schemaFile({ namespace, root: origin, tools }).replace(
      /description: 'Tool (\w+) of (\w+)\.'/g,
      (_, tool: string) => `description: 'Tool ${tool}: ${'words about what it returns '.repeat(220)}'`,
    );
  }
  return files;
}

const rssOf = (pid: number): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function start(args: string[], world: BoundsWorld, nodeArgs: string[] = []): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [...nodeArgs, ...args], {
    cwd: world.ws.dir,
    env: { PATH: process.env.PATH ?? '', HOME: world.ws.dir, TOOLKIT_MODE: 'dev', ...world.env() },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Lines of stdout, counted as they come. */
function lineCounter(child: ChildProcessWithoutNullStreams): { count(): number; text(): string } {
  let count = 0;
  let first = '';
  child.stdout.pause();
  child.stdout.on('data', (chunk: Buffer) => {
    if (first.length < 4096) first += chunk.toString('utf8');
    for (let at = chunk.indexOf(0x0a); at >= 0; at = chunk.indexOf(0x0a, at + 1)) count += 1;
  });
  child.stdout.pause();
  return { count: () => count, text: () => first };
}

let world: BoundsWorld;
const stdio = suite('a stdio client that writes and does not read');

stdio.before(async () => {
  world = await startBoundsWorld('backpressure', {}, wideSchemas);
});

stdio(
  'the server pauses its input: RSS stays bounded, and every request is answered once the client reads',
  async () => {
    for (const [kind, args] of [
      [
        'toolkit server',
        [BIN, 'server', '--schemas', join(world.ws.dir, 'schemas'), '--project', world.ws.dir, '--no-toolset'],
      ],
      ['built bundle', [join(world.ws.dir, 'out', 'catalog.mjs'), '--no-toolset']],
    ] as const) {
      const child = start([...args], world);
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      const lines = lineCounter(child);
      const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
      send({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'flood', version: '1' } },
      });
      send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      child.stdout.resume();
      for (let waited = 0; lines.count() < 1 && waited < 60_000; waited += 100) await sleep(100);
      assert.is(lines.count(), 1, `${kind}: no answer to initialize: ${stderr}`);
      child.stdout.pause();
      await sleep(500);
      const before = rssOf(child.pid!);
      for (let id = 1; id <= LINES; id++) send({ jsonrpc: '2.0', id, method: 'tools/list' });
      let peak = before;
      for (let t = 0; t < 40; t++) {
        await sleep(200);
        peak = Math.max(peak, rssOf(child.pid!));
      }
      assert.ok(
        peak - before < STDIO_GROWTH_BOUND,
        `${kind}: RSS grew by ${Math.round((peak - before) / 2 ** 20)} MB while the client did not read`,
      );
      child.stdout.resume();
      for (let waited = 0; lines.count() < LINES + 1 && waited < 240_000; waited += 200) await sleep(200);
      assert.is(lines.count(), LINES + 1, `${kind}: every tools/list was answered once the client read`);
      assert.match(lines.text(), /"serverInfo"/);
      child.stdin.end();
      child.kill();
    }
  },
);

stdio.run();

const http = suite('40 HTTP connections pipelining 100-item batches, reading nothing');

const post = (port: number, body: string) =>
  `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nAccept: application/json, ` +
  `text/event-stream\r\nMCP-Protocol-Version: 2025-03-26\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

http.after(() => world?.close());

http('RSS stays bounded and another client is answered meanwhile', async () => {
  // The listing is over 50 KB: served as the toolset (three tools), as a user gets it by default.
  const child = start(
    [BIN, 'server', '--schemas', join(world.ws.dir, 'schemas'), '--project', world.ws.dir, '--http', '127.0.0.1:0'],
    world,
    [`--max-old-space-size=${HTTP_HEAP_CAP_MB}`],
  );
  const sockets: Socket[] = [];
  try {
    await flood(child, sockets);
  } finally {
    for (const socket of sockets) socket.destroy();
    // A server whose sockets are full may take a while to stop: it is not waited for.
    child.kill('SIGKILL');
  }
});

async function flood(child: ChildProcessWithoutNullStreams, sockets: Socket[]): Promise<void> {
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  for (let waited = 0; !/listening on (\S+)/.test(out) && waited < 180_000; waited += 100) await sleep(100);
  const url = /listening on (\S+)/.exec(out)?.[1];
  assert.ok(url, out);
  const port = Number(new URL(url!).port);
  // A new connection per call (a kept-alive one may meet the server's idle timeout mid-request).
  const call = async () => {
    const started = Date.now();
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: BENIGN_TOOL, arguments: { n: '1' } },
    });
    const { status, text } = await new Promise<{ status: number; text: string }>((done, fail) => {
      const req = request(
        url!,
        {
          method: 'POST',
          agent: false,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': '2025-03-26',
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          res.on('end', () => done({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', fail);
      req.end(body);
    });
    assert.is(status, 200, text);
    assert.match(text, /\\"path\\":\\"\/benign\\"/);
    return Date.now() - started;
  };
  await call().catch((error: Error) =>
    assert.unreachable(`before the flood: ${error.message} ${String((error as { cause?: unknown }).cause)} ${out}`),
  );
  await sleep(500);
  const before = rssOf(child.pid!);
  const batch = JSON.stringify(Array.from({ length: 100 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'tools/list' })));
  for (let c = 0; c < 40; c++) {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.pause();
    // Written without waiting: what the server does not read stays in this process and the kernel.
    for (let r = 0; r < 25; r++) socket.write(post(port, batch));
    sockets.push(socket);
  }
  let peak = before;
  const waits: number[] = [];
  for (let t = 0; t < 10; t++) {
    await sleep(500);
    peak = Math.max(peak, rssOf(child.pid!));
    waits.push(await call());
  }
  const worst = Math.max(...waits);
  const grown = Math.round((peak - before) / 2 ** 20);
  process.stdout.write(`  HTTP flood: RSS grew ${grown} MB; another client's calls took ${waits.join(', ')} ms\n`);
  assert.is(child.exitCode, null, `the server died during the flood: ${out}`);
  assert.ok(peak - before < HTTP_GROWTH_BOUND, `RSS grew by ${grown} MB`);
  // Answered, correctly, while the flood goes on: its request goes before the flood's queued work.
  assert.ok(worst < ANSWER_BOUND_MS, `another client waited ${worst} ms (calls took ${waits.join(', ')} ms)`);
}

http.run();
