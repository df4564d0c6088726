/**
 * Packages named in `requiredLibraries` are bundled at build time for the handler sandbox and
 * carried inside the bundle as code (never imported into the host); one that cannot be bundled is a
 * build problem naming it, and the bundle still starts: only the tools that need it fail, naming it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { connectStdio } from './support/mcp-clients.ts';
import { buildWorkspace } from './support/run-cli.ts';
import { startPriceUpstream, type Upstream } from './support/upstream.ts';
import { createWorkspace } from './support/workspace.ts';

const ws = createWorkspace('libraries');
let upstream: Upstream;

const schema = (root: string, library: string, use: string) =>
  `export const main = {
    namespace: 'coinprices',
    name: 'CoinPrices',
    description: 'Coin prices with a handler that uses a library.',
    version: '3.0.0',
    root: '${root}',
    requiredLibraries: [ '${library}' ],
    tools: {
        getPrice: {
            method: 'GET',
            path: '/price',
            description: 'Price of coins.',
            parameters: [
                { position: { key: 'ids', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', ` +
  `options: [] } }
            ]
        }
    }
}

export const handlers = ({ sharedLists, libraries }) => ({
    getPrice: {
        postRequest: async ({ response, struct, payload }) => {
            return { response: { ...response, joined: ${use} } }
        }
    }
})
`;

test.before(async () => {
  upstream = await startPriceUpstream();
});
test.after(async () => {
  await upstream.close();
  ws.remove();
});

test('an allowed library is bundled for the sandbox at build time and reaches the handler', async () => {
  ws.write(
    'schemas/providers/coinprices/prices.mjs',
    schema(upstream.root, 'path', "libraries.path.posix.join('a', 'b')"),
  );
  const build = await buildWorkspace(ws.dir);
  assert.is(build.code, 0, build.stderr);
  const bundle = readFileSync(ws.path('out', 'catalog.code.cjs'), 'utf8');
  assert.not.match(bundle, /(import\(|require\()["'`]path["'`]\)/, 'the host never imports the library');
  // The bundle records the library's file and hash; its code is in that file, read on first use.
  const recorded = /path"?:\s*\{\s*file:\s*"(libraries\/path-[0-9a-f]{12}\.js)"/.exec(bundle);
  assert.ok(recorded, 'the bundle names the library file');
  const code = readFileSync(ws.path('out', recorded[1]!), 'utf8');
  assert.ok(code.includes('normalizeStringPosix'), 'the file holds path-browserify');
  assert.not.ok(bundle.includes('normalizeStringPosix'), 'no library code inside the bundle');
  const { client, close } = await connectStdio(ws.path('out', 'catalog.mjs'), {
    NODE_EXTRA_CA_CERTS: upstream.ca.caFile,
  });
  try {
    const result = await client.callTool({ name: 'get_price_coinprices', arguments: { ids: 'bitcoin' } });
    assert.not.ok(result.isError, JSON.stringify(result));
    assert.is(JSON.parse((result.content as { text: string }[])[0]!.text).joined, 'a/b');
  } finally {
    await close();
  }
});

test(
  'a library that is not installed is a located LIB001 warning; the build writes, the bundle starts and only its ' +
    'tools fail, naming it',
  async () => {
    ws.write('.toolkit/config.json', JSON.stringify({ security: { allowedLibraries: ['toolkit-absent-package'] } }));
    ws.write(
      'schemas/providers/coinprices/prices.mjs',
      schema(upstream.root, 'toolkit-absent-package', "typeof libraries['toolkit-absent-package']"),
    );
    ws.write(
      'schemas/providers/coinlist/list.mjs',
      schema(upstream.root, 'path', "libraries.path.basename('/x/y')").replace(
        "namespace: 'coinprices'",
        "namespace: 'coinlist'",
      ),
    );
    const build = await buildWorkspace(ws.dir);
    assert.is(build.code, 0, build.stdout + build.stderr);
    // Located at the requiredLibraries entry (line 7, column 26 of the schema above: its opening quote).
    assert.match(
      build.stderr,
      new RegExp(
        'schemas\\/providers\\/coinprices\\/prices\\.mjs:7:26  LIB001 warning  library "toolkit-absent-package" is ' +
          'not installed .*npm install toolkit-absent-package',
      ),
    );
    assert.match(build.stderr, /built with 1 schema whose hooked tools answer with an error/);
    const { client, close } = await connectStdio(ws.path('out', 'catalog.mjs'), {
      NODE_EXTRA_CA_CERTS: upstream.ca.caFile,
    });
    try {
      const failing = await client.callTool({ name: 'get_price_coinprices', arguments: { ids: 'bitcoin' } });
      assert.ok(failing.isError);
      assert.match(
        (failing.content as { text: string }[])[0]!.text,
        new RegExp(
          'handlers of "coinprices" cannot run: library "toolkit-absent-package" is not installed.*npm install ' +
            'toolkit-absent-package`, then rebuild with `toolkit build`',
        ),
      );
      const working = await client.callTool({ name: 'get_price_coinlist', arguments: { ids: 'bitcoin' } });
      assert.not.ok(working.isError, JSON.stringify(working));
      assert.is(JSON.parse((working.content as { text: string }[])[0]!.text).joined, 'y');
    } finally {
      await close();
    }
  },
);

test.run();
