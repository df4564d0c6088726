/** The one-pass splitting of ASCII text gives exactly the words of the regular-expression splitting it replaces. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { words } from '../../runtime/search/rank.ts';

/** The reference: the original definition. */
const reference = (text: string): string[] =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);

test('known cases', () => {
  assert.equal(words('getBlockNumber'), ['get', 'block', 'number']);
  assert.equal(words('HTTPServer_v2 ABCDeFGh'), ['http', 'server', 'v2', 'abc', 'de', 'f', 'gh']);
  assert.equal(words('get_station_status_bikeshare'), ['get', 'station', 'status', 'bikeshare']);
  assert.equal(words('Zürich Straße'), reference('Zürich Straße'));
  assert.equal(words(''), []);
});

test('equal to the regular expressions on 20,000 random ASCII strings', () => {
  const alphabet = 'aAbBzZ09 _-.:/HTTPServerXMLhttp';
  let seed = 7;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let n = 0; n < 20_000; n++) {
    let text = '';
    const length = Math.floor(next() * 24);
    for (let i = 0; i < length; i++) text += alphabet[Math.floor(next() * alphabet.length)];
    assert.equal(words(text), reference(text), JSON.stringify(text));
  }
});

test.run();
