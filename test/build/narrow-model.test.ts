/** One rule for a bundle part that takes some tools of a schema: those tools only, no resources, prompts or skills. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { narrowModel } from '../../templates/narrow-model.ts';
import { priceModel } from './support/models.ts';
import type { SchemaModel } from '../../runtime/model.ts';

const withContent = (): SchemaModel =>
  ({
    ...priceModel(),
    resources: [{ name: 'r' }],
    prompts: [{ name: 'p' }],
    skills: [{ name: 's' }],
  }) as unknown as SchemaModel;

test('a whole schema is served as it is', () => {
  const model = withContent();
  assert.is(narrowModel(model, null), model);
});

test(
  "a part keeps only the named tools, in schema order, and none of the schema's resources, " + 'prompts or skills',
  () => {
    const model = withContent();
    const part = narrowModel(model, ['listCoins', 'getPrice']);
    assert.equal(
      part.tools.map((tool) => tool.name),
      ['getPrice', 'listCoins'],
    );
    assert.equal([part.resources, part.prompts, part.skills], [[], [], []]);
    assert.equal(
      narrowModel(model, ['listCoins']).tools.map((tool) => tool.name),
      ['listCoins'],
    );
    assert.is(model.resources.length, 1, 'the model itself is not changed');
  },
);

test.run();
