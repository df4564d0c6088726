/**
 * One rule decides whether a client may leave a parameter out: the zod schema, the input type and the call signature
 * agree.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toolSignature } from '../../compiler/emit/tool-declarations.ts';
import { toolInputType } from '../../compiler/emit/type-code.ts';
import { mayBeOmitted, toolInputZod } from '../../compiler/emit/zod-code.ts';
import { parameter, tool } from './support/models.ts';

const required = parameter({ key: 'ids', type: { kind: 'string' } });
const optional = parameter({ key: 'page', type: { kind: 'number' }, options: { optional: true } });
const defaulted = parameter({ key: 'days', type: { kind: 'number' }, options: { default: 7 } });

test('optional or defaulted parameters may be omitted, everywhere alike', () => {
  assert.equal([required, optional, defaulted].map(mayBeOmitted), [false, true, true]);
  const zod = toolInputZod(tool('t', [required, optional, defaulted]), 'x.mjs')
    .split('\n')
    .slice(1, -1);
  assert.equal(
    zod.map((line) => line.includes('.optional()')),
    [false, true, true],
    zod.join('\n'),
  );
  assert.match(
    toolInputType(tool('t', [required, optional, defaulted])),
    /readonly ids: string;\n.*readonly page\?: number;\n.*readonly days\?: number;/s,
  );
  assert.match(toolSignature('ns', tool('t', [optional, defaulted]), ''), /\(input\?: /);
  assert.match(toolSignature('ns', tool('t', [required, defaulted]), ''), /\(input: /);
});

test.run();
