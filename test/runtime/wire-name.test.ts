/** Wire names: `snake(tool)_snake(namespace)`, ≤ 64 chars, collisions resolved deterministically. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { assignWireNames, MAX_WIRE_NAME, wireName } from '../../runtime/index.ts';

test('the prior-art rule for ordinary names', () => {
  assert.is(wireName('demo', 'ping'), 'ping_demo');
  assert.is(wireName('geo', 'geoStation'), 'geo_station_geo');
  assert.is(wireName('ethers', 'getBlockNumber'), 'get_block_number_ethers');
  assert.is(wireName('my-ns', 'get:balance/of'), 'getbalance_of_my_ns');
  assert.is(wireName('x', 'a'), 'a_x');
  assert.is(wireName('coingecko', 'simplePrice'), 'simple_price_coingecko');
  assert.is(wireName('a', 'get2Fa'), 'get2_fa_a');
});

test('long names are cut to 64 characters', () => {
  const name = wireName('andAlsoAVeryLongNamespaceForCapTest', 'thisIsAVeryLongRouteNameThatExceeds');
  assert.is(name, 'this_is_avery_long_route_name_that_exceeds_and_also_avery_long_n');
  assert.is(name.length, MAX_WIRE_NAME);
});

test('distinct names stay as they are', () => {
  assert.equal(
    assignWireNames([
      { namespace: 'a', toolName: 'x' },
      { namespace: 'b', toolName: 'x' },
    ]),
    ['x_a', 'x_b'],
  );
});

test('colliding names all get a short hash suffix and still fit', () => {
  const long = 'thisIsAVeryLongRouteNameThatExceedsTheLimitByFarAndThenSomeMoreWords';
  const entries = [
    { namespace: 'shared', toolName: `${long}One` },
    { namespace: 'shared', toolName: `${long}Two` },
    { namespace: 'other', toolName: 'ping' },
  ];
  const names = assignWireNames(entries);
  assert.is(names[2], 'ping_other');
  assert.is.not(names[0], names[1]);
  for (const name of names.slice(0, 2)) {
    assert.ok(name.length <= MAX_WIRE_NAME, name);
    assert.match(name, /^this_is_avery_long_route_name_that_exceeds_the_limit_by_f[a-z_]*_[0-9a-f]{6}$/);
  }
});

test('snake-case collisions (fooBar vs foo_bar) are separated by a hash suffix', () => {
  const names = assignWireNames([
    { namespace: 'demo', toolName: 'fooBar' },
    { namespace: 'demo', toolName: 'foo_bar' },
  ]);
  assert.is(new Set(names).size, 2);
  for (const name of names) assert.match(name, /^foo_bar_demo_[0-9a-f]{6}$/);
});

test(
  'a tool two files of one namespace declare: the first file by path keeps the name, the other takes ' +
    'its file name',
  () => {
    const byFile = { duplicatesByFile: true };
    const entries = [
      { namespace: 'geo', toolName: 'station', source: 'providers/geo/stations-v2.mjs' },
      { namespace: 'geo', toolName: 'station', source: 'providers/geo/stations.mjs' },
      { namespace: 'geo', toolName: 'station', source: 'providers/geo/z/Stations.Copy.mjs' },
    ];
    assert.equal(assignWireNames(entries, byFile), [
      'station_geo_stations_v2',
      'station_geo',
      'station_geo_stations_copy',
    ]);
    assert.equal(assignWireNames([...entries].reverse(), byFile).reverse(), [
      'station_geo_stations_v2',
      'station_geo',
      'station_geo_stations_copy',
    ]);
    // Format 2.0.0 names the same way after its own base; files with the same name fall back to the hash.
    assert.equal(
      assignWireNames(
        [
          { namespace: 'geo', toolName: 'station', source: 'a/geo.mjs', format: 2 },
          { namespace: 'geo', toolName: 'station', source: 'b/zeta.mjs', format: 2 },
        ],
        byFile,
      ),
      ['geo__station', 'geo__station_zeta'],
    );
    const sameFileName = assignWireNames(
      [
        { namespace: 'geo', toolName: 'station', source: 'a/geo.mjs' },
        { namespace: 'geo', toolName: 'station', source: 'b/geo.mjs' },
      ],
      byFile,
    );
    assert.is(sameFileName[0], 'station_geo');
    assert.is(sameFileName[1], 'station_geo_geo');
    // Without the option (prompt and query names), such entries take hash suffixes as before.
    for (const name of assignWireNames(entries)) assert.match(name, /^station_geo_[0-9a-f]{6}$/);
  },
);

test('the assignment does not depend on input order', () => {
  const entries = [
    { namespace: 'demo', toolName: 'fooBar' },
    { namespace: 'x', toolName: 'y' },
    { namespace: 'demo', toolName: 'foo_bar' },
  ];
  const forward = assignWireNames(entries);
  const backward = assignWireNames([...entries].reverse()).reverse();
  assert.equal(forward, backward);
});

test('exact duplicates still get distinct names', () => {
  const names = assignWireNames([
    { namespace: 'a', toolName: 'b' },
    { namespace: 'a', toolName: 'b' },
  ]);
  assert.is.not(names[0], names[1]);
  for (const name of names) assert.ok(name.length <= MAX_WIRE_NAME);
});

test.run();
