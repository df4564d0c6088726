/** Rules on a tool's `output` block (VAL060–VAL062). */
import type { Reporter } from './reporter.ts';
import { isObject, isString, show } from './checks.ts';

const EXPECTED_TYPES = new Map<string, readonly string[]>([
  ['application/json', ['object', 'array']],
  ['image/png', ['string']],
  ['text/plain', ['string']],
]);

export function checkToolOutput(name: string, output: unknown, at: readonly (string | number)[], r: Reporter): void {
  if (output === undefined) return;
  if (!isObject(output)) return r.report('VAL061', at, `tool ${name}: output must be { mimeType, schema }`);
  const mime = output.mimeType;
  const expected = isString(mime) ? EXPECTED_TYPES.get(mime) : undefined;
  if (!expected)
    r.report(
      'VAL060',
      [...at, 'mimeType'],
      `tool ${name}: output.mimeType must be application/json, image/png or text/plain, got ${show(mime)}`,
    );
  const schema = output.schema;
  if (!isObject(schema) || !isString(schema.type))
    return r.report('VAL061', [...at, 'schema'], `tool ${name}: output.schema must be an object with a type`);
  if (expected && !expected.includes(schema.type)) {
    r.report(
      'VAL062',
      [...at, 'schema', 'type'],
      `tool ${name}: output.schema.type ${show(schema.type)} does not fit ${String(mime)} (expected ` +
        `${expected.join(' or ')})`,
    );
  }
}
