/**
 * Static zod code for a tool's input, written out as source text: `z.object({ ids: z.string().min(1) })`.
 * No JSON-Schema→zod conversion and no `eval` at run time: the validator is ordinary code in the
 * generated module. Options apply in the normalized order: constraints → optional → default. A
 * `regex()` is written in its linear form (counts past 16 written out), the same for the same pattern.
 */
import {
  linearPattern,
  regexCapMessage,
  regexCostProblem,
  regexInputCap,
  STRICTEST_LINEAR_ENGINE,
  unboundedRegexFeature,
} from '../../runtime/bounded-regex.ts';
import type { ParameterModel, ToolModel } from '../../runtime/model.ts';
import { typedDefault } from '../../runtime/input-json-schema.ts';
import { literal, propertyName } from './code-writer.ts';
import { EmitError } from './emit-error.ts';

/** Which constraint options each primitive accepts, and what they constrain. */
const CONSTRAINTS: Record<ParameterModel['type']['kind'], readonly ('min' | 'max' | 'length' | 'regex')[]> = {
  string: ['min', 'max', 'length', 'regex'],
  number: ['min', 'max'],
  boolean: [],
  enum: [],
  array: ['min', 'max', 'length'],
  object: [],
};

function baseSchema(parameter: ParameterModel): string {
  const type = parameter.type;
  switch (type.kind) {
    case 'string':
      return 'z.string()';
    case 'number':
      return 'z.number()';
    case 'boolean':
      return 'z.boolean()';
    case 'enum':
      return type.values.length === 0
        ? 'z.never()'
        : `z.enum([${type.values.map((value) => literal(value)).join(', ')}])`;
    case 'array':
      return 'z.array(z.unknown())';
    case 'object':
      // Passed through as given, keys and all (an empty `z.object({})` would strip every key).
      return 'z.record(z.string(), z.unknown())';
  }
}

/** The zod expression of one visible parameter, e.g. `z.number().min(1).max(30).optional().default(7)`. */
function parameterZod(parameter: ParameterModel, file: string): string {
  const options = parameter.options;
  let code = baseSchema(parameter);
  const allowed = CONSTRAINTS[parameter.type.kind];
  for (const name of ['min', 'max', 'length', 'regex'] as const) {
    const value = options[name];
    if (value === undefined) continue;
    if (!allowed.includes(name))
      throw new EmitError(file, `parameter "${parameter.key}": ${name}() does not apply to ${parameter.type.kind}()`);
    if (name === 'regex') {
      const pattern = linearRegex(parameter, value as string, file);
      const cap = regexInputCap(value as string)!;
      // As the runtime does: a string too long for the pattern's cost is refused before it runs.
      if (options.max === undefined || options.max > cap)
        code += `.max(${cap}, { abort: true, message: ${literal(regexCapMessage(cap))} })`;
      code += `.regex(new RegExp(${literal(pattern)}))`;
    } else code += `.${name}(${literal(value as number)})`;
  }
  if (mayBeOmitted(parameter)) code += '.optional()';
  const fallback = typedDefault(parameter);
  if (fallback !== undefined) {
    const value = Array.isArray(fallback) ? JSON.stringify(fallback) : literal(fallback as string | number | boolean);
    code += `.default(${value})`;
  }
  if (parameter.description !== undefined) code += `.describe(${literal(parameter.description)})`;
  return code;
}

/**
 * A `regex()` as generated modules carry it: its linear form for the strictest linear engine of the
 * supported Node lines (a bundle built on one may be served by another; bounded-regex.ts).
 */
function linearRegex(parameter: ParameterModel, pattern: string, file: string): string {
  const linear = linearPattern(pattern, STRICTEST_LINEAR_ENGINE);
  if (linear === undefined)
    throw new EmitError(file, `parameter "${parameter.key}": regex() uses ${unboundedRegexFeature(pattern)} (VAL112)`);
  const costly = regexCostProblem(pattern);
  if (costly !== undefined) throw new EmitError(file, `parameter "${parameter.key}": regex() has ${costly} (VAL130)`);
  return linear;
}

/** Whether a client may leave a parameter out: it is optional or has a default. */
export const mayBeOmitted = (parameter: ParameterModel): boolean =>
  parameter.options.optional === true || parameter.options.default !== undefined;

/** The parameters a client supplies, in declared order (hidden server/fixed parameters excluded). */
export const visibleParameters = (tool: ToolModel): ParameterModel[] =>
  tool.parameters.filter((parameter) => parameter.visible);

/** `z.strictObject({ … })` for a tool's client-visible parameters: unknown keys are refused, as the runtime does. */
export function toolInputZod(tool: ToolModel, file: string, indent = ''): string {
  const parameters = visibleParameters(tool);
  if (parameters.length === 0) return 'z.strictObject({})';
  const inner = `${indent}  `;
  const members = parameters.map(
    (parameter) => `${inner}${propertyName(parameter.key)}: ${parameterZod(parameter, file)},`,
  );
  return `z.strictObject({\n${members.join('\n')}\n${indent}})`;
}
