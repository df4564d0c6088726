/**
 * A handler that uses the web standards of the guest (`URL`, `URLSearchParams`, `structuredClone`)
 * passes `toolkit validate` and works the same through both ways of serving: `toolkit server`
 * without a build, and a built bundle, each a real process over stdio with a loopback HTTPS upstream
 * that records the request it got. (Before, the scan accepted `URL` and the sandbox threw a
 * ReferenceError at the first call.)
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestCa, type TestCa } from '../support/tls.ts';
import { buildWorkspace, runCli } from '../build/support/run-cli.ts';
import { createWorkspace, type Workspace } from '../build/support/workspace.ts';
import { startEchoUpstreams, type EchoUpstreams } from './support/echo-upstream.ts';
import { schemaFile } from './support/schemas.ts';
import { startBuiltBundle, startToolkitServer, type Served } from './support/servers.ts';

let ca: TestCa;
let upstream: EchoUpstreams;
let ws: Workspace;
const servers: Served[] = [];

test.before(async () => {
  ca = createTestCa();
  upstream = await startEchoUpstreams(ca);
  ws = createWorkspace('web-standards');
  ws.write(
    'schemas/urls.mjs',
    schemaFile({
      namespace: 'urls',
      root: upstream.origin,
      tools: { rewrite: { path: '/echo', query: ['chain', 'tags'] } },
      handlers: `({ sharedLists, libraries }) => ({
  rewrite: {
    preRequest: ({ struct, payload }) => {
      const url = new URL(struct.url);
      const ids = { ethereum: 1, base: 8453 };
      url.searchParams.set('chain', String(ids[payload.chain] ?? 0));
      const copy = structuredClone({ tags: new Set(String(payload.tags).split(',')) });
      url.searchParams.delete('tags');
      for (const tag of [...copy.tags].sort()) url.searchParams.append('tag', tag);
      url.hash = '';
      return { struct: { ...struct, url: url.href }, payload };
    }
  }
})`,
    }),
  );
});

test.after(async () => {
  await Promise.all(servers.map((served) => served.close()));
  await upstream?.close();
  ws?.remove();
});

test('the schema validates and builds', async () => {
  const validate = await runCli(['validate', ws.path('schemas')]);
  assert.is(validate.code, 0, validate.stdout);
  assert.match(validate.stdout, /0 errors, 0 warnings/);
  const build = await buildWorkspace(ws.dir);
  assert.is(build.code, 0, build.stdout + build.stderr);
  const env = { NODE_EXTRA_CA_CERTS: ca.caFile, TOOLKIT_TIMEOUT_MS: '20000' };
  servers.push(await startToolkitServer(ws.dir, env), await startBuiltBundle(ws.dir, env));
});

test(
  'toolkit server and the built bundle both send the request the handler built with URL and ' + 'structuredClone',
  async () => {
    for (const served of servers) {
      const before = upstream.seen.length;
      const result = await served.call('rewrite_urls', { chain: 'base', tags: 'b c,a' });
      assert.is(result.isError, false, `${served.kind}: ${result.text}`);
      const sent = upstream.seen.slice(before).map((seen) => new URL(seen.url, 'https://x'));
      assert.is(sent.length, 1, served.kind);
      assert.is(sent[0]!.pathname, '/echo', served.kind);
      assert.equal(
        [...sent[0]!.searchParams],
        [
          ['chain', '8453'],
          ['tag', 'a'],
          ['tag', 'b c'],
        ],
        served.kind,
      );
    }
  },
);

test.run();
