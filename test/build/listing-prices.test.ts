/**
 * `toolkit build` prices each bundle's first listing per mode in bytes and tokens (naming the
 * tokenizer), and `--listing-budget` fails the build, writing nothing, when a mode is over it. The
 * code mode's listing stays the same few hundred tokens whatever the catalog's size.
 */
import { existsSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { listingPrices, parseListingBudget } from '../../compiler/build/listing-prices.ts';
import { listTools } from '../../runtime/create-runtime.ts';
import { param, schema, str, tool } from '../runtime/support/models.ts';
import { buildWorkspace } from './support/run-cli.ts';
import { simpleSchema } from './support/schema-files.ts';
import { createWorkspace } from './support/workspace.ts';

const ws = createWorkspace('listing-prices');
test.after(() => ws.remove());

const catalogOf = (tools: number) => {
  const schemas = Array.from({ length: tools / 4 }, (_, s) =>
    schema(
      `things${s}`,
      Array.from({ length: 4 }, (_, t) =>
        tool(
          `getThing${t}`,
          'GET',
          [`https://api.example/${s}/things`],
          [param('id', 'query', str, {}, [{ user: true }], 'identifier of the thing')],
          { description: `Gets thing ${t} of provider ${s}, as real descriptions go on for a while.` },
        ),
      ),
    ),
  );
  return JSON.stringify(listTools(schemas));
};

test('code mode costs the same few hundred tokens for 8 tools or 2,000; the others grow with the catalog', async () => {
  const small = await listingPrices(catalogOf(8), 8);
  const large = await listingPrices(catalogOf(2000), 2000);
  const of = (prices: typeof small, mode: string) => prices.find((price) => price.mode === mode)!;
  assert.equal(
    small.map((price) => price.mode),
    ['tools', 'toolset', 'code', 'tools+code'],
  );
  for (const prices of [small, large]) {
    assert.ok(of(prices, 'code').tokens < 1000, `code: ${of(prices, 'code').tokens} tokens`);
    assert.is(of(prices, 'tools+code').tokens, of(prices, 'tools').tokens + of(prices, 'code').tokens);
  }
  assert.ok(Math.abs(of(large, 'code').tokens - of(small, 'code').tokens) <= 2, 'only the tool count differs');
  assert.ok(of(large, 'tools').tokens > 100 * of(large, 'code').tokens, `tools: ${of(large, 'tools').tokens} tokens`);
});

test('toolkit build prints the prices per mode, and a budget fails the build with nothing written', async () => {
  ws.write('schemas/providers/weather/forecast.mjs', simpleSchema('weather', 3));
  const built = await buildWorkspace(ws.dir);
  assert.is(built.code, 0, built.stderr);
  assert.match(
    built.stdout,
    new RegExp(
      'catalog\\.mjs first listing: tools [\\d,]+ B = [\\d,]+ tokens · toolset [\\d,]+ B = [\\d,]+ tokens · code ' +
        '[\\d,]+ B = [\\d,]+ tokens · tools\\+code [\\d,]+ B = [\\d,]+ tokens\\n',
    ),
  );
  assert.match(
    built.stdout,
    /tokens: o200k_base \(js-tiktoken; GPT-4o\/GPT-5 counts, an approximation for other models\)/,
  );

  const over = await buildWorkspace(ws.dir, ['--listing-budget', 'code=50'], 'out-over');
  assert.is(over.code, 1);
  assert.match(
    over.stderr,
    /catalog\.mjs: the code listing is [\d,]+ tokens, over the budget of 50 \(--listing-budget code=50\)/,
  );
  assert.not.ok(existsSync(ws.path('out-over')), 'nothing written');
  const fits = await buildWorkspace(ws.dir, ['--listing-budget', 'code=1000'], 'out-fits');
  assert.is(fits.code, 0, fits.stderr);
  const wrong = await buildWorkspace(ws.dir, ['--listing-budget', 'cheap'], 'out-wrong');
  assert.is(wrong.code, 2);
  assert.match(wrong.stderr, /--listing-budget expects \[MODE=\]TOKENS/);
  assert.equal(parseListingBudget('2000'), { tokens: 2000 });
  assert.equal(parseListingBudget('tools+code=90000'), { mode: 'tools+code', tokens: 90000 });
});

test.run();
