/**
 * A start costs what the listing needs: given a source that says which schemas have resources,
 * prompts or skills (a build records it), the runtime reads only those at start; a prompt naming a
 * tool of its own schema or `<namespace>/tool/<name>` of another gets the same wire name as when
 * every schema is read, and reading that name parses only the schemas of that namespace.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createRuntime, listTools } from '../../runtime/create-runtime.ts';
import type { PromptModel, SchemaModel } from '../../runtime/model.ts';
import { listPrimitives } from '../../runtime/resources/primitives.ts';
import type { SchemaSource } from '../../runtime/schema-source.ts';
import { schema, tool } from './support/models.ts';

const brief: PromptModel = {
  name: 'brief',
  description: 'A brief',
  content: 'Call {{tool:getForecast}}, then {{tool:books/tool/getBook}}.',
  dependsOn: [],
};
const models: SchemaModel[] = [
  schema('films', [tool('getFilm', 'GET', ['https://f.example/f'])]),
  schema(
    'weather',
    [tool('getForecast', 'GET', ['https://w.example/f']), tool('getAlert', 'GET', ['https://w.example/a'])],
    { prompts: [brief] },
  ),
  schema('books', [tool('getBook', 'GET', ['https://b.example/b'])]),
  schema('books', [tool('getBook', 'GET', ['https://b.example/b2'])], { file: 'books-2.mjs' }),
];
const listing = listTools(models);
const names = listing.map((entry) => entry.name);

function source(reads: number[]): SchemaSource {
  return {
    length: models.length,
    toolCount: (index) => models[index]!.tools.length,
    at: (index) => (reads.push(index), models[index]!),
    hasPrimitives: true,
    primitiveIndexes: [1],
    namespaceOf: (index) => models[index]!.namespace,
  };
}

test('only the schemas with prompts are read at start; a reference reads only its namespace', async () => {
  const reads: number[] = [];
  const runtime = createRuntime({
    schemas: source(reads),
    listing,
    primitives: { listing: listPrimitives(models, names) },
  });
  try {
    assert.equal([...new Set(reads)], [1]);
    assert.equal(
      runtime.prompts?.prompts.map((p) => p.name),
      listPrimitives(models, names).prompts.map((p) => p.name),
    );
    const got = await runtime.prompts!.get(runtime.prompts!.prompts[0]!.name, {});
    const text = got.messages.map((m) => m.content.text).join('\n');
    // The wire names every schema read would give: the first books schema's getBook.
    assert.match(text, `Call ${names[1]}, then ${names[3]}.`);
    assert.equal([...new Set(reads)].sort(), [1, 2]);
  } finally {
    await runtime.close();
  }
});

test('the same prompt rendered over every schema, read at once, names the same tools', async () => {
  const runtime = createRuntime({ schemas: models, listing });
  try {
    const got = await runtime.prompts!.get(runtime.prompts!.prompts[0]!.name, {});
    assert.match(got.messages.map((m) => m.content.text).join('\n'), `Call ${names[1]}, then ${names[3]}.`);
  } finally {
    await runtime.close();
  }
});

test.run();
