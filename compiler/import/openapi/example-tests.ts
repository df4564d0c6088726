/**
 * Declared `tests` from the document's examples: one test from the inputs' own examples when every
 * required input has one, and one per named example of the JSON or form body (at most three in
 * all). A value is kept only when it fits the input's primitive and bounds, so a written test is a
 * call the tool accepts.
 */
import { parseOption, parsePrimitive } from '../../parse/primitive.ts';
import type { ToolParameter } from './tool-parameters.ts';

type Json = Record<string, unknown>;

const MAX_TESTS = 3;

/** The value as the input takes it (an enum takes text), or undefined when it does not fit. */
export function fitExample(parameter: ToolParameter, value: unknown): unknown {
  const primitive = parsePrimitive(parameter.primitive);
  const bounds = parameter.options.map(parseOption);
  const min = bounds.find((o) => o.kind === 'min');
  const max = bounds.find((o) => o.kind === 'max');
  const within = (n: number) =>
    (min?.kind !== 'min' || n >= Number(min.argument)) && (max?.kind !== 'max' || n <= Number(max.argument));
  switch (primitive.kind) {
    case 'string':
      return typeof value === 'string' && within(value.length) && !value.includes('{{')
        ? value
        : typeof value === 'number' && within(String(value).length)
          ? String(value)
          : undefined;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && within(value) ? value : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'enum':
      return (typeof value === 'string' || typeof value === 'number') && primitive.values.includes(String(value))
        ? String(value)
        : undefined;
    case 'array':
      return Array.isArray(value) &&
        within(value.length) &&
        value.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v) || typeof v === 'object')
        ? value
        : undefined;
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
    default:
      return undefined;
  }
}

const isRequired = (p: ToolParameter): boolean =>
  !p.options.some((o) => o === 'optional()' || o.startsWith('default('));

/** Tests for a tool: `inputExamples` maps an input key to the document's examples for it. */
export function testsFrom(
  parameters: readonly ToolParameter[],
  inputExamples: ReadonlyMap<string, readonly unknown[]>,
  bodyExamples: readonly { name?: string; value: unknown }[],
): Json[] {
  const users = parameters.filter((p) => p.value === '{{USER_PARAM}}');
  const tests: Json[] = [];
  const own = (): Json | undefined => {
    const test: Json = { _description: 'Example from the API document' };
    for (const parameter of users) {
      const value = (inputExamples.get(parameter.key) ?? [])
        .map((v) => fitExample(parameter, v))
        .find((v) => v !== undefined);
      if (value !== undefined) test[parameter.key] = value;
      else if (isRequired(parameter)) return undefined;
    }
    return Object.keys(test).length > 1 || users.length === 0 ? test : undefined;
  };
  const first = users.length > 0 ? own() : undefined;
  if (first) tests.push(first);
  const bodyKeys = new Map(users.filter((p) => p.location === 'body').map((p) => [p.key, p]));
  for (const example of bodyExamples) {
    if (tests.length >= MAX_TESTS || bodyKeys.size === 0) break;
    if (example.value === null || typeof example.value !== 'object' || Array.isArray(example.value)) continue;
    const test: Json = {
      _description: example.name
        ? `Example ${JSON.stringify(example.name)} from the API document`
        : 'Example body from the API document',
    };
    let complete = true;
    for (const parameter of users) {
      const candidates =
        parameter.location === 'body'
          ? [(example.value as Json)[parameter.key]]
          : (inputExamples.get(parameter.key) ?? []);
      const value = candidates
        .map((v) => (v === undefined ? undefined : fitExample(parameter, v)))
        .find((v) => v !== undefined);
      if (value !== undefined) test[parameter.key] = value;
      else if (isRequired(parameter)) complete = false;
    }
    if (complete && !tests.some((t) => JSON.stringify(t) === JSON.stringify({ ...test, _description: t._description })))
      tests.push(test);
  }
  return tests;
}
