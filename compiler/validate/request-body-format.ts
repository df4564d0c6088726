/**
 * A tool's `bodyFormat` (VAL140, VAL141): the extension that makes `location: 'body'` parameters a
 * declared request body instead of a wild form, sent as a JSON object (`'json'`) or as an
 * `application/x-www-form-urlencoded` form (`'form'`). Without it, body parameters stay the wild form
 * (VAL055) and are sent as JSON, as before.
 */
import type { Reporter } from './reporter.ts';
import { isObject, show, type Obj } from './checks.ts';

export const BODY_FORMATS: ReadonlySet<string> = new Set(['json', 'form']);

/** True when the tool declares a valid body format (its body parameters are then no wild form). */
export const declaresBody = (tool: Obj): boolean =>
  typeof tool.bodyFormat === 'string' && BODY_FORMATS.has(tool.bodyFormat);

export function checkBodyFormat(name: string, tool: Obj, at: readonly (string | number)[], r: Reporter): void {
  const format = tool.bodyFormat;
  if (format === undefined) return;
  if (typeof format !== 'string' || !BODY_FORMATS.has(format)) {
    r.report('VAL140', at, `tool ${name}: bodyFormat must be 'json' or 'form', got ${show(format)}`);
    return;
  }
  if (tool.method === 'GET')
    r.report('VAL140', at, `tool ${name}: a GET request has no body, so it takes no bodyFormat`);
  const parameters = Array.isArray(tool.parameters) ? tool.parameters : [];
  const hasBody = parameters.some((p) => isObject(p) && isObject(p.position) && p.position.location === 'body');
  if (!hasBody)
    r.report('VAL141', at, `tool ${name}: bodyFormat ${show(format)} is declared but no parameter has location 'body'`);
}
