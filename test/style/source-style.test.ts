// The house style holds on every covered source file: the formatter's check passes (biome, `biome.json`)
// and no line of a line-checked file is over 120 characters (`npm run format:check`; `npm run format`
// rewraps comments, `npm run format:lines` splits literals). The comment rewrapper keeps code and
// literals as they are.
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { longLines } from '../../scripts/source-style/check-line-length.ts';
import { rewrapText } from '../../scripts/source-style/rewrap-comments.ts';
import { LINE_EXEMPT, lineCheckedFiles, sourceFiles } from '../../scripts/source-style/source-files.ts';

const root = resolve(import.meta.dirname, '..', '..');

test('the formatter finds nothing to change in the covered files', () => {
  const biome = join(root, 'node_modules', '.bin', 'biome');
  try {
    execFileSync(biome, ['format', '--max-diagnostics=5', '.'], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    assert.unreachable(`run \`npm run format\`:\n${stdout}${stderr}`);
  }
});

test('no line of a checked source file is over 120 characters, literals included', () => {
  const offenders = longLines(root).map(
    ({ file, line, length, literal }) => `${file}:${line} (${length}${literal ? ', literal' : ''})`,
  );
  assert.equal(
    offenders,
    [],
    'run `npm run format` (comments) and `npm run format:lines` (literals); wrap code by hand',
  );
});

test('the covered files are the tracked sources less the fixtures and schemas biome.json leaves out', () => {
  const files = sourceFiles(root);
  assert.ok(files.includes('cli/main.ts') && files.includes('test/run.mjs'));
  assert.ok(!files.some((file) => /^(schemas|agents|test\/fixtures)\//.test(file)));
});

test('the line check also reads templates and the files biome leaves out; only schema data is exempt', () => {
  const files = lineCheckedFiles(root);
  for (const file of ['cli/main.ts', 'templates/bundle-entry.ts.tpl', 'bench/corpus/wild-catalog.ts'])
    assert.ok(files.includes(file), file);
  assert.equal(
    LINE_EXEMPT.map(({ folder }) => folder),
    ['schemas', 'test/fixtures', 'agents'],
  );
  assert.ok(!files.some((file) => LINE_EXEMPT.some(({ folder }) => file.startsWith(`${folder}/`))));
});

const long = (words: number) => Array.from({ length: words }, (_, i) => `word${i}`).join(' ');

test('a long // comment is reflowed with the lines of its paragraph; code and strings are kept', () => {
  const text = [
    'function f() {',
    `  // ${long(30)}`,
    '  // the end of the paragraph.',
    `  const url = 'https://example.com/${'x'.repeat(120)}'; // ${long(8)}`,
    '  return url;',
    '}',
    '',
  ].join('\n');
  const out = rewrapText('demo.ts', text);
  const lines = out.split('\n');
  assert.ok(lines.every((line) => line.length <= 120 || line.includes("'https://")));
  assert.is(lines[0], 'function f() {');
  const comment = lines.filter((line) => line.trimStart().startsWith('//'));
  assert.is(comment.map((line) => line.trim().slice(3)).join(' '), `${long(30)} the end of the paragraph. ${long(8)}`);
  assert.ok(
    out.includes(`  const url = 'https://example.com/${'x'.repeat(120)}';\n  return url;`),
    'the code line is whole',
  );
});

test('a trailing comment moves above its code; // inside a template is not a comment', () => {
  const template = `  const t = \`// ${long(25)}\`;`;
  const text = [`  call(a, b); // ${long(22)}`, template, ''].join('\n');
  const lines = rewrapText('demo.mjs', text).split('\n');
  assert.ok(lines[0]!.startsWith('  // word0 '));
  assert.is(lines[lines.indexOf('  call(a, b);') - 1]!.startsWith('  // '), true);
  assert.ok(lines.includes(template), 'the template literal is untouched');
});

test('block comments: a long line reflows its paragraph, a one-line /** */ becomes a block, tags stay', () => {
  const text = [
    '/**',
    ` * ${long(28)}`,
    ' * more words.',
    ' * @param x the input',
    ' */',
    `/** ${long(26)} */`,
    'export const x = 1;',
    '',
  ].join('\n');
  const lines = rewrapText('demo.ts', text).split('\n');
  assert.ok(lines.every((line) => line.length <= 120));
  assert.ok(lines.includes(' * @param x the input'));
  assert.ok(lines.includes(' * more words.') === false, 'the paragraph was reflowed as one');
  assert.is(lines.filter((line) => line === '/**').length, 2);
  assert.is(lines.at(-2), 'export const x = 1;');
});

test.run();
