/**
 * The handlers of the shipped catalog give the model what their tools promise: run through the real
 * runtime against the recorded responses, the reshaped answers are checked value by value (a handler
 * that stopped filtering, sorting or mapping would still "pass" its declared test, but not these).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runDeclaredTests, type TestOutcome } from '../../cli/tool-tests/run-declared-tests.ts';
import { shippedCatalog } from './support/catalog.ts';
import { replayCatalog } from './support/replay-catalog.ts';

const catalog = await replayCatalog();
test.after(catalog.close);

/** The JSON each declared test of a tool answered, by test description. */
async function answers(selector: string): Promise<Map<string, unknown>> {
  const report = await runDeclaredTests({
    schemasDir: shippedCatalog,
    selector,
    http: catalog.http,
    serverParams: catalog.serverParams,
    grants: catalog.grants,
  });
  const failed = report.outcomes.filter((o) => !o.ok);
  assert.equal(
    failed.map((o) => o.detail),
    [],
  );
  return new Map(
    report.outcomes.map((o: TestOutcome) => {
      const text = o.result.content.find((c) => c.type === 'text') as { text: string } | undefined;
      return [o.description, text ? JSON.parse(text.text) : undefined];
    }),
  );
}

test('etherscan sends the chain id of the chain chosen by name', async () => {
  const hitsBefore = catalog.replay.misses.length;
  const results = await answers('etherscan/tool/getBalance');
  assert.equal(results.get('The same address on Arbitrum'), { status: '1', message: 'OK', result: '1200000000000000' });
  assert.is(catalog.replay.misses.length, hitsBefore, 'chainid=42161 was sent, which is what the recording expects');
});

test('binance candles become objects with an ISO open time and numbers', async () => {
  const candles = (await answers('binance/tool/getCandles')).get('Three daily candles of BTCUSDT') as Record<
    string,
    unknown
  >[];
  assert.is(candles.length, 3);
  assert.equal(candles[0], {
    openTime: '2025-06-10T00:00:00.000Z',
    open: 105734,
    high: 110530.17,
    low: 105318.37,
    close: 110261.8,
    volume: 19784.67463,
    quoteVolume: 2139391206.1931148,
    trades: 3012911,
  });
});

test('defillama keeps the largest protocols of a category, sorted by TVL, and drops those without TVL', async () => {
  const results = await answers('defillama/tool/listProtocols');
  const top = results.get('The three largest protocols') as { slug: string; tvl: number }[];
  assert.equal(
    top.map((p) => p.slug),
    ['aave-v3', 'lido', 'binance-staked-eth'],
  );
  const lending = results.get('The two largest lending protocols') as {
    slug: string;
    category: string;
    change1d: number;
  }[];
  assert.equal(
    lending.map((p) => p.slug),
    ['aave-v3', 'morpho-blue'],
  );
  assert.ok(lending.every((p) => p.category === 'Lending'));
});

test('defillama histories keep the last N days with dates, and chains are ranked', async () => {
  const history = (await answers('defillama/tool/getChainTvlHistory')).get('The last three days of Arbitrum');
  assert.equal(history, [
    { date: '2025-06-10', tvl: 2691009331.0 },
    { date: '2025-06-11', tvl: 2701331002.5 },
    { date: '2025-06-12', tvl: 2712099001.3 },
  ]);
  const chains = (await answers('defillama/tool/listChains')).get('The five chains with the most TVL') as {
    name: string;
    chainId: number | null;
  }[];
  assert.equal(
    chains.map((c) => c.name),
    ['Ethereum', 'Solana', 'BSC', 'Tron', 'Base'],
  );
  assert.is(chains[1]!.chainId, null);
  const lido = (await answers('defillama/tool/getProtocol')).get('Lido') as { tvl: unknown[]; chains: string[] };
  assert.is(lido.tvl.length, 3);
  assert.equal(lido.tvl[2], { date: '2025-06-12', tvl: 22991022910.5 });
});

test('npm and pypi summarise large documents: recent versions first, newest release files kept', async () => {
  const express = (await answers('npm/tool/getPackage')).get('The express package') as Record<string, any>;
  assert.is(express.distTags.latest, '5.1.0');
  assert.equal(
    express.recentVersions.map((v: { version: string }) => v.version),
    ['5.1.0', '4.21.2', '5.0.1', '5.0.0'],
    'by publication time, newest first',
  );
  assert.is(express.versionCount, 4);
  assert.equal(express.maintainers, ['wesleytodd', 'ulisesgascon']);
  const requests = (await answers('pypi/tool/getProject')).get('The requests library') as Record<string, any>;
  assert.equal(
    requests.recentReleases.map((r: { version: string }) => r.version),
    ['2.32.4', '2.32.3', '2.31.0'],
  );
  assert.is(requests.files.length, 2);
  assert.not.ok('releases' in requests);
});

test('hacker news lists are cut to 30 ids and user submissions to 20', async () => {
  const front = (await answers('hackernews/tool/getStoryIds')).get('The front page') as number[];
  assert.is(front.length, 30);
  assert.is(front[0], 44260012);
  const pg = (await answers('hackernews/tool/getUser')).get('The founder of the site') as {
    submitted: number[];
    submittedCount: number;
    karma: number;
  };
  assert.is(pg.submitted.length, 20);
  assert.is(pg.submittedCount, 22);
  assert.is(pg.karma, 157316);
});

test.run();
