/**
 * The zod validator of a tool's input, built on first call (not at start-up, so serving 2,000 tools
 * costs nothing until one is used). Options apply as constraints → optional → default, whatever
 * order the author wrote them in (defect #1); defaults are typed (defect #2); unknown keys are
 * rejected, so a client cannot pass a hidden or server value. A `regex()` is compiled in its linear
 * form (counts past 16 written out, so V8's linear-time fallback can take it); one that has none
 * (VAL112, for a model that skipped the compiler) is refused rather than run: its time on the
 * server's thread could not be bounded (bounded-regex.ts).
 */
import * as z from 'zod';
import {
  boundRegexBacktracking,
  linearPattern,
  regexCapMessage,
  regexCostProblem,
  regexInputCap,
  unboundedRegexFeature,
} from './bounded-regex.ts';
import type { ParameterModel, ToolModel } from './model.ts';
import { typedDefault } from './input-json-schema.ts';
import { ToolError } from './tool-error.ts';

/**
 * The linear form of a parameter's `regex()`, compiled once its backtracking is bounded (V8's flag is
 * set before the first schema regex is made, not at start: a process that never validates one never
 * pays for it), or the refusal naming why it cannot be bounded.
 */
function boundedPattern(parameter: ParameterModel, regex: string): RegExp {
  const linear = linearPattern(regex);
  if (linear === undefined)
    throw new ToolError(
      `this tool is not served: the regex() of its parameter "${parameter.key}" uses ` +
        `${unboundedRegexFeature(regex)}, so one input could hold the server for minutes (VAL112)`,
    );
  const costly = regexCostProblem(regex);
  if (costly !== undefined)
    throw new ToolError(
      `this tool is not served: the regex() of its parameter "${parameter.key}" has ${costly} (VAL130)`,
    );
  boundRegexBacktracking();
  return new RegExp(linear);
}

function constrained(parameter: ParameterModel): z.ZodType {
  const { min, max, length, regex } = parameter.options;
  switch (parameter.type.kind) {
    case 'string': {
      let s = z.string();
      if (min !== undefined) s = s.min(min);
      if (max !== undefined) s = s.max(max);
      if (length !== undefined) s = s.length(length);
      if (regex !== undefined) {
        const pattern = boundedPattern(parameter, regex);
        // A longer string is refused before the pattern runs (its cost is states × characters).
        const cap = regexInputCap(regex)!;
        if (max === undefined || max > cap) s = s.max(cap, { abort: true, message: regexCapMessage(cap) });
        s = s.regex(pattern);
      }
      return s;
    }
    case 'number': {
      let n = z.number();
      if (min !== undefined) n = n.min(min);
      if (max !== undefined) n = n.max(max);
      return n;
    }
    case 'boolean':
      return z.boolean();
    case 'enum': {
      const values = parameter.type.values;
      return values.length > 0 ? z.enum(values as [string, ...string[]]) : z.never();
    }
    case 'array': {
      let a = z.array(z.unknown());
      if (min !== undefined) a = a.min(min);
      if (max !== undefined) a = a.max(max);
      if (length !== undefined) a = a.length(length);
      return a;
    }
    case 'object':
      // Passed through as given (defect #11: `z.object({})` stripped every key).
      return z.record(z.string(), z.unknown());
  }
}

function parameterValidator(parameter: ParameterModel): z.ZodType {
  let schema = constrained(parameter);
  if (parameter.options.optional || parameter.options.default !== undefined) schema = schema.optional();
  const fallback = typedDefault(parameter);
  if (fallback !== undefined) schema = (schema as z.ZodOptional<z.ZodType>).default(fallback as never);
  return schema;
}

/** Strict object validator over the visible parameters of a tool. */
export function buildInputValidator(tool: ToolModel): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {};
  for (const parameter of tool.parameters) if (parameter.visible) shape[parameter.key] = parameterValidator(parameter);
  return z.strictObject(shape) as unknown as z.ZodType<Record<string, unknown>>;
}

/** One line per problem: `limit: Too big: expected number to be <=100`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}
