/**
 * The bundle's `.d.mts` makes programmatic calls typed: a sample program type-checks with
 * `tsc --noEmit` (and runs against a real upstream), and a program with a wrong argument type
 * fails to type-check with an error on that line.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { runNode } from './support/mcp-clients.ts';
import { buildWorkspace } from './support/run-cli.ts';
import { priceSchema, simpleSchema } from './support/schema-files.ts';
import { startPriceUpstream, type Upstream } from './support/upstream.ts';
import { createWorkspace, repoRoot } from './support/workspace.ts';

const ws = createWorkspace('types');
let upstream: Upstream;
const tsc = join(repoRoot, 'node_modules', '.bin', 'tsc');

test.before(async () => {
  upstream = await startPriceUpstream();
  ws.write('schemas/providers/coinprices/prices.mjs', priceSchema(upstream.root));
  ws.write('schemas/providers/weather/forecast.mjs', simpleSchema('weather', 1));
  const build = await buildWorkspace(ws.dir);
  assert.is(build.code, 0, build.stderr);
});

test.after(async () => {
  await upstream.close();
  ws.remove();
});

const program = (call: string) => `import { createTools, type CoinpricesGetPriceOutput } from './out/catalog.mjs';

const tools = await createTools({ serverParams: {} });
const result = ${call};
const output: CoinpricesGetPriceOutput | undefined = result.structuredContent;
await tools.weather.tool0({ query: 'rain' }).catch(() => undefined);
await tools.coinprices.listCoins();
process.stdout.write(JSON.stringify({ text: (result.content[0] as { text?: string }).text, output }));
await tools.close();
`;

function typeCheck(file: string): { status: number | null; output: string } {
  ws.write(
    'tsconfig.json',
    JSON.stringify({
      compilerOptions: {
        strict: true,
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        noEmit: true,
        types: ['node'],
        typeRoots: [join(repoRoot, 'node_modules', '@types')],
        skipLibCheck: false,
      },
      files: [file],
    }),
  );
  const run = spawnSync(tsc, ['--noEmit', '-p', ws.path('tsconfig.json')], { cwd: ws.dir, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

test('a correct program type-checks against catalog.d.mts and its call reaches the upstream', async () => {
  ws.write('good.mts', program(`await tools.coinprices.getPrice({ ids: 'bitcoin', days: 3 })`));
  const checked = typeCheck('good.mts');
  assert.is(checked.status, 0, checked.output);
  const run = await runNode(['--import', 'tsx', ws.path('good.mts')], {
    cwd: ws.dir,
    env: { NODE_EXTRA_CA_CERTS: upstream.ca.caFile },
  });
  assert.is(run.code, 0, run.stderr);
  const printed = JSON.parse(run.stdout);
  assert.equal(JSON.parse(printed.text), { price: 42.5, ids: 'bitcoin', days: 3 }, run.stdout);
});

test('a wrong argument type fails to type-check, on the call line', () => {
  ws.write('bad.mts', program(`await tools.coinprices.getPrice({ ids: 42 })`));
  const checked = typeCheck('bad.mts');
  assert.is.not(checked.status, 0);
  assert.match(checked.output, /bad\.mts\(4,\d+\): error TS2322: Type 'number' is not assignable to type 'string'/);
});

test('a missing required argument fails to type-check too', () => {
  ws.write('missing.mts', program(`await tools.coinprices.getPrice({ days: 2 })`));
  assert.match(typeCheck('missing.mts').output, /missing\.mts\(4,\d+\): error TS\d+: .*'ids'/);
});

test.run();
