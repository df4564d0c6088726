/**
 * Rules on a tool parameter's `position` block and its placeholders (VAL040–VAL043, VAL027/028/047, VAL055, VAL058,
 * VAL142).
 */
import type { Reporter } from './reporter.ts';
import { CAMEL_CASE, isNonEmptyString, isObject, isString, show } from './checks.ts';

/** A wire name in snake_case (`per_page`, `vs_currency`): as valid a key as camelCase. */
const SNAKE_CASE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;
import { classifyValue } from './path-placeholders.ts';
import { checkPrimitiveAndOptions, type ListCatalog } from './primitive-options.ts';
import { headerKeyProblem } from './header-parameters.ts';

const LOCATIONS = new Set(['insert', 'query', 'header', 'body']);

export interface ParameterFacts {
  readonly key: string;
  readonly location: string;
  readonly visible: boolean;
}

/** Checks one parameter; returns its key/location/visibility when they are readable. */
export function checkParameter(
  tool: string,
  parameter: unknown,
  at: readonly (string | number)[],
  declared: ReadonlySet<string>,
  lists: ListCatalog,
  r: Reporter,
  /** The tool declares `bodyFormat`: its body parameters are a declared body, not the wild form. */
  declaredBody = false,
): ParameterFacts | undefined {
  if (!isObject(parameter) || !isObject(parameter.position) || !isObject(parameter.z)) {
    const missing = !isObject(parameter) ? 'position and z' : !isObject(parameter.position) ? 'position' : 'z';
    r.report('VAL040', at, `tool ${tool}: parameter must have position and z fields (missing ${missing})`);
    return undefined;
  }
  const { key, value, location } = parameter.position;
  const pos = [...at, 'position'];
  if (!isNonEmptyString(key))
    r.report('VAL041', [...pos, 'key'], `tool ${tool}: position.key must be a non-empty string`);
  else if (location === 'header') {
    const problem = headerKeyProblem(key);
    if (problem) r.report('VAL142', [...pos, 'key'], `tool ${tool}: header parameter ${show(key)} ${problem}`);
  } else if (!CAMEL_CASE.test(key) && !SNAKE_CASE.test(key))
    r.report(
      'VAL058',
      [...pos, 'key'],
      `tool ${tool}: parameter key ${show(key)} should be camelCase or ` +
        `snake_case${key.includes('-') ? ' (a hyphenated key is a wild form)' : ''}`,
    );
  if (!isString(value)) r.report('VAL042', [...pos, 'value'], `tool ${tool}: position.value must be a string`);
  if (!isString(location) || !LOCATIONS.has(location))
    r.report(
      'VAL043',
      [...pos, 'location'],
      `tool ${tool}: position.location must be insert, query, header or body, got ${show(location)}`,
    );
  else if (location === 'body' && !declaredBody)
    r.report('VAL055', [...pos, 'location'], `tool ${tool}: location 'body' is a wild form (spec: insert or query)`);

  let visible = false;
  if (isString(value)) {
    for (const p of classifyValue(value, declared)) {
      if (p.problem === 'list-interpolation')
        r.report('VAL047', [...pos, 'value'], `tool ${tool}: {{${p.inner}}} is only allowed inside enum()`);
      else if (p.problem === 'undeclared-server')
        r.report(
          'VAL027',
          [...pos, 'value'],
          `tool ${tool}: serverParams not declared: ${p.meaning?.kind === 'server' ? p.meaning.key : p.inner} is not ` +
            `in requiredServerParams`,
        );
      if (p.meaning?.kind === 'user') visible = true;
      if (p.meaning?.kind === 'server' && p.meaning.bare && !p.problem)
        r.report('VAL028', [...pos, 'value'], `tool ${tool}: bare {{${p.inner}}}: write {{SERVER_PARAM:${p.inner}}}`);
    }
  }
  checkPrimitiveAndOptions(tool, parameter.z, [...at, 'z'], lists, r);
  return isString(key) && isString(location) ? { key, location, visible } : undefined;
}
