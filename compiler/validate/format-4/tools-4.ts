/**
 * Format 4's own rules on tools and parameters; everything format 4 shares with 3.x (methods, paths,
 * placeholders, primitives, output, tests) is judged by the shared rules on the 3.x-equivalent view.
 * Parameter keys are an allowlist (VAL077), a parameter may carry a `description` (or `z.description`,
 * VAL078), shared-list enums are written `enum({{listName:field}})` (VAL107), `async` is reserved (VAL108).
 */
import type { Reporter } from '../reporter.ts';
import { isNonEmptyString, isObject, isString, show, toolContainer, type Obj } from '../checks.ts';
import { parseOption } from '../../parse/primitive.ts';
import { checkToolMeta } from './meta.ts';

const PARAMETER_FIELDS = new Set(['position', 'z', 'description']);

export function checkTools4(main: Obj, r: Reporter): void {
  const { key, tools } = toolContainer(main);
  for (const [name, tool] of Object.entries(tools)) {
    if (!isObject(tool)) continue; // the shared rules say so
    const at = [key, name];
    checkToolMeta(name, tool.meta, [...at, 'meta'], r);
    if (tool.async !== undefined)
      r.report('VAL108', [...at, 'async'], `tool ${name}: async is reserved in format 4 and has no effect`);
    if (!Array.isArray(tool.parameters)) continue;
    tool.parameters.forEach((parameter, i) => checkParameter4(name, parameter, [...at, 'parameters', i], r));
  }
}

function checkParameter4(tool: string, parameter: unknown, at: readonly (string | number)[], r: Reporter): void {
  if (!isObject(parameter)) return;
  for (const key of Object.keys(parameter)) {
    if (!PARAMETER_FIELDS.has(key))
      r.report(
        'VAL077',
        [...at, key],
        `tool ${tool}: parameter field ${show(key)} is not known (format 4: position, z, description)`,
      );
  }
  if (parameter.description !== undefined && !isNonEmptyString(parameter.description)) {
    r.report(
      'VAL078',
      [...at, 'description'],
      `tool ${tool}: parameter description must be a non-empty string, got ${show(parameter.description)}`,
    );
  }
  const z = parameter.z;
  if (!isObject(z)) return;
  if (z.description !== undefined && !isNonEmptyString(z.description))
    r.report(
      'VAL078',
      [...at, 'z', 'description'],
      `tool ${tool}: z.description must be a non-empty string, got ${show(z.description)}`,
    );
  if (!Array.isArray(z.options)) return;
  z.options.forEach((text, i) => {
    if (!isString(text)) return;
    const option = parseOption(text);
    if (option.kind === 'list')
      r.report(
        'VAL107',
        [...at, 'z', 'options', i],
        `tool ${tool}: ${text} is the 3.x form: format 4 writes the enum as enum({{${option.list}:<field>}})`,
      );
  });
}

/** The parameter's description as format 4 allows it (parameter level first, then `z.description`). */
export function parameterDescription(parameter: Obj): string | undefined {
  if (isNonEmptyString(parameter.description)) return parameter.description;
  const z = parameter.z;
  return isObject(z) && isNonEmptyString(z.description) ? z.description : undefined;
}
