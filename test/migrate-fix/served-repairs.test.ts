/**
 * Repaired files served by the real `toolkit server` to an SDK client over stdio, against an HTTPS
 * upstream on loopback (test CA): the format 1.x handlers `--fix` wrapped run as format 1.x ran them
 * (the `pre` handler's request is what the upstream sees, the `post` handler's data is the answer,
 * its `status: false` an error with its message); hooks of a map built by a local helper run (the
 * static reader followed it); renamed path-like tools answer under the MCP names the fix announced.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createTestCa } from '../support/tls.ts';
import { createSandbox, repoRoot } from '../cli/support/sandbox.ts';
import { connect, type Connected } from '../resources/support/servers.ts';

const DEV = { TOOLKIT_MODE: 'dev' };
const SERVED = ['format-1-handlers.mjs', 'handler-builder.mjs', 'path-tool-names.mjs'];
const box = createSandbox('migrate-served');
const ca = createTestCa();
const seen: string[] = [];
const upstream = createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
  seen.push(req.url ?? '');
  const url = new URL(req.url ?? '/', 'https://127.0.0.1');
  res.setHeader('content-type', 'application/json');
  if (url.pathname === '/v2/artworks/472') res.end(JSON.stringify({ data: { id: '472', title: 'The Starry Night' } }));
  else if (url.pathname.startsWith('/v2/artworks/')) res.end(JSON.stringify({ error: 'no such artwork' }));
  else if (url.pathname === '/stations') res.end(JSON.stringify([{ id: 's1', bikes: 4 }]));
  else if (url.pathname.startsWith('/block/'))
    res.end(JSON.stringify({ number: url.pathname.slice('/block/'.length) }));
  else res.end(JSON.stringify({ path: url.pathname }));
});
let root = '';
let server: Connected;

test.before(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  root = `https://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  mkdirSync(box.path('schemas'), { recursive: true });
  for (const name of SERVED)
    cpSync(join(repoRoot, 'test', 'fixtures', 'wild', 'repairs', name), box.path('schemas', name));
  const run = await box.toolkit(['migrate', '--fix', '--write', 'schemas'], { env: DEV });
  assert.match(
    run.stdout,
    /^3 schemas: 2 fixed, 1 unchanged, 0 skipped, 0 with defects left to fix by hand$/m,
    run.stdout + run.stderr,
  );
  // The APIs of the fixtures, moved to the loopback upstream.
  for (const name of SERVED) {
    const path = box.path('schemas', name);
    writeFileSync(path, readFileSync(path, 'utf8').replace(/root: 'https:\/\/api\.[a-z]+\.example/, `root: '${root}`));
  }
  server = await connect({ kind: 'server', schemasDir: box.path('schemas'), projectDir: box.project }, 'stdio', {
    HOME: box.home,
    NODE_EXTRA_CA_CERTS: ca.caFile,
  });
});

test.after(async () => {
  await server?.close();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
  box.remove();
});

const call = async (name: string, args: Record<string, unknown>) => {
  const result = (await server.client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    content: { type: string; text: string }[];
  };
  return { isError: result.isError === true, text: result.content.map((c) => c.text).join('') };
};

test(
  "format 1.x handlers run wrapped: the pre handler's request is sent, the post handler's " + 'data answers',
  async () => {
    const result = await call('get_artwork_artworks', { id: '472' });
    assert.is(result.isError, false, result.text);
    assert.equal(JSON.parse(result.text), { id: '472', title: 'The Starry Night', source: 'museum' });
    assert.ok(seen.includes('/v2/artworks/472?fields=id,title,artist&asked=472'), seen.join('\n'));
  },
);

test('a format 1.x handler that sets status false ends the call with its message', async () => {
  const result = await call('get_artwork_artworks', { id: '9' });
  assert.is(result.isError, true);
  assert.match(result.text, /the museum answered without data/);
});

test('hooks of a map built by a local helper run', async () => {
  const result = await call('get_stations_citybikes', {});
  assert.is(result.isError, false, result.text);
  assert.equal(JSON.parse(result.text), { tool: 'getStations', data: [{ id: 's1', bikes: 4 }] });
});

test(
  'renamed path-like tools answer under the MCP names the fix announced, their hooks ' + 'renamed with them',
  async () => {
    const { tools } = await server.client.listTools();
    const names = tools.map((t) => t.name);
    for (const name of ['block_block_number_or_hash_chainscan', 'tx_by_hash_chainscan'])
      assert.ok(names.includes(name), names.join(', '));
    const result = await call('block_block_number_or_hash_chainscan', { block_number_or_hash: '17' });
    assert.equal(JSON.parse(result.text), { number: '17', seen: true });
  },
);

test.run();
