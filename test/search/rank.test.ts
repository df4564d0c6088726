/** Tool search: what a person typing a few words expects to find first. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSearchIndex, readSearchIndex, searchTools, words } from '../../runtime/search/index.ts';

const index = buildSearchIndex([
  {
    name: 'current_weather_openmeteo',
    namespace: 'openmeteo',
    tool: 'currentWeather',
    description: 'Current temperature and wind for a place.',
    tags: ['weather', 'forecast'],
    hints: [],
  },
  {
    name: 'daily_forecast_openmeteo',
    namespace: 'openmeteo',
    tool: 'dailyForecast',
    description: 'Daily weather forecast for up to 16 days.',
    tags: ['weather', 'forecast'],
    hints: [],
  },
  {
    name: 'get_block_number_etherscan',
    namespace: 'etherscan',
    tool: 'getBlockNumber',
    description: 'Latest block number of a chain.',
    tags: ['blockchain'],
    hints: ['height'],
  },
  {
    name: 'simple_price_coingecko',
    namespace: 'coingecko',
    tool: 'simplePrice',
    description: 'Price of coins in a currency, e.g. the weather of the market.',
    tags: ['crypto', 'prices'],
    hints: [],
  },
  {
    name: 'search_usgs',
    namespace: 'usgs',
    tool: 'search',
    description: 'Earthquakes by time and magnitude.',
    tags: ['earthquakes'],
    hints: ['seismic'],
  },
]);

const names = (query: string, limit?: number) => searchTools(index, query, limit).map((hit) => hit.entry.name);

test('words split camelCase, snake_case and punctuation, lower-cased', () => {
  assert.equal(words('getBlockNumber'), ['get', 'block', 'number']);
  assert.equal(words('get_block-number v2'), ['get', 'block', 'number', 'v2']);
  assert.equal(words('HTTPServer'), ['http', 'server']);
  assert.equal(words('  '), []);
});

test('a tag or tool-name match ranks above a passing mention in a description', () => {
  const found = names('weather');
  assert.equal(found.slice(0, 2).sort(), ['current_weather_openmeteo', 'daily_forecast_openmeteo']);
  assert.is(found[0], 'current_weather_openmeteo');
  assert.is(found[2], 'simple_price_coingecko');
});

test('entries matching every query word come before those matching some', () => {
  assert.is(names('daily weather')[0], 'daily_forecast_openmeteo');
});

test('namespaces, hints and prefixes are searched; nothing matching gives nothing', () => {
  assert.equal(names('coingecko'), ['simple_price_coingecko']);
  assert.equal(names('seismic'), ['search_usgs']);
  assert.equal(names('earthq'), ['search_usgs']);
  assert.equal(names('zebra'), []);
  assert.equal(names(''), []);
});

test('the limit holds and ties break by name', () => {
  assert.is(names('forecast weather block price seismic', 2).length, 2);
  const tied = buildSearchIndex(
    ['b', 'a', 'c'].map((n) => ({ name: `${n}_x`, namespace: 'x', tool: n, description: 'same', tags: [], hints: [] })),
  );
  assert.equal(
    searchTools(tied, 'same').map((hit) => hit.entry.name),
    ['a_x', 'b_x', 'c_x'],
  );
});

test('an index survives JSON and a malformed one is named', () => {
  const again = readSearchIndex(JSON.parse(JSON.stringify(index)));
  assert.equal(
    searchTools(again, 'weather').map((hit) => hit.entry.name),
    names('weather'),
  );
  assert.throws(() => readSearchIndex({ version: 2, entries: [] }), /not a toolkit search index/);
  assert.throws(() => readSearchIndex({ version: 1, entries: [{ name: 1 }] }), /entry 0 is malformed/);
});

test.run();
