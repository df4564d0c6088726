/**
 * HTTP serving bounds (issue 21), side by side in one run: the benign tool's time for a client of
 * `serveHttp` (a new connection per call), usual, then its worst while other clients flood: 40
 * connections pipelining 100-member batches of `tools/list` and reading nothing, then 8 connections
 * each posting 100-member batches of tool calls one after another. Bounded in count and time.
 */
import { createServer } from 'node:https';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createRuntime } from '../runtime/create-runtime.ts';
import { createMcpServer } from '../runtime/mcp-server.ts';
import { serveHttp } from '../runtime/http/serve-http.ts';
import { param, schema, str, tool } from '../test/runtime/support/models.ts';
import { createTestCa } from '../test/support/tls.ts';

// The server runs in a child process (this file with `serve`), so the flooding clients here do not
// share its thread.
if (process.argv[2] === 'serve') {
  const ca = createTestCa();
  process.env.NODE_EXTRA_CA_CERTS = ca.caFile;
  const upstream = createServer({ key: ca.key, cert: ca.cert }, (_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{"price":42.5}');
  });
  await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
  const origin = `https://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const runtime = createRuntime({
    schemas: [
      schema('benign', [
        tool('ping', 'GET', [`${origin}/price`], [param('q', 'query', str, { optional: true } as never)]),
      ]),
    ],
    serverParams: {},
    timeoutMs: 5000,
  } as never);
  const served = await serveHttp(() => createMcpServer(runtime), { port: 0 });
  process.stdout.write(`${served.url}\n`);
  process.stdin.resume();
  process.stdin.once('end', () => process.exit(0));
} else {
  await bench();
}

async function bench(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'serve'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const url = new URL(
    await new Promise<string>((done) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        if (out.includes('\n')) done(out.trim());
      });
    }),
  );

  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-03-26',
  };
  const callBody = (id: number) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'ping_benign', arguments: {} },
  });

  /** One POST on its own connection, read whole; how long it took, ms. */
  const post = (body: unknown): Promise<number> =>
    new Promise((done, fail) => {
      const started = performance.now();
      const req = request(url, { method: 'POST', agent: false, headers }, (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 ? done(performance.now() - started) : fail(new Error(`HTTP ${res.statusCode}`)),
        );
      });
      req.on('error', fail);
      req.end(JSON.stringify(body));
    });

  /** The benign call's worst time over `during` ms while `flood` runs (stopped by `stop`). */
  async function worstDuring(flood: () => Promise<unknown>, stop: () => void, during = 4000): Promise<number> {
    const running = flood();
    await new Promise((done) => setTimeout(done, 200));
    let worst = 0;
    const end = Date.now() + during;
    while (Date.now() < end) worst = Math.max(worst, await post(callBody(1)));
    stop();
    await running;
    return worst;
  }

  for (let i = 0; i < 20; i++) await post(callBody(1));
  const usual: number[] = [];
  for (let i = 0; i < 100; i++) usual.push(await post(callBody(1)));
  usual.sort((a, b) => a - b);
  const rows: [string, number][] = [['usual (p50)', usual[50]!]];

  {
    const batch = JSON.stringify(
      Array.from({ length: 100 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'tools/list' })),
    );
    const raw =
      `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\n${Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('')}` + `Content-Length: ${Buffer.byteLength(batch)}\r\n\r\n${batch}`;
    const sockets: Socket[] = [];
    rows.push([
      'beside 40 connections pipelining batches, reading nothing',
      await worstDuring(
        async () => {
          for (let c = 0; c < 40; c++) {
            const socket = connect(Number(url.port), url.hostname);
            socket.on('error', () => undefined);
            socket.pause();
            for (let r = 0; r < 25; r++) socket.write(raw);
            sockets.push(socket);
          }
        },
        () => sockets.forEach((socket) => socket.destroy()),
      ),
    ]);
  }
  {
    let going = true;
    const batch = Array.from({ length: 100 }, (_, id) => callBody(id));
    rows.push([
      'beside 8 connections posting 100-call batches',
      await worstDuring(
        () =>
          Promise.all(
            Array.from({ length: 8 }, async () => {
              while (going) await post(batch);
            }),
          ),
        () => (going = false),
      ),
    ]);
  }

  process.stdout.write(
    `load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} (2 cores, shared)\n\n`,
  );
  process.stdout.write('| benign tool over HTTP | ms | × usual |\n|---|---:|---:|\n');
  for (const [what, value] of rows)
    process.stdout.write(`| ${what} | ${value.toFixed(1)} | ${(value / rows[0]![1]).toFixed(1)} |\n`);

  child.stdin.end();
  child.kill('SIGKILL');
}
