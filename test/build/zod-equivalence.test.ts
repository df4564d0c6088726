/**
 * The static zod code in generated modules and the runtime's own validator must agree: for every
 * primitive and option combination, the same inputs are accepted (with the same parsed values,
 * defaults included) and the same inputs are refused.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pathToFileURL } from 'node:url';
import { emitSchemaModule } from '../../compiler/emit/schema-module.ts';
import { buildInputValidator } from '../../runtime/input-validator.ts';
import type { ParameterModel, PrimitiveType, ToolModel } from '../../runtime/model.ts';
import { parameter, schemaModel, tool } from './support/models.ts';
import { createWorkspace } from './support/workspace.ts';

const ws = createWorkspace('zod');
test.after(() => ws.remove());

type Options = Partial<ParameterModel['options']>;
const cases: [PrimitiveType, Options][] = [];
const add = (type: PrimitiveType, ...options: Options[]) => options.forEach((o) => cases.push([type, o]));
add(
  { kind: 'string' },
  {},
  { min: 2 },
  { max: 3 },
  { length: 3 },
  { regex: '^a+$' },
  { optional: true },
  { default: 'dflt' },
  { min: 2, max: 4, optional: true, default: 'abc' },
  { regex: '^\\d{4}-\\d{2}$', optional: true },
);
add(
  { kind: 'number' },
  {},
  { min: 1 },
  { max: 30 },
  { min: 1, max: 30, optional: true, default: 7 },
  { optional: true },
  { default: '7' as unknown as number },
);
add({ kind: 'boolean' }, {}, { optional: true }, { default: false }, { default: 'true' as unknown as boolean });
add({ kind: 'enum', values: ['a', 'b', '137'] }, {}, { optional: true }, { default: 'b' });
add({ kind: 'enum', values: [] }, {}, { optional: true });
add({ kind: 'array' }, {}, { min: 1 }, { max: 2 }, { length: 2 }, { optional: true });
add({ kind: 'object' }, {}, { optional: true });

const probes: unknown[] = [
  null,
  '',
  'a',
  'aaa',
  'abc',
  'abcdefghijk',
  '2024-01',
  'b',
  '137',
  0,
  1,
  7,
  31,
  -1,
  1.5,
  true,
  false,
  [],
  [1],
  [1, 'x'],
  [1, 2, 3],
  {},
  { a: 1 },
];

const tools: ToolModel[] = cases.map(([type, options], index) =>
  tool(`case${index}`, [
    parameter({ key: 'v', type, options }),
    parameter({ key: 'secret', type: { kind: 'string' }, visible: false }),
  ]),
);
const model = schemaModel('matrix', tools);

test(
  `emitted zod and the runtime validator agree on ${cases.length} option combinations × ` +
    `${probes.length + 3} inputs`,
  async () => {
    const path = ws.write('matrix.ts', emitSchemaModule(model, 'matrix.mjs').text);
    const module = await import(pathToFileURL(path).href);
    let compared = 0;
    for (const [index, t] of tools.entries()) {
      const emitted = module.inputSchemas[t.name]();
      const runtime = buildInputValidator(t);
      const inputs: unknown[] = [{}, { v: 'a', extra: 1 }, { secret: 'x' }, ...probes.map((v) => ({ v }))];
      for (const input of inputs) {
        const a = emitted.safeParse(input);
        const b = runtime.safeParse(input);
        const label = `case ${index} ${JSON.stringify(cases[index])} on ${JSON.stringify(input)}`;
        assert.is(a.success, b.success, label);
        if (a.success && b.success) assert.equal(a.data, b.data, label);
        compared += 1;
      }
    }
    assert.ok(compared > 500, `compared ${compared}`);
  },
);

test('the matrix is not trivially uniform: each combination accepts some input and refuses another', async () => {
  const path = ws.write('matrix-2.ts', emitSchemaModule(model, 'matrix.mjs').text);
  const module = await import(pathToFileURL(path).href);
  for (const [index, t] of tools.entries()) {
    const [type] = cases[index]!;
    if (type.kind === 'enum' && type.values.length === 0) continue; // an empty enum accepts no value at all
    const results = probes.map((v) => module.inputSchemas[t.name]().safeParse({ v }).success);
    assert.ok(results.includes(true) && results.includes(false), t.name);
  }
});

test.run();
