/**
 * The emitted module, imported as code: its data equals the model byte for byte (hostile strings
 * included), its hashes match, and its typed calls validate input with the static zod schema.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pathToFileURL } from 'node:url';
import { emitSchemaModule } from '../../compiler/emit/schema-module.ts';
import { canonicalJson } from '../../runtime/canonical-json.ts';
import { hashValue } from '../../runtime/hash.ts';
import { priceModel, schemaModel, tool, parameter } from './support/models.ts';
import { rejects } from './support/rejects.ts';
import { createWorkspace } from './support/workspace.ts';

const ws = createWorkspace('module');
test.after(() => ws.remove());

const hostile = `a "quote", a */ comment end, \${template}, \`tick\`, \\ backslash, line\nbreak, \u2028 separator`;
const model = schemaModel(
  'odd',
  [
    tool(
      'lookUp',
      [
        parameter({
          key: 'date-min',
          type: { kind: 'string' },
          options: { regex: '^\\d{4}-\\d{2}$', optional: true },
          description: hostile,
        }),
      ],
      {
        description: hostile,
        output: {
          mimeType: 'application/json',
          schema: {
            type: 'object',
            properties: { __proto__: { type: 'string' }, 'a-b': { type: 'array', items: { type: 'integer' } } },
          },
        },
      },
    ),
  ],
  {
    handlersSource:
      `({ sharedLists }) => ({ lookUp: { postRequest: async ({ response }) => ({ response: { ` +
      `...response, note: ${JSON.stringify(hostile)} } }) } })`,
    sharedLists: { chains: [{ id: 1, name: 'x' }] },
  },
);

async function load(m: typeof model, name: string) {
  const emitted = emitSchemaModule(m, `${name}.mjs`);
  const path = ws.write(`${name}.ts`, emitted.text);
  return { emitted, module: await import(pathToFileURL(path).href) };
}

test('the emitted data is the model, exactly, with hostile strings and __proto__ keys', async () => {
  const { module } = await load(model, 'odd');
  const schema = JSON.parse(module.schemaJson);
  assert.is(module.schemaJson, canonicalJson(model));
  assert.is(canonicalJson(schema), canonicalJson(model));
  assert.is(Object.getPrototypeOf(schema.tools[0].output.schema.properties), Object.prototype, 'prototype untouched');
  assert.is(schema.handlersSource, model.handlersSource, 'handler source carried as a string');
});

test('the module carries its hashes: data, main, handlers, lists', async () => {
  const { module, emitted } = await load(model, 'odd-hashes');
  assert.is(module.integrity.dataHash, hashValue(model));
  assert.is(module.integrity.mainHash, model.hash);
  assert.is(module.integrity.listsHash, hashValue(model.sharedLists));
  assert.match(module.integrity.handlersHash, /^sha256:[0-9a-f]{64}$/);
  assert.is(module.integrity.module, emitted.path);
});

test('handler source is data, not code: the module never defines the factory', async () => {
  const { emitted } = await load(model, 'odd-code');
  assert.not.match(emitted.text, /^\s*\(\{ sharedLists \}\) =>/m);
  assert.ok(
    emitted.text.includes(JSON.stringify(JSON.stringify(model.handlersSource)).slice(1, -1)),
    'present only inside the JSON string',
  );
});

test('typed calls validate with the static schema and apply defaults before calling', async () => {
  const { module } = await load(priceModel(), 'price');
  const calls: [string, unknown][] = [];
  const tools = module.bindTools(async (name: string, args: unknown) => {
    calls.push([name, args]);
    return { content: [] };
  });
  await tools.getPrice({ ids: 'bitcoin' });
  assert.equal(calls[0], ['getPrice', { ids: 'bitcoin', days: 7, vs: 'usd' }]);
  await rejects(() => tools.getPrice({ ids: 42 }));
  await rejects(() => tools.getPrice({ ids: 'x', days: 31 }));
  await rejects(() => tools.getPrice({ ids: 'x', apiKey: 'smuggled' }), 'hidden params cannot be passed');
  await tools.listCoins();
  assert.equal(calls[1], ['listCoins', {}]);
});

test('the same model always emits the same text', () => {
  assert.is(emitSchemaModule(priceModel(), 'p.mjs').text, emitSchemaModule(priceModel(), 'p.mjs').text);
});

test.run();
