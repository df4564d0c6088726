/**
 * Hooks the model cannot see would never run: a handlers object that cannot be followed without
 * running code is an error (VAL006), never a schema that loads with `hooks: []`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadSchemaFile } from '../../compiler/load/load-schema.ts';
import { tempTree } from './support/temp-tree.ts';

const fixture = readFileSync(
  resolve(import.meta.dirname, '../fixtures/rules/VAL006.returns-local-object.passes.mjs'),
  'utf8',
);
const MAIN = fixture.slice(0, fixture.indexOf('export function handlers'));
const tree = tempTree('handler-hooks');
const HOOK = '{ preRequest: async ({ struct, payload }) => ({ struct, payload }) }';

const load = (handlers: string) => {
  tree.write({ 'schema.mjs': `${MAIN}${handlers}\n` });
  return loadSchemaFile(tree.path('schema.mjs'));
};

const unreadable: Record<string, string> = {
  'a shorthand entry changed after its declaration':
    `export function handlers() {\n  const getItem = ${HOOK};\n  ` +
    `getItem.postRequest = async (x) => x;\n  return { getItem };\n}`,
  'a module constant changed after its declaration':
    `const hooks = ${HOOK};\nhooks.postRequest = async (x) => ` +
    `x;\nexport const handlers = () => ({ getItem: hooks });`,
  'a module constant handed to a call':
    `const hooks = ${HOOK};\nObject.assign(hooks, { postRequest: async (x) => x ` +
    `});\nexport const handlers = () => ({ getItem: hooks });`,
  'a local constant deleted from':
    `export function handlers() {\n  const getItem = { ...${HOOK}, postRequest: async ` +
    `(x) => x };\n  delete getItem.postRequest;\n  return { getItem };\n}`,
  'a local object assigned through':
    `export function handlers() {\n  const out = {};\n  out.getItem = ${HOOK};\n  ` + `return out;\n}`,
  'Object.assign': `export const handlers = () => Object.assign({}, { getItem: ${HOOK} });`,
  'an entry spreading a call': `export const handlers = () => ({ getItem: { ...Object.freeze(${HOOK}) } });`,
  'a second return':
    `export function handlers({ sharedLists }) {\n  if (sharedLists) return { getItem: ${HOOK} ` +
    `};\n  return {};\n}`,
  'an entry written as a method': `export const handlers = () => ({ getItem() { return {}; } });`,
  'a builder whose key is computed':
    `const build = (name) => ({ [name]: ${HOOK} });\nexport const handlers = () => ` + `build('getItem');`,
  'a builder declared with let': `let build = () => (${HOOK});\nexport const handlers = () => ({ getItem: build() });`,
  'a builder function replaced later':
    `function build() { return ${HOOK}; }\nbuild = () => ({});\nexport const ` +
    `handlers = () => ({ getItem: build() });`,
  'a builder with two ways out':
    `function build(on) { if (on) return ${HOOK}; return {}; }\nexport const handlers = ` +
    `() => ({ getItem: build(true) });`,
  'a builder handed in as a parameter':
    `export const handlers = ({ libraries }) => ({ getItem: ` + `libraries.build('getItem') });`,
  'a parameter named like a module builder':
    `const build = () => (${HOOK});\nexport const handlers = (build) => ({ ` + `getItem: build() });`,
  'a built object changed after the call':
    `const build = () => (${HOOK});\nexport function handlers() {\n  const h ` +
    `= build();\n  h.postRequest = async (x) => x;\n  return { getItem: h };\n}`,
  'a builder changing its object before returning it':
    `const build = () => {\n  const o = ${HOOK};\n  o.postRequest ` +
    `= async (x) => x;\n  return o;\n};\nexport const handlers = () => ({ getItem: build() });`,
};

for (const [what, handlers] of Object.entries(unreadable)) {
  test(`${what}: VAL006 error, no model`, () => {
    const result = load(handlers);
    assert.is(result.status, false, result.messages.join('\n'));
    assert.is(result.model, undefined);
    const val006 = result.diagnostics.filter((d) => d.rule === 'VAL006');
    assert.is(val006.length, 1, result.messages.join('\n'));
    assert.is(val006[0]!.severity, 'error');
  });
}

test(
  'readable forms keep their hooks: literal, local const, shorthand of a local const, module const, ' +
    'spread of a const',
  () => {
    for (const handlers of [
      `export const handlers = () => ({ getItem: ${HOOK} });`,
      `export function handlers() {\n  const out = { getItem: ${HOOK} };\n  return out;\n}`,
      `export function handlers() {\n  const getItem = ${HOOK};\n  return { getItem };\n}`,
      `const hooks = ${HOOK};\nexport const handlers = () => ({ getItem: hooks });`,
      `const more = ${HOOK};\nexport const handlers = () => ({ getItem: { ...more } });`,
      `export function handlers() {\n  const getItem = ${HOOK};\n  const log = getItem.preRequest.name;\n  return { ` +
        `getItem };\n}`,
    ]) {
      const result = load(handlers);
      assert.is(result.status, true, `${handlers}\n${result.messages.join('\n')}`);
      assert.equal(
        result.model?.tools.map((t) => t.hooks),
        [['preRequest']],
      );
    }
  },
);

test('a map built through a local function or constant, every key literal, keeps its hooks', () => {
  for (const handlers of [
    `const buildHandler = (tool) => (${HOOK});\nexport const handlers = () => ({ getItem: buildHandler('getItem') });`,
    `export function handlers() {\n  function hooksFor(tool) {\n    return ${HOOK};\n  }\n  return { getItem: ` +
      `hooksFor('getItem') };\n}`,
    `const makeMap = () => ({ getItem: ${HOOK} });\nexport const handlers = () => makeMap();`,
    `function makeMap() {\n  const getItem = ${HOOK};\n  return { getItem };\n}\nexport function handlers() {\n  ` +
      `const map = makeMap();\n  return map;\n}`,
    `const common = ${HOOK};\nconst build = () => ({ ...common });\nexport const handlers = () => ({ ` +
      `getItem: build() });`,
    `const inner = () => (${HOOK});\nconst outer = () => inner();\nexport const handlers = () => ({ ` +
      `getItem: outer() });`,
  ]) {
    const result = load(handlers);
    assert.is(result.status, true, `${handlers}\n${result.messages.join('\n')}`);
    assert.equal(
      result.model?.tools.map((t) => t.hooks),
      [['preRequest']],
      handlers,
    );
  }
});

test('a builder calling itself is followed only so deep, then VAL006', () => {
  const result = load(`const build = () => build();\nexport const handlers = () => ({ getItem: build() });`);
  assert.ok(
    result.diagnostics.some((d) => d.rule === 'VAL006'),
    result.messages.join('\n'),
  );
});

test.after(() => tree.remove());
test.run();
