/**
 * `toolkit build` writes server.json, a server card and an AI-catalog entry beside each bundle, valid
 * against the published schemas (kept in test/fixtures/discovery-schemas), from the same data and
 * hash as the bundle; a changed schema changes them; publishing facts the registry would refuse are
 * a located build error (nothing written). `--http` serves the card at `<endpoint>/server-card` and
 * `/.well-known/mcp/server-card.json` and the AI catalog at `/.well-known/ai-catalog.json`, public
 * (CORS), cacheable (ETag, 304), the card naming the endpoint it is read from, and saying what the
 * server says of itself.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { discoveryDocuments, type BuildFacts } from '../../runtime/discovery/discovery-documents.ts';
import { buildWorkspace } from '../build/support/run-cli.ts';
import { createWorkspace } from '../build/support/workspace.ts';
import { aiCatalogProblems, serverCardProblems, serverJsonProblems } from '../support/discovery-schemas.ts';
import { startHttpServer, type HttpServer } from '../support/http-server.ts';
import { connectV2 } from '../support/surface-clients.ts';
import { surfaceCatalog } from '../support/surface-catalog.ts';

const ws = createWorkspace('surface-discovery');
const BIN = resolve(import.meta.dirname, '..', '..', 'cli', 'bin.mjs');
const env = (): Record<string, string> => ({ ...(process.env as Record<string, string>), HOME: ws.path('home') });
type Json = Record<string, unknown>;
const readJson = (...path: string[]): Json => JSON.parse(readFileSync(ws.path(...path), 'utf8')) as Json;
const PUBLISHING = {
  name: 'io.github.acme/library',
  title: 'Acme Library',
  description: 'Search a library catalogue, read its lending rules and plan what to read.',
  version: '1.4.0',
  websiteUrl: 'https://acme.example/library',
  repository: { url: 'https://github.com/acme/library-mcp', source: 'github' },
  remote: 'https://mcp.acme.example/mcp',
  package: { registryType: 'npm', identifier: '@acme/library-mcp' },
};
const GROUPS = { lookup: { description: 'Looking items up.', tools: ['library/getItem'] } };
const writeConfig = (server: unknown): void =>
  void ws.write('.toolkit/config.json', `${JSON.stringify({ groups: GROUPS, server }, null, 2)}\n`);

test.before(() => {
  for (const [path, contents] of Object.entries(surfaceCatalog('https://127.0.0.1:9')))
    ws.write(path, contents as string);
});

test.after(() => ws.remove());

test(
  'the documents of every bundle are valid against the published schemas and carry the ' + 'bundle data hash',
  async () => {
    writeConfig(PUBLISHING);
    const build = await buildWorkspace(ws.dir);
    assert.is(build.code, 0, build.stdout + build.stderr);
    const manifest = readJson('out', 'manifest.json') as { bundles: { name: string; dataSha256: string }[] };
    for (const bundle of ['catalog', 'lookup']) {
      const serverJson = readJson('out', `${bundle}.server.json`);
      const card = readJson('out', `${bundle}.server-card.json`);
      const catalog = readJson('out', `${bundle}.ai-catalog.json`);
      assert.equal(serverJsonProblems(serverJson), [], `${bundle}.server.json`);
      assert.equal(serverCardProblems(card), [], `${bundle}.server-card.json`);
      assert.equal(aiCatalogProblems(catalog), [], `${bundle}.ai-catalog.json`);
      const dataSha256 = manifest.bundles.find((b) => b.name === bundle)!.dataSha256;
      assert.is(((card._meta as Json)['io.toolkit/build'] as Json).dataSha256, dataSha256);
      assert.is(
        (
          ((serverJson._meta as Json)['io.modelcontextprotocol.registry/publisher-provided'] as Json)[
            'io.toolkit/build'
          ] as Json
        ).dataSha256,
        dataSha256,
      );
      assert.equal((catalog.entries as Json[])[0]!.data as Json, card);
    }
    const card = readJson('out', 'catalog.server-card.json');
    assert.equal(
      [card.name, card.title, card.description, card.version],
      [PUBLISHING.name, PUBLISHING.title, PUBLISHING.description, PUBLISHING.version],
    );
    assert.equal((card.remotes as Json[])[0]!.url, PUBLISHING.remote);
    assert.equal((card._meta as Json)['io.toolkit/build'] as Json, {
      bundle: 'catalog',
      dataSha256: manifest.bundles[0]!.dataSha256,
      namespaces: ['library', 'library-mirror'],
      tools: 2,
      resources: 3,
      prompts: 0,
      skills: 2,
      toolkit: '0.1.0',
    });
    const serverJson = readJson('out', 'catalog.server.json');
    assert.equal(serverJson.packages, [
      { registryType: 'npm', identifier: '@acme/library-mcp', version: '1.4.0', transport: { type: 'stdio' } },
    ]);
    const group = readJson('out', 'lookup.server-card.json');
    assert.equal([group.name, group.description], ['io.github.acme/library-lookup', 'Looking items up.']);
    assert.is(
      (readJson('out', 'catalog.ai-catalog.json').entries as Json[])[0]!.identifier,
      'urn:air:acme.github.io:mcp:library',
    );
  },
);

test('a changed schema changes the documents; an unchanged rebuild writes the same bytes', async () => {
  const before = readFileSync(ws.path('out', 'catalog.server-card.json'), 'utf8');
  assert.is((await buildWorkspace(ws.dir)).code, 0);
  assert.is(readFileSync(ws.path('out', 'catalog.server-card.json'), 'utf8'), before);
  const items = ws.path('schemas', 'providers', 'library', 'items.mjs');
  ws.write(
    'schemas/providers/library/items.mjs',
    readFileSync(items, 'utf8').replace(
      "description: 'One catalogue item by its id.'",
      "description: 'One catalogue item by its catalogue id.'",
    ),
  );
  assert.is((await buildWorkspace(ws.dir)).code, 0);
  const after = readJson('out', 'catalog.server-card.json');
  assert.is.not(
    ((after._meta as Json)['io.toolkit/build'] as Json).dataSha256,
    ((JSON.parse(before) as Json)._meta as Json & Record<string, Json>)['io.toolkit/build']!.dataSha256,
  );
  assert.equal(serverCardProblems(after), []);
});

test(
  'publishing facts the registry would refuse stop the build at their place in the file, ' + 'writing nothing',
  async () => {
    const long =
      'A catalogue server that searches items, explains lending rules, plans reading and mirrors a published list.';
    writeConfig({ ...PUBLISHING, description: long, version: '^1.4.0' });
    const run = await buildWorkspace(ws.dir, [], 'out-refused');
    assert.is(run.code, 1);
    const lines = readFileSync(ws.path('.toolkit', 'config.json'), 'utf8').split('\n');
    const descriptionLine = lines.findIndex((l) => l.includes('"description": "A catalogue server')) + 1;
    const versionLine = lines.findIndex((l) => l.includes('"version": "^1.4.0"')) + 1;
    assert.match(
      run.stderr,
      new RegExp(
        `config\\.json:${descriptionLine}:20: server\\.description is ${long.length} characters; the MCP ` +
          `Registry and ` +
          `server cards take at most 100`,
      ),
    );
    assert.match(
      run.stderr,
      new RegExp(`config\\.json:${versionLine}:16: server\\.version must be one version, not a range`),
    );
    assert.not.ok(existsSync(ws.path('out-refused')));
    writeConfig(PUBLISHING);
  },
);

test('without publishing facts every document is still valid: a name, a description cut to 100 characters', () => {
  const facts: BuildFacts = {
    bundle: 'catalog',
    dataSha256: 'sha256:00',
    namespaces: Array.from({ length: 40 }, (_, i) => `provider-${i}`),
    tools: 300,
    resources: 0,
    prompts: 0,
    skills: 0,
    toolkit: '0.1.0',
  };
  const documents = discoveryDocuments({}, facts);
  assert.equal(serverJsonProblems(documents.serverJson), []);
  assert.equal(serverCardProblems(documents.card), []);
  assert.equal(aiCatalogProblems(documents.aiCatalog), []);
  assert.is([...String(documents.card.description)].length, 100);
  assert.is(documents.card.name, 'local.toolkit/catalog');
});

async function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: string }> {
  const response = await fetch(url, { headers });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

for (const kind of ['bundle', 'toolkit server'] as const) {
  test(`${kind} --http serves the card and the AI catalog at their discovery paths`, async () => {
    // A templated endpoint (no remote configured) is filled in with the endpoint the card is read from.
    writeConfig({ ...PUBLISHING, remote: undefined });
    assert.is((await buildWorkspace(ws.dir)).code, 0);
    const args =
      kind === 'bundle'
        ? [ws.path('out', 'catalog.mjs'), '--http', '127.0.0.1:0']
        : [BIN, 'server', '--schemas', ws.schemasDir, '--project', ws.dir, '--http', '127.0.0.1:0'];
    const server: HttpServer = await startHttpServer(args, { env: env() });
    try {
      const origin = new URL(server.url).origin;
      const drafted = await get(`${server.url}/server-card`, {
        accept: 'application/mcp-server-card+json',
        origin: 'https://elsewhere.example',
      });
      assert.is(drafted.status, 200);
      assert.is(drafted.headers.get('content-type'), 'application/mcp-server-card+json');
      assert.is(drafted.headers.get('access-control-allow-origin'), '*');
      assert.is(drafted.headers.get('access-control-allow-methods'), 'GET');
      assert.is(drafted.headers.get('access-control-expose-headers'), 'ETag');
      assert.is(drafted.headers.get('cache-control'), 'public, max-age=3600');
      const card = JSON.parse(drafted.body) as Json;
      assert.equal(serverCardProblems(card), []);
      assert.equal((card.remotes as Json[])[0], {
        type: 'streamable-http',
        url: server.url,
        supportedProtocolVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'],
      });
      const wellKnown = await get(`${origin}/.well-known/mcp/server-card.json`);
      assert.is(wellKnown.body, drafted.body);
      const etag = drafted.headers.get('etag')!;
      assert.is((await get(`${origin}/.well-known/mcp/server-card.json`, { 'if-none-match': etag })).status, 304);
      const catalog = await get(`${origin}/.well-known/ai-catalog.json`);
      assert.is(catalog.headers.get('content-type'), 'application/ai-catalog+json');
      const parsed = JSON.parse(catalog.body) as Json;
      assert.equal(aiCatalogProblems(parsed), []);
      assert.equal((parsed.entries as Json[])[0]!.data, card);
      // The server says of itself what its card says.
      const client = await connectV2('modern', { url: server.url });
      try {
        assert.equal(client.getServerVersion()?.version, card.version);
        assert.is(client.getServerVersion()?.name, card.name);
        assert.equal(client.getServerCapabilities()?.extensions?.['io.modelcontextprotocol/skills'], {
          directoryRead: true,
        });
      } finally {
        await client.close();
      }
      if (kind === 'bundle')
        assert.equal(
          ((card._meta as Json)['io.toolkit/build'] as Json).dataSha256,
          ((readJson('out', 'catalog.server-card.json')._meta as Json)['io.toolkit/build'] as Json).dataSha256,
        );
    } finally {
      await server.stop();
      writeConfig(PUBLISHING);
    }
  });
}

test.run();
