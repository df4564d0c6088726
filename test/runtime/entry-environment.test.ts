/**
 * The environment is read at the entries only (`runtime/environment/entry-environment.ts`): a
 * runtime made by `createRuntime` in a process whose environment and home directory are poisoned
 * (grants, a key in the environment and in `~/.toolkit/.env`, a 1 ms timeout, a 10-byte body cap)
 * behaves exactly as in a clean one, while the same environment read by an entry changes what is
 * sent. And no runtime file besides the entries touches `process.env` or the home directory.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { createRuntime, type Runtime } from '../../runtime/create-runtime.ts';
import { runtimeOptionsFrom } from '../../runtime/environment/entry-environment.ts';
import { createUpstreamHttpClient } from '../../runtime/upstream/upstream-http.ts';
import { createTestCa } from '../support/tls.ts';
import { schema, tool } from './support/models.ts';

const root = resolve(import.meta.dirname, '..', '..');
const ca = createTestCa();
const home = mkdtempSync(join(tmpdir(), 'poisoned-home-'));
mkdirSync(join(home, '.toolkit'));
writeFileSync(join(home, '.toolkit', '.env'), 'WEATHER_KEY=file-canary\n');
const poison: Record<string, string> = {
  HOME: home,
  TOOLKIT_GRANTS: 'weather:WEATHER_KEY',
  WEATHER_KEY: 'env-canary',
  TOOLKIT_TIMEOUT_MS: '1',
  TOOLKIT_MAX_BODY_BYTES: '10',
  TOOLKIT_QUERY_TOOLS: '1',
};

const seen: { url: string; key: string | undefined }[] = [];
let server: Server;
let origin = '';
const http = createUpstreamHttpClient({ ca: ca.ca });

test.before(async () => {
  server = createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
    seen.push({ url: req.url ?? '', key: req.headers['x-key'] as string | undefined });
    // Slower than 1 ms and longer than 10 bytes: a runtime that took the poisoned caps would fail the call.
    setTimeout(
      () =>
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ forecast: 'sunny all week long', padding: 'x'.repeat(64) })),
      40,
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.after(async () => {
  http.close();
  await new Promise<void>((done) => server.close(() => done()));
  rmSync(home, { recursive: true, force: true });
  rmSync(ca.dir, { recursive: true, force: true });
});

const models = () => [
  schema('weather', [tool('getForecast', 'GET', [`${origin}/weather`])], {
    requiredServerParams: ['WEATHER_KEY'],
    headers: { 'x-key': [{ server: 'WEATHER_KEY' }] },
  }),
  schema('open', [tool('getThing', 'GET', [`${origin}/open`])]),
];

/** Runs `body` with the poisoned variables set in this process, restoring them after. */
async function poisoned<T>(body: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(poison).map((key) => [key, process.env[key]]));
  Object.assign(process.env, poison);
  try {
    return await body();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

const textOf = (result: { content: unknown[] }): string => (result.content[0] as { text: string }).text;

async function callBoth(
  runtime: Runtime,
): Promise<{ weather: { isError?: boolean; content: unknown[] }; open: { isError?: boolean; content: unknown[] } }> {
  try {
    const [weather, open] = runtime.tools;
    return { weather: await weather!.call({}), open: await open!.call({}) };
  } finally {
    await runtime.close();
  }
}

test('createRuntime reads no variable and no file: a poisoned environment and home change nothing', async () => {
  const before = seen.length;
  const { weather, open, tools } = await poisoned(async () => {
    const runtime = createRuntime({ schemas: models(), http });
    return { ...(await callBoth(runtime)), tools: runtime.listing.map((entry) => entry.name) };
  });
  // No grant was given: the key is not sent (neither the environment's nor the file's).
  assert.ok(weather.isError, textOf(weather));
  assert.match(textOf(weather), /WEATHER_KEY/);
  assert.not.ok(JSON.stringify(weather).includes('canary'));
  // Neither the 1 ms timeout nor the 10-byte cap: the call is answered in full.
  assert.not.ok(open.isError, textOf(open));
  assert.match(textOf(open), /sunny all week long/);
  assert.equal(
    seen.slice(before).map((request) => request.url),
    ['/open'],
  );
  assert.equal(tools, ['get_forecast_weather', 'get_thing_open'], 'TOOLKIT_QUERY_TOOLS adds nothing');
});

test('read by an entry, the same environment grants the key (the environment over the file), caps apply', async () => {
  const before = seen.length;
  const options = runtimeOptionsFrom({ env: poison, homeDir: home });
  assert.equal(options.serverParams, { WEATHER_KEY: 'env-canary' });
  assert.is(options.timeoutMs, 1);
  assert.is(options.maxBodyBytes, 10);
  assert.equal(options.primitives.places?.home, home);
  const fromFile = runtimeOptionsFrom({ env: { TOOLKIT_GRANTS: 'weather:WEATHER_KEY' }, homeDir: home });
  assert.equal(fromFile.serverParams, { WEATHER_KEY: 'file-canary' });
  const { weather } = await callBoth(
    createRuntime({ schemas: models(), http, ...options, timeoutMs: 5000, maxBodyBytes: 1 << 20 }),
  );
  assert.not.ok(weather.isError, textOf(weather));
  assert.is(seen.slice(before)[0]?.key, 'env-canary');
  const { open } = await callBoth(createRuntime({ schemas: models(), http, ...options }));
  assert.ok(open.isError, 'a 1 ms timeout fails the call');
});

test('no runtime file but the entries touches process.env or the home directory', () => {
  // The entries: the environment's one reader, and the bundle launcher's code cache (it runs before the runtime).
  const entries = new Set(['runtime/environment/entry-environment.ts', 'runtime/code-cache.ts']);
  const offenders: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entries.has(relative(root, path))) {
        const text = readFileSync(path, 'utf8');
        if (/process\s*\.\s*env\b|process\s*\[\s*['"]env['"]\s*\]|\bhomedir\s*\(/.test(text))
          offenders.push(relative(root, path));
      }
    }
  };
  walk(join(root, 'runtime'));
  assert.equal(offenders, []);
});

test.run();
