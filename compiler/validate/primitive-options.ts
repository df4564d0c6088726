/**
 * Rules on `z.primitive` and `z.options` (VAL044–VAL049, VAL052, VAL053, VAL056, VAL057, VAL059, VAL112, VAL130,
 * VAL131).
 */
import { regexCostProblem, regexInputCap, unboundedRegexFeature } from '../../runtime/bounded-regex.ts';
import type { Reporter } from './reporter.ts';
import { isObject, isString, show } from './checks.ts';
import {
  LIST_INTERPOLATION_ANYWHERE,
  parseArrayDefault,
  parseOption,
  parsePrimitive,
  type ParsedPrimitive,
} from '../parse/primitive.ts';

/** Shared lists as the parameter rules see them. */
export interface ListCatalog {
  /** `ref`s declared in `main.sharedLists`. */
  readonly declared: ReadonlySet<string>;
  /** Field keys of each loaded list; absent when lists were not loaded (e.g. `validateMain`). */
  readonly fields?: ReadonlyMap<string, ReadonlySet<string>>;
  /** Filled in by the rules: lists some parameter uses. */
  readonly used: Set<string>;
  /** Format 4: `enum({{list:field}})` is the spec form there, not the wild one (no VAL059). */
  readonly listEnumIsSpecForm?: boolean;
}

export function checkPrimitiveAndOptions(
  tool: string,
  z: unknown,
  at: readonly (string | number)[],
  lists: ListCatalog,
  r: Reporter,
): void {
  if (!isObject(z)) return;
  const primitiveAt = [...at, 'primitive'];
  if (!isString(z.primitive))
    return r.report('VAL044', primitiveAt, `tool ${tool}: z.primitive is required and must be a string`);
  const primitive = parsePrimitive(z.primitive);
  if (primitive.kind === 'unknown') {
    const rule = LIST_INTERPOLATION_ANYWHERE.test(z.primitive) ? 'VAL047' : 'VAL044';
    r.report(
      rule,
      primitiveAt,
      rule === 'VAL047'
        ? `tool ${tool}: {{list:field}} is only allowed inside enum()`
        : `tool ${tool}: unknown primitive ${show(z.primitive)}`,
    );
    return;
  }
  if (primitive.kind !== 'enum' && primitive.argument.trim() !== '') {
    if (LIST_INTERPOLATION_ANYWHERE.test(primitive.argument))
      r.report(
        'VAL047',
        primitiveAt,
        `tool ${tool}: {{list:field}} is only allowed inside enum(), got ${show(z.primitive)}`,
      );
    else
      r.report('VAL044', primitiveAt, `tool ${tool}: ${primitive.kind}() takes no arguments, got ${show(z.primitive)}`);
  }
  if (primitive.kind === 'enum') checkEnumLists(tool, primitive, primitiveAt, lists, r);

  if (z.options === undefined) {
    if (primitive.kind === 'enum' && primitive.values.length === 0 && primitive.lists.length === 0)
      r.report('VAL046', primitiveAt, `tool ${tool}: enum() must have at least one value`);
    return;
  }
  if (!Array.isArray(z.options) || !z.options.every(isString))
    return r.report('VAL045', [...at, 'options'], `tool ${tool}: z.options must be an array of strings`);
  let listOption = false;
  z.options.forEach((text, i) => {
    const where = [...at, 'options', i];
    const option = parseOption(text);
    if (option.kind === 'unknown') {
      if (LIST_INTERPOLATION_ANYWHERE.test(text))
        return r.report('VAL047', where, `tool ${tool}: {{list:field}} is only allowed inside enum(), not in options`);
      return r.report('VAL052', where, `tool ${tool}: unknown option ${show(text)}`);
    }
    if (option.kind === 'list') {
      listOption = true;
      if (primitive.kind !== 'enum')
        return r.report('VAL053', where, `tool ${tool}: ${text} (a shared list) needs an enum() primitive`);
      lists.used.add(option.list);
      if (!lists.declared.has(option.list))
        r.report('VAL048', where, `tool ${tool}: list ${show(option.list)} is not declared in main.sharedLists`);
      return;
    }
    const problem = optionProblem(option.kind, option.argument, primitive);
    if (problem) r.report('VAL053', where, `tool ${tool}: ${text}: ${problem}`);
    if (option.kind === 'regex') r.report('VAL056', where, `tool ${tool}: regex() is a wild form, not in the spec`);
    // Only a pattern with a linear form (what V8's linear-time engine takes) has a bounded cost on the
    // server's thread: refused here is exactly what `linearPattern` cannot write.
    const unbounded = option.kind === 'regex' && !problem ? unboundedRegexFeature(option.argument) : undefined;
    if (unbounded)
      r.report('VAL112', where, `tool ${tool}: ${text} uses ${unbounded}: one input could hold the server for minutes`);
    if (option.kind === 'regex' && !problem && !unbounded)
      checkRegexCost(tool, text, option.argument, z.options as string[], where, r);
    if (option.kind === 'length')
      r.report('VAL057', where, `tool ${tool}: length() is a wild form, not in the spec (use min/max)`);
  });
  if (primitive.kind === 'enum' && primitive.values.length === 0 && primitive.lists.length === 0 && !listOption) {
    r.report('VAL046', primitiveAt, `tool ${tool}: enum() must have at least one value`);
  }
}

