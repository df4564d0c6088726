import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { brief, scanText } from './support.ts';

test('words inside strings, comments, regex literals and URLs trigger nothing', () => {
  const text = [
    '// import fs from "fs"; eval(process.env.KEY); require("child_process")',
    '/* globalThis.fetch(__dirname) */',
    'const a = \'import x from "y"; process.env.KEY; eval(1); new Function(); globalThis.x\'',
    "const b = 'https://global.api.example.com/v1', c = 'https://gbfs.example.org/fs.json'",
    'const r = /require\\(|import\\(|eval\\(/g',
    'const t = `fetch(${a.length}) and process.exit()`',
    'export const main = { description: "uses setTimeout and setInterval and window.location" }',
    '/** @param {typeof process} p @see {@link globalThis.fetch} @type {import("fs")} */',
    'export const note = 1',
  ].join('\n');
  assert.equal(brief(scanText(text)), []);
});

test('an exact dangerous key as a string is reported, as a comparison it is not', () => {
  assert.equal(brief(scanText("const k = 'constructor'")), ['1:11 SEC006']);
  assert.equal(
    brief(scanText("const safe = (k) => k !== '__proto__' && k !== 'constructor' && !('prototype' in {})")),
    [],
  );
  assert.equal(brief(scanText("const kind = (k) => { switch (k) { case 'constructor': return 1 } }")), []);
});

test.run();
