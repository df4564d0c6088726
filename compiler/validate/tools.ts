/**
 * Rules on each tool's own fields (VAL030, VAL032–VAL035, VAL038, VAL140). Parameters and output have their own files.
 */
import type { Reporter } from './reporter.ts';
import { CAMEL_CASE, isNonEmptyString, isObject, isString, show, type Obj } from './checks.ts';
import { checkBodyFormat } from './request-body-format.ts';

const KNOWN_TOOL_FIELDS = new Set([
  'method',
  'path',
  'description',
  'parameters',
  'output',
  'tests',
  'preload',
  'async',
  'bodyFormat',
]);
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Checks one tool's fields; `at` is its path in `main` (e.g. `['tools', 'getPrice']`). */
export function checkToolFields(
  name: string,
  tool: unknown,
  at: readonly (string | number)[],
  r: Reporter,
): tool is Obj {
  if (!CAMEL_CASE.test(name)) r.report('VAL030', at, `tool name ${show(name)} must be camelCase`);
  if (!isObject(tool)) {
    r.report('VAL016', at, `tool ${show(name)} must be an object`);
    return false;
  }
  for (const key of Object.keys(tool)) {
    if (!KNOWN_TOOL_FIELDS.has(key))
      r.report('VAL038', [...at, key], `tool ${name}: ${show(key)} is not a known field`);
  }
  if (tool.method === undefined) r.report('VAL032', at, `tool ${name}: route missing method`);
  else if (!isString(tool.method) || !METHODS.has(tool.method))
    r.report(
      'VAL032',
      [...at, 'method'],
      `tool ${name}: method must be GET, POST, PUT, PATCH or DELETE, got ${show(tool.method)}`,
    );
  if (!isString(tool.path) || !tool.path.startsWith('/'))
    r.report('VAL033', [...at, 'path'], `tool ${name}: path must be a string starting with /, got ${show(tool.path)}`);
  if (!isNonEmptyString(tool.description))
    r.report('VAL034', [...at, 'description'], `tool ${name}: description must be a non-empty string`);
  if (!Array.isArray(tool.parameters))
    r.report('VAL035', [...at, 'parameters'], `tool ${name}: parameters must be an array (may be empty)`);
  checkBodyFormat(name, tool, [...at, 'bodyFormat'], r);
  return true;
}