/**
 * The linear engine's cost of a pattern (bounded-regex.ts): too many states is VAL130; a declared
 * max() above the length the pattern may check is VAL131 (longer values are refused at run time).
 */
function checkRegexCost(
  tool: string,
  text: string,
  pattern: string,
  options: readonly string[],
  where: readonly (string | number)[],
  r: Reporter,
): void {
  const costly = regexCostProblem(pattern);
  if (costly !== undefined)
    return r.report(
      'VAL130',
      where,
      `tool ${tool}: ${text} has ${costly}: one input could hold the server for seconds`,
    );
  const cap = regexInputCap(pattern)!;
  const declared = options.map(parseOption).find((option) => option.kind === 'max');
  const max = declared && declared.kind === 'max' ? Number(declared.argument) : undefined;
  if (max !== undefined && max > cap)
    r.report(
      'VAL131',
      where,
      `tool ${tool}: ${text} checks at most ${cap} characters (its cost per character), below max(${max}): longer ` +
        `values are refused`,
    );
}

function checkEnumLists(
  tool: string,
  primitive: Extract<ParsedPrimitive, { kind: 'enum' }>,
  at: readonly (string | number)[],
  lists: ListCatalog,
  r: Reporter,
): void {
  for (const { list, field } of primitive.lists) {
    lists.used.add(list);
    if (!lists.listEnumIsSpecForm)
      r.report('VAL059', at, `tool ${tool}: enum({{${list}:${field}}}) is the wild form of the '$${list}' option`);
    if (!lists.declared.has(list)) {
      r.report('VAL048', at, `tool ${tool}: list ${show(list)} is not declared in main.sharedLists`);
      continue;
    }
    const fields = lists.fields?.get(list);
    if (fields && !fields.has(field)) r.report('VAL049', at, `tool ${tool}: list ${list} has no field ${show(field)}`);
  }
}

/** What is wrong with an option's argument for this primitive, if anything. */
export function optionProblem(
  kind: 'min' | 'max' | 'length' | 'optional' | 'default' | 'regex',
  argument: string,
  primitive: ParsedPrimitive,
): string | undefined {
  const arg = argument.trim();
  const type = primitive.kind;
  switch (kind) {
    case 'optional':
      return arg === '' ? undefined : 'optional() takes no argument';
    case 'min':
    case 'max':
      if (type === 'boolean' || type === 'enum' || type === 'object') return `${kind}() does not apply to ${type}()`;
      return arg !== '' && Number.isFinite(Number(arg)) ? undefined : `${kind}() needs a number`;
    case 'length':
      if (type !== 'string' && type !== 'array') return `length() applies to string() and array() only`;
      return /^\d+$/.test(arg) ? undefined : 'length() needs a whole number';
    case 'regex':
      if (type !== 'string') return 'regex() applies to string() only';
      try {
        new RegExp(arg);
        return undefined;
      } catch {
        return 'regex() needs a valid regular expression';
      }
    case 'default':
      return defaultProblem(arg, primitive);
  }
}

function defaultProblem(arg: string, primitive: ParsedPrimitive): string | undefined {
  switch (primitive.kind) {
    case 'number':
      return arg !== '' && Number.isFinite(Number(arg)) ? undefined : 'default() of number() needs a number';
    case 'boolean':
      return arg === 'true' || arg === 'false' ? undefined : 'default() of boolean() must be true or false';
    case 'enum':
      return primitive.lists.length > 0 || primitive.values.length === 0 || primitive.values.includes(unquote(arg))
        ? undefined
        : `default ${show(arg)} is not one of the enum values`;
    case 'array':
      return parseArrayDefault(arg)
        ? undefined
        : "default() of array() must be a list of literals, e.g. default(['usd', 'eur']) or default([])";
    case 'object':
      return `default() is not supported on ${primitive.kind}()`;
    default:
      return undefined;
  }
}

/** `'asc'` or `"asc"` → `asc`; anything else unchanged. */
export function unquote(text: string): string {
  const t = text.trim();
  return t.length >= 2 && (t[0] === "'" || t[0] === '"') && t[t.length - 1] === t[0] ? t.slice(1, -1) : t;
}
