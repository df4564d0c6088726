/**
 * The values a query binds, typed and checked before SQLite sees them: from a resource URI's query
 * string (all text) or a tool call's JSON arguments. They bind to `?` in the order the query
 * declares its parameters; nothing is ever spliced into SQL text.
 */
import type { ResourceQueryParameterModel } from '../model.ts';
import { InvalidArgumentsError } from '../served-primitives.ts';

/** A value SQLite can bind (booleans bind as 1 / 0). */
export type Bindable = string | number | null;

/** The longest string a query parameter accepts. */
export const MAX_PARAMETER_LENGTH = 10_000;

/** Unknown parameters named in an error, at most. */
const MAX_NAMED_UNKNOWN = 5;

/** Text from a URI as the parameter's type, or an error naming the parameter. */
function fromText(parameter: ResourceQueryParameterModel, text: string): Bindable {
  switch (parameter.type) {
    case 'string':
      return text;
    case 'number': {
      const value = text.trim() === '' ? Number.NaN : Number(text);
      if (!Number.isFinite(value))
        throw new InvalidArgumentsError(
          `parameter ${parameter.name} must be a number, got ${JSON.stringify(text.slice(0, 40))}`,
        );
      return value;
    }
    case 'boolean':
      if (text === 'true' || text === '1') return 1;
      if (text === 'false' || text === '0') return 0;
      throw new InvalidArgumentsError(
        `parameter ${parameter.name} must be true or false, got ${JSON.stringify(text.slice(0, 40))}`,
      );
  }
}

/** A JSON value as the parameter's type, or an error naming the parameter. */
function fromJson(parameter: ResourceQueryParameterModel, value: unknown): Bindable {
  if (parameter.type === 'string' && typeof value === 'string') return value;
  if (parameter.type === 'number' && typeof value === 'number' && Number.isFinite(value)) return value;
  if (parameter.type === 'boolean' && typeof value === 'boolean') return value ? 1 : 0;
  throw new InvalidArgumentsError(
    `parameter ${parameter.name} must be a ${parameter.type}, got ${value === null ? 'null' : typeof value}`,
  );
}

/** The default as a bindable value (booleans as 1 / 0); null when the parameter has none. */
const defaultOf = (parameter: ResourceQueryParameterModel): Bindable =>
  parameter.default === undefined
    ? null
    : typeof parameter.default === 'boolean'
      ? parameter.default
        ? 1
        : 0
      : parameter.default;

/**
 * The positional values for `parameters`, from `given` (text from a URI, or JSON from a tool call):
 * unknown names, missing required ones, wrong types and over-long strings are refused.
 */
export function bindParameters(
  parameters: readonly ResourceQueryParameterModel[],
  given: ReadonlyMap<string, unknown>,
  source: 'text' | 'json',
): Bindable[] {
  const known = new Set(parameters.map((p) => p.name));
  const unknown = [...given.keys()].filter((name) => !known.has(name));
  if (unknown.length > 0) {
    // A few names say what is wrong; echoing thousands would only make the error as large as the request.
    const named = unknown
      .slice(0, MAX_NAMED_UNKNOWN)
      .map((n) => JSON.stringify(n.slice(0, 40)))
      .join(', ');
    const more = unknown.length > MAX_NAMED_UNKNOWN ? ` and ${unknown.length - MAX_NAMED_UNKNOWN} more` : '';
    throw new InvalidArgumentsError(
      `unknown parameter ` +
        `${named}${more}${known.size ? ` (parameters: ${[...known].join(', ')})` : ' (this query takes none)'}`,
    );
  }
  return parameters.map((parameter) => {
    const raw = given.get(parameter.name);
    if (raw === undefined) {
      if (parameter.required)
        throw new InvalidArgumentsError(`parameter ${parameter.name} (${parameter.type}) is required`);
      return defaultOf(parameter);
    }
    const value = source === 'text' ? fromText(parameter, String(raw)) : fromJson(parameter, raw);
    if (typeof value === 'string' && value.length > MAX_PARAMETER_LENGTH)
      throw new InvalidArgumentsError(`parameter ${parameter.name} is longer than ${MAX_PARAMETER_LENGTH} characters`);
    return value;
  });
}
