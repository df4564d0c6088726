/**
 * Loading the layers on demand: all of them as `layers/index.ts` lists them, or only the modules of those asked for.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { layers } from '../../../validator-service/layers/index.ts';
import { loadLayers } from '../../../validator-service/pipeline/load-layers.ts';
import { LAYER_NAMES } from '../../../validator-service/pipeline/layer-names.ts';

const loader = new URL('../../../validator-service/pipeline/load-layers.ts', import.meta.url).href;
const support = new URL('./support.ts', import.meta.url).href;

test('every layer by name is the list of layers/index.ts, in its order', async () => {
  assert.equal(await loadLayers(), layers);
  const byName = await loadLayers(LAYER_NAMES);
  assert.equal(
    byName.map((l) => l.name),
    layers.map((l) => l.name),
  );
  for (const [i, layer] of byName.entries()) assert.ok(layer === layers[i], `${layer.name} is the same layer`);
});

test('some layers: just those, in the pipeline order', async () => {
  assert.equal(
    (await loadLayers(['erc8004', 'http', 'ui'])).map((l) => l.name),
    ['http', 'ui', 'erc8004'],
  );
});

test(
  'the http layer alone does not load the MCP client; the ERC-8004 layer loads viem only for a ' + 'registration',
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'load-layers-'));
    // An endpoint that publishes nothing: every path answers 404.
    const server = createServer((_request, response) => response.writeHead(404).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const log = join(dir, 'resolved.txt');
      // A resolve hook records every module URL the child loads.
      const hooks = `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(${JSON.stringify(log)}, result.url + '\\n');
  return result;
}`;
      // Loads the layers named on its command line and runs them against the endpoint.
      const script = `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hooks)}));
const { loadLayers } = await import(${JSON.stringify(loader)});
const { runLayer, testContext } = await import(${JSON.stringify(support)});
const layers = await loadLayers(process.argv.slice(1));
for (const layer of layers) await runLayer(layer, testContext('http://127.0.0.1:${port}/mcp'));
process.stdout.write(layers.map((l) => l.name).join(','));`;
      const run = async (names: string[]) => {
        rmSync(log, { force: true });
        const args = ['--import', 'tsx', '--input-type=module', '-e', script, ...names];
        const stdout = await new Promise<string>((resolve, reject) =>
          execFile(process.execPath, args, (error, out, err) => (error ? reject(new Error(err)) : resolve(out))),
        );
        return { names: stdout, loaded: readFileSync(log, 'utf8') };
      };
      const http = await run(['http']);
      assert.is(http.names, 'http');
      assert.ok(http.loaded.includes('/validator-service/layers/http.ts'), 'the http layer loaded');
      assert.not.ok(http.loaded.includes('/@modelcontextprotocol/'), 'the MCP client loaded');
      // The check can fail: the MCP layer does load the client.
      assert.ok((await run(['mcp'])).loaded.includes('/@modelcontextprotocol/'), 'the MCP layer loads the client');
      const erc = await run(['erc8004']);
      assert.is(erc.names, 'erc8004');
      assert.not.ok(erc.loaded.includes('/node_modules/viem/'), 'viem loaded for an endpoint without a registration');
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

test.run();
