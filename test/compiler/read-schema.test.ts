/** The module reader: handlers are located and read as data, and broken modules get one clear problem each. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readSchemaSource } from '../../compiler/parse/read-schema.ts';
import { forget, parseModule } from '../../compiler/parse/source-file.ts';

function read(text: string) {
  const source = parseModule('t.mjs', text);
  try {
    return readSchemaSource(source);
  } finally {
    forget(source);
  }
}

const MAIN = "export const main = { namespace: 'demo' };\n";

test('handlers: source text, location, and the hooks of each returned entry', () => {
  const factory =
    '({ sharedLists }) => ({\n  getA: { preRequest: async ({ struct, payload }) => ({ struct, payload }), ' +
    'postRequest: async ({ response }) => ({ response }) },\n  rows: { byCode: { postRequest: async ({ response }) ' +
    '=> ({ response }) } }\n})';
  const { handlers, problems } = read(`${MAIN}export const handlers = ${factory};\n`);
  assert.equal(problems, []);
  assert.is(handlers?.source, factory);
  assert.equal([handlers?.line, handlers?.column], [2, 25]);
  assert.equal(
    handlers?.entries?.map((e) => [e.key, e.members, e.line]),
    [
      ['getA', ['preRequest', 'postRequest'], 3],
      ['rows', ['byCode'], 4],
    ],
  );
});

test('handlers as a function declaration returning a local object are read too', () => {
  const { handlers } = read(
    `${MAIN}export function handlers() {\n  const h = { getA: { postRequest: (x) => x } };\n  return h;\n}\n`,
  );
  assert.equal(
    handlers?.entries?.map((e) => e.key),
    ['getA'],
  );
});

test('handlers exported as a plain object: "handlers must be a function", at the object', () => {
  const { problems } = read(`${MAIN}export const handlers = { getA: {} };\n`);
  assert.equal(
    problems.map((p) => [p.rule, p.line, p.column]),
    [['VAL004', 2, 25]],
  );
  assert.match(problems[0]?.message ?? '', 'handlers must be a function');
});

test('a syntax error is reported with its position and nothing else is guessed', () => {
  const { problems, main } = read("export const main = {\n  namespace: 'demo',,\n};\n");
  assert.is(main, undefined);
  assert.ok(problems.length >= 1);
  assert.ok(problems.every((p) => p.rule === 'PAR001'));
  assert.is(problems[0]?.line, 2);
});

test('missing main, no exports at all, and the legacy v1 form each get their own rule', () => {
  assert.equal(
    read('export const other = 1;\n').problems.map((p) => p.rule),
    ['VAL001'],
  );
  assert.equal(
    read('module.exports = { main: {} };\n').problems.map((p) => p.rule),
    ['PAR003'],
  );
  assert.equal(
    read('const main = {};\n').problems.map((p) => p.rule),
    ['PAR003'],
  );
  const legacy = read("export const schema = { flowMCP: '1.2.0' };\n").problems;
  assert.equal(
    legacy.map((p) => [p.rule, p.line]),
    [['PAR004', 1]],
  );
});

test('main exported through an export list is found', () => {
  const { main, problems } = read("const m = { namespace: 'demo' };\nexport { m as main };\n");
  assert.equal(problems, []);
  assert.equal(main, { namespace: 'demo' });
});

test.run();
