/**
 * Format 4's markdown and http resources, served: a built bundle and `toolkit server`, over stdio
 * and HTTP, to a 2026-07-28 client and a v1 client. The markdown document reads whole, by section,
 * by line range and by search (and a wrong part is -32602 naming the sections); the http resource's
 * database is downloaded once from a real HTTPS upstream (test CA) through the runtime's upstream
 * client, then queried from the cache; tools/list carries format 4's `_meta` search hint and
 * `alwaysLoad`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { resolve } from 'node:path';
import { buildWorkspace } from '../build/support/run-cli.ts';
import { createWorkspace } from '../build/support/workspace.ts';
import { startHttpServer, type HttpServer } from '../support/http-server.ts';
import { connectV1, connectV2, type Target } from '../support/surface-clients.ts';
import { LENDING_RULES, startSurfaceUpstream, surfaceCatalog } from '../support/surface-catalog.ts';

const ws = createWorkspace('surface-resources');
const BIN = resolve(import.meta.dirname, '..', '..', 'cli', 'bin.mjs');
let upstream: Awaited<ReturnType<typeof startSurfaceUpstream>>;
const servers: HttpServer[] = [];
const targets: Record<string, Target> = {};
const RULES = 'toolkit://library/lendingRules';

type Contents = { uri: string; mimeType?: string; text?: string }[];

test.before(async () => {
  upstream = await startSurfaceUpstream();
  for (const [path, contents] of Object.entries(surfaceCatalog(upstream.root))) ws.write(path, contents as string);
  const build = await buildWorkspace(ws.dir);
  assert.is(build.code, 0, build.stdout + build.stderr);
  // Each server gets a home of its own, so each downloads the http resource once into its own cache.
  const env = (home: string): Record<string, string> => ({
    ...(process.env as Record<string, string>),
    HOME: ws.path(home),
    NODE_EXTRA_CA_CERTS: upstream.ca.caFile,
  });
  const bundle = ws.path('out', 'catalog.mjs');
  const serverArgs = [BIN, 'server', '--schemas', ws.schemasDir, '--project', ws.dir];
  targets['bundle over stdio'] = { stdio: { command: process.execPath, args: [bundle], env: env('home-a') } };
  targets['toolkit server over stdio'] = { stdio: { command: process.execPath, args: serverArgs, env: env('home-b') } };
  const bundleHttp = await startHttpServer([bundle, '--http', '127.0.0.1:0'], { env: env('home-c') });
  const serverHttp = await startHttpServer([...serverArgs, '--http', '127.0.0.1:0'], { env: env('home-d') });
  servers.push(bundleHttp, serverHttp);
  targets['bundle over HTTP'] = { url: bundleHttp.url };
  targets['toolkit server over HTTP'] = { url: serverHttp.url };
});

test.after(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await upstream.close();
  ws.remove();
});

const textOf = (contents: Contents): string => contents.map((c) => c.text ?? '').join('\n');

for (const name of ['bundle over stdio', 'bundle over HTTP', 'toolkit server over stdio', 'toolkit server over HTTP']) {
  test(`${name}: the markdown document, whole and in parts, and the http resource, downloaded once`, async () => {
    const client = await connectV2('modern', targets[name]!);
    try {
      const { resources } = await client.listResources();
      assert.ok(
        resources.some((r) => r.uri === RULES && r.mimeType === 'text/markdown'),
        JSON.stringify(resources.map((r) => r.uri)),
      );
      const { resourceTemplates } = await client.listResourceTemplates();
      assert.ok(
        resourceTemplates.some((t) => t.uriTemplate === `${RULES}{?section,lines,search}`),
        JSON.stringify(resourceTemplates.map((t) => t.uriTemplate)),
      );

      const whole = await client.readResource({ uri: RULES });
      assert.is(textOf(whole.contents as Contents), LENDING_RULES);
      assert.is((whole as { cacheScope?: string }).cacheScope, 'public');
      const section = await client.readResource({ uri: `${RULES}?section=${encodeURIComponent('## Loans')}` });
      assert.is(
        textOf(section.contents as Contents),
        '## Loans\n\nBooks are lent for three weeks and can be renewed twice.\n\n### Renewals\n\nRenew online or ' +
          'at the desk.',
      );
      const lines = await client.readResource({ uri: `${RULES}?lines=3-3` });
      assert.is(textOf(lines.contents as Contents), 'Every member may borrow up to ten items.');
      const search = await client.readResource({ uri: `${RULES}?search=late` });
      assert.is(
        textOf(search.contents as Contents),
        '1 matching line:\n13: ## Fees\n14: \n15: There are no late fees.\n16: ',
      );
      const wrong = await client.readResource({ uri: `${RULES}?section=Opening%20hours` }).then(
        () => undefined,
        (error: { code?: number; message: string }) => error,
      );
      assert.is(wrong?.code, -32602);
      assert.match(wrong!.message, /no section "Opening hours".*# Lending rules; ## Loans; ### Renewals; ## Fees/);

      const before = upstream.requests.filter((r) => r === '/published.db').length;
      const first = await client.readResource({ uri: 'toolkit://library-mirror/published/byName?name=Acme%25' });
      assert.equal(JSON.parse(textOf(first.contents as Contents)), [
        { name: 'Acme Holdings', program: 'IRAN' },
        { name: 'Acme Shipping Ltd', program: 'SDGT' },
      ]);
      const second = await client.readResource({ uri: 'toolkit://library-mirror/published/byName?name=Borealis%25' });
      assert.equal(JSON.parse(textOf(second.contents as Contents)), [{ name: 'Borealis Corp', program: 'SDGT' }]);
      // Stdio clients pinned to 2026-07-28 spawn a probe beside the session, which never reads: one download per
      // server.
      assert.is(upstream.requests.filter((r) => r === '/published.db').length - before, 1);
    } finally {
      await client.close();
    }
  });
}

for (const name of ['bundle over HTTP', 'toolkit server over stdio']) {
  test(`${name}: a v1 client reads the document and queries the http resource`, async () => {
    const client = await connectV1(targets[name]!);
    try {
      const { contents } = await client.readResource({ uri: `${RULES}?section=Fees` });
      assert.is(textOf(contents as Contents), '## Fees\n\nThere are no late fees.');
      const rows = await client.readResource({ uri: 'toolkit://library-mirror/published/byName?name=%25Corp' });
      assert.equal(JSON.parse(textOf(rows.contents as Contents)), [{ name: 'Borealis Corp', program: 'SDGT' }]);
    } finally {
      await client.close();
    }
  });
}

test('tools/list carries the search hint and alwaysLoad of format 4 meta', async () => {
  const client = await connectV2('modern', targets['bundle over HTTP']!);
  try {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    assert.equal(byName.get('get_item_library')!._meta, {
      'anthropic/searchHint': 'library item by id',
      'anthropic/alwaysLoad': true,
    });
    assert.equal(byName.get('search_items_library')!._meta, {
      'anthropic/searchHint': 'find books by title',
      'io.modelcontextprotocol/groups': ['library/selection/reading-list'],
    });
  } finally {
    await client.close();
  }
});

test.run();
