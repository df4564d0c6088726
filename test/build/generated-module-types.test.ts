/** Generated modules are themselves strict TypeScript: they type-check under the project's strictest options. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { emitSchemaModule } from '../../compiler/emit/schema-module.ts';
import { parameter, priceModel, schemaModel, tool } from './support/models.ts';
import { createWorkspace, repoRoot } from './support/workspace.ts';

const ws = createWorkspace('module-types');
test.after(() => ws.remove());

test('emitted modules pass tsc --noEmit (strict, noUncheckedIndexedAccess) and their types bind', () => {
  const odd = schemaModel('odd', [
    tool(
      'get:balance/of',
      [
        parameter({ key: 'date-min', type: { kind: 'string' } }),
        parameter({ key: 'list', type: { kind: 'array' }, options: { optional: true } }),
      ],
      {
        output: {
          mimeType: 'application/json',
          schema: {
            type: 'object',
            properties: {
              rows: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { 'a-b': { type: 'string', nullable: true } },
                  required: ['a-b'],
                  additionalProperties: false,
                },
              },
            },
          },
        },
      },
    ),
    // What the server guarantees: nullable admits null, required and const are not enforced, extra keys pass.
    tool('loose', [], {
      output: {
        mimeType: 'application/json',
        schema: {
          type: 'object',
          properties: {
            alpha: { type: 'string', nullable: true },
            kind: { type: 'string', const: 'x' },
            zeta: { type: 'number' },
          },
          required: ['zeta'],
          additionalProperties: false,
        },
      },
    }),
    // An array root gets no outputSchema, so no structuredContent: its type is unknown.
    tool('listed', [], {
      output: { mimeType: 'application/json', schema: { type: 'array', items: { type: 'string' } } },
    }),
    tool('noEnum', [
      parameter({ key: 'v', type: { kind: 'enum', values: [] }, options: { optional: true } }),
      parameter({ key: 'o', type: { kind: 'object' } }),
    ]),
  ]);
  ws.write('price.ts', emitSchemaModule(priceModel(), 'providers/price.mjs').text);
  ws.write('odd.ts', emitSchemaModule(odd, 'odd.mjs').text);
  ws.write(
    'use.ts',
    `import { bindTools, type CoinpricesGetPriceInput, type CoinpricesGetPriceOutput } from './price.ts';
import { bindTools as bindOdd, type OddLooseOutput, type OddListedOutput } from './odd.ts';
const input: CoinpricesGetPriceInput = { ids: 'bitcoin', vs: 'eur' };
const tools = bindTools(async () => ({ content: [] }));
const price: number | undefined = (await tools.getPrice(input)).structuredContent?.price;
const rows = (await bindOdd(async () => ({ content: [] }))['get:balance/of']({ 'date-min': '2024' })).structuredContent;
const first: string | null | undefined = rows?.rows?.[0]?.['a-b'];
const sent: OddLooseOutput = { alpha: null, kind: 'y', extra: true };
const sentEmpty: OddLooseOutput = {};
type IsUnknown<T> = unknown extends T ? true : false;
const listedIsUnknown: IsUnknown<OddListedOutput> = true;
export { price, first, sent, sentEmpty, listedIsUnknown };
export type Out = CoinpricesGetPriceOutput;
`,
  );
  ws.write(
    'tsconfig.json',
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noUncheckedIndexedAccess: true,
        noImplicitOverride: true,
        target: 'ES2023',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        allowImportingTsExtensions: true,
        noEmit: true,
        verbatimModuleSyntax: true,
        isolatedModules: true,
        types: [],
        skipLibCheck: true,
      },
      files: ['price.ts', 'odd.ts', 'use.ts'],
    }),
  );
  const run = spawnSync(join(repoRoot, 'node_modules', '.bin', 'tsc'), ['--noEmit', '-p', ws.path('tsconfig.json')], {
    cwd: ws.dir,
    encoding: 'utf8',
  });
  assert.is(run.status, 0, `${run.stdout}${run.stderr}`);
});

test.run();
