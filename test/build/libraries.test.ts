/**
 * Packages named in `requiredLibraries` stay outside the bundle: the entry imports them at start
 * and injects them into the handler factory; one that is not installed stops the server with a
 * message naming the package and the schema that needs it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { connectStdio, runBundle } from './support/mcp-clients.ts';
import { buildWorkspace } from './support/run-cli.ts';
import { startPriceUpstream, type Upstream } from './support/upstream.ts';
import { createWorkspace } from './support/workspace.ts';

const ws = createWorkspace('libraries');
let upstream: Upstream;

const schema = (root: string, library: string, use: string) => `export const main = {
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
                { position: { key: 'ids', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
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

test('an allowed library is imported by the bundle at start and reaches the handler', async () => {
  ws.write('schemas/providers/coinprices/prices.mjs', schema(upstream.root, 'path', "libraries.path.posix.join('a', 'b')"));
  const build = await buildWorkspace(ws.dir);
  assert.is(build.code, 0, build.stderr);
  assert.match(readFileSync(ws.path('out', 'catalog.mjs'), 'utf8'), /import\(["'`]path["'`]\)/);
  const { client, close } = await connectStdio(ws.path('out', 'catalog.mjs'), { NODE_EXTRA_CA_CERTS: upstream.ca.caFile });
  try {
    const result = await client.callTool({ name: 'get_price_coinprices', arguments: { ids: 'bitcoin' } });
    assert.not.ok(result.isError, JSON.stringify(result));
    assert.is(JSON.parse((result.content as { text: string }[])[0]!.text).joined, 'a/b');
  } finally {
    await close();
  }
});

test('a library that is not installed stops the server, naming it and the schema', async () => {
  ws.write('.toolkit/config.json', JSON.stringify({ security: { allowedLibraries: ['toolkit-absent-package'] } }));
  ws.write('schemas/providers/coinprices/prices.mjs', schema(upstream.root, 'toolkit-absent-package', "typeof libraries['toolkit-absent-package']"));
  const build = await buildWorkspace(ws.dir);
  assert.is(build.code, 0, build.stderr);
  const run = await runBundle(ws.path('out', 'catalog.mjs'));
  assert.is(run.code, 1);
  assert.match(run.stderr, /refusing to start: library "toolkit-absent-package" \(required by providers\/coinprices\/prices\.mjs\) cannot be loaded/);
});

test.run();
