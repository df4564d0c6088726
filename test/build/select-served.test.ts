/**
 * The one selection of what a catalog serves (`compiler/build/select-served.ts`), used by the build's
 * bundles and by `toolkit server`: a group's whole schemas and single tools, the active tools by CLI
 * name, else everything; part of a schema loses its resources, prompts, skills and documents.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  selectServed,
  unmatchedActiveText,
  unmatchedGroupText,
  activeToolsText,
} from '../../compiler/build/select-served.ts';
import type { SchemaModel } from '../../runtime/model.ts';
import { schema, tool } from '../runtime/support/models.ts';

const prompt = {
  name: 'brief',
  description: 'a prompt',
  arguments: [],
  messages: [],
} as unknown as SchemaModel['prompts'][number];
const weather = schema(
  'weather',
  [tool('getForecast', 'GET', ['https://a.example/f']), tool('getAlert', 'GET', ['https://a.example/a'])],
  { prompts: [prompt], file: 'providers/weather/api.mjs' },
);
const books = schema('books', [tool('getBook', 'GET', ['https://b.example/b'])], { file: 'providers/books/api.mjs' });
const models = [weather, books];
const names = (served: readonly SchemaModel[]) =>
  served.map((m) => `${m.namespace}:${m.tools.map((t) => t.name).join(',')}:${m.prompts.length}`);

test('without active tools every schema is served whole', () => {
  const selection = selectServed(models, { active: [] });
  assert.equal(selection.selected, [
    { index: 0, tools: null },
    { index: 1, tools: null },
  ]);
  assert.is(selection.models[0], weather, 'a whole schema is served as it is');
  assert.is(selection.activeCount, undefined);
});

test('a group takes whole schemas and single tools; a tool alone comes without the prompts', () => {
  const selection = selectServed(models, {
    group: 'desk',
    config: { tools: ['books', 'weather/getAlert', 'weather/getRain', 'nothing'] },
  });
  assert.equal(names(selection.models), ['weather:getAlert:0', 'books:getBook:0']);
  assert.equal(selection.selected, [
    { index: 0, tools: ['getAlert'] },
    { index: 1, tools: null },
  ]);
  assert.equal(selection.unmatched, ['weather/getRain', 'nothing']);
  assert.is(unmatchedGroupText('desk', 'nothing', 'built tool'), 'group "desk": "nothing" matches no built tool');
});

test('the active tools by CLI name, narrowed like a group part, with what matched nothing', () => {
  const selection = selectServed(models, { active: ['get_forecast_weather', 'get_gone_weather'] });
  assert.equal(names(selection.models), ['weather:getForecast:0']);
  assert.is(selection.activeCount, 1);
  assert.equal(selection.unmatched, ['get_gone_weather']);
  assert.is(
    unmatchedActiveText('get_gone_weather'),
    'active tool get_gone_weather is not in the catalog (`toolkit remove get_gone_weather`)',
  );
  assert.is(activeToolsText(1), '1 active tool');
  assert.is(activeToolsText(2), '2 active tools');
});

test.run();
