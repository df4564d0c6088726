import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { brief, scanText } from './support.ts';

test('a local variable, parameter, property or key named like a global is not a global reference', () => {
  const text = [
    'const fetch = (x) => x',
    'const run = (process) => process.step',
    'const obj = { fetch: 1, process: 2, eval: 3 }',
    'const { global, self: me } = obj',
    'obj.process; obj.fetch; obj?.require',
    'function f(require) { return require }',
    'try { run(1) } catch (eval2) { fetch(eval2) }',
    'class Function2 { process() { return this.fetch } }',
    'export { fetch }',
  ].join('\n');
  assert.equal(brief(scanText(text)), []);
});

test('the same name is a global where no enclosing scope declares it', () => {
  const text = [
    'const a = () => { const fetch = 1; return fetch }',
    'const b = () => fetch',
    'for (const process of []) { process }',
    'process',
  ].join('\n');
  assert.equal(brief(scanText(text)), ['2:17 SEC009', '4:1 SEC007']);
});

test('var is hoisted to the function, let stays in its block', () => {
  const text = [
    'function f() { if (true) { var process = 1 } return process }',
    'function g() { if (true) { let fetch = 1 } return fetch }',
  ].join('\n');
  assert.equal(brief(scanText(text)), ['2:51 SEC009']);
});

test('catch bindings, function-expression names and class names are locals', () => {
  const text = [
    'try {} catch (process) { process.exit }',
    'const x = function fetch() { return fetch }',
    'const y = class eval { m() { return eval } }',
  ].join('\n');
  assert.equal(brief(scanText(text)), []);
});

test('labels named like globals are not references, the call after them is', () => {
  const text = 'fetch: for (;;) { break fetch }\ncontinueLabel: { fetch() }';
  assert.equal(brief(scanText(text)), ['2:18 SEC009']);
});

test('the message says what was found and why it matters', () => {
  const [finding] = scanText('const env = process.env');
  assert.is(finding!.rule, 'SEC007');
  assert.match(finding!.message, /Global 'process'/);
  assert.match(finding!.message, /environment/);
});

test('shorthand properties pass the global itself along', () => {
  assert.equal(brief(scanText('export const tools = { fetch }')), ['1:24 SEC009']);
});

test('a global outside the safe built-ins is reported by name', () => {
  const [finding] = scanText('document.cookie');
  assert.is(finding!.rule, 'SEC027');
  assert.match(finding!.message, /'document'/);
});

test.run();
