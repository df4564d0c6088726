import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { defaultAllowedLibraries } from '../../../compiler/scan/index.ts';
import { brief, scanText } from './support.ts';

const schemaUsing = (libraries: string) => `export const main = {
  namespace: 'demo', name: 'Demo', description: 'd', version: '3.0.0', root: 'https://api.example.com',
  requiredLibraries: ${libraries},
  tools: {}
}
export const handlers = ({ sharedLists, libraries }) => ({})
`;

test('a library off the allowlist is reported with the spec message at its entry', () => {
  const findings = scanText(schemaUsing("['ethers', 'left-pad']"));
  assert.equal(brief(findings), ['3:33 SEC024']);
  assert.is(findings[0]!.message, "Library 'left-pad' is not on the allowlist");
});

test('the defaults cover the computing libraries of real schemas but no I/O library', () => {
  for (const name of [
    'ethers',
    'moment',
    'indicatorts',
    '@erc725/erc725.js',
    'crypto',
    'zlib',
    'buffer',
    'url',
    'querystring',
    'path',
    'util',
  ]) {
    assert.ok(defaultAllowedLibraries.includes(name), name);
  }
  for (const name of ['axios', 'better-sqlite3', 'fs', 'child_process', 'node-fetch', 'ccxt', 'yahoo-finance2']) {
    assert.not.ok(defaultAllowedLibraries.includes(name), name);
  }
  assert.ok(Object.isFrozen(defaultAllowedLibraries));
});

test('the user extends the allowlist; the defaults stay allowed', () => {
  const text = schemaUsing("['left-pad', 'ethers']");
  assert.equal(brief(scanText(text)), ['3:23 SEC024']);
  assert.equal(brief(scanText(text, ['left-pad'])), []);
});

test('a library that needs network or file I/O is rejected whatever the allowlist says (SEC032)', () => {
  const text = schemaUsing("['axios', 'ccxt', 'ethers']");
  assert.equal(brief(scanText(text, ['axios'])), ['3:23 SEC032', '3:32 SEC032']);
  assert.match(
    scanText(text)[1]!.message,
    /Library 'ccxt' calls exchange APIs over the network; handlers run in a sandbox without network or file access/,
  );
});

test('a library used as a global is reported; through the injected object it is fine', () => {
  const head = schemaUsing("['ethers', '@erc725/erc725.js']");
  assert.equal(brief(scanText(`${head}const a = ethers.ZeroAddress`)), ['7:11 SEC025']);
  assert.equal(brief(scanText(`${head}const b = erc725.decode`)), ['7:11 SEC025']);
  assert.equal(
    brief(scanText(`${head}const f = ({ libraries }) => [libraries.ethers, libraries['@erc725/erc725.js']]`)),
    [],
  );
});

test('requiredLibraries that cannot be read statically are reported', () => {
  // LIBS is declared nowhere: SEC205 besides.
  assert.equal(
    brief(scanText(schemaUsing('LIBS')))
      .map((s) => s.split(' ')[1])
      .sort(),
    ['SEC026', 'SEC205'],
  );
  assert.equal(brief(scanText(schemaUsing("['ethers', ...['x']]"))), ['3:33 SEC026']);
});

test.run();
