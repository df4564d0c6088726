/**
 * What a bundle hands to code that imports it. Serving keeps its verified models to the runtime
 * (unfrozen, for a fast start), so what leaves the bundle must still be locked: `loadSchemas()`
 * gives deep-frozen models equal to the module data, and typed calls still refuse bad input with
 * the static zod schema before anything is sent.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { SchemaModel } from '../../runtime/model.ts';
import { rejects } from './support/rejects.ts';
import { buildWorkspace } from './support/run-cli.ts';
import { simpleSchema } from './support/schema-files.ts';
import { createWorkspace } from './support/workspace.ts';

const ws = createWorkspace('programmatic');
let bundle: {
  loadSchemas(): readonly SchemaModel[];
  createTools(
    options: object,
  ): Promise<Record<string, Record<string, (input?: unknown) => Promise<unknown>>> & { close(): Promise<void> }>;
};

test.before(async () => {
  ws.write('schemas/providers/weather/forecast.mjs', simpleSchema('weather', 2));
  ws.write('schemas/providers/alpha/first.mjs', simpleSchema('alpha', 1));
  const build = await buildWorkspace(ws.dir);
  assert.is(build.code, 0, build.stderr);
  bundle = await import(pathToFileURL(ws.path('out', 'catalog.mjs')).href);
});
test.after(() => ws.remove());

test('loadSchemas() returns the modules data, deep-frozen', () => {
  const schemas = bundle.loadSchemas();
  assert.equal(schemas.map((schema) => schema.namespace).sort(), ['alpha', 'weather']);
  const weather = schemas.find((schema) => schema.namespace === 'weather')!;
  const moduleText = readFileSync(ws.path('out', 'modules', 'providers__weather__forecast.ts'), 'utf8');
  const json = JSON.parse(/^export const schemaJson = (.*);$/m.exec(moduleText)![1]!) as string;
  assert.equal(weather, JSON.parse(json));
  assert.ok(Object.isFrozen(schemas), 'the list');
  assert.ok(Object.isFrozen(weather.tools[0]!.parameters[0]!.options), 'a nested object');
  assert.throws(() => {
    (weather.tools as unknown as unknown[]).push({});
  });
  assert.is(bundle.loadSchemas(), schemas, 'the same frozen list every time');
});

test('typed calls refuse bad input with the static zod schema, before any request', async () => {
  const tools = await bundle.createTools({ serverParams: {} });
  try {
    const error = (await rejects(() => tools.weather!.tool1!({ query: 42 }))) as Error;
    assert.is(error.name, 'ZodError');
    assert.match(error.message, /query/);
    const smuggled = (await rejects(() => tools.alpha!.tool0!({ query: 'x', extra: 1 }))) as Error;
    assert.is(smuggled.name, 'ZodError', 'unknown keys refused');
    assert.type(tools.weather!.tool0, 'function');
    assert.equal(Object.keys(tools.weather!).sort(), ['tool0', 'tool1']);
  } finally {
    await tools.close();
  }
});

test.run();
