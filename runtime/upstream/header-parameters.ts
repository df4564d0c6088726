/**
 * Header parameters (`location: 'header'`): each value, as text, becomes the header named by its
 * key. A value that would end the header line or smuggle another (CR, LF, NUL) fails the call
 * before anything is sent. Names are checked by the compiler (VAL142); the schema's own `headers`
 * are set first, so a header parameter of the same name replaces the schema's value for this call.
 */
import type { ParameterModel } from '../model.ts';
import { ToolError } from '../tool-error.ts';

const LINE_BREAK = /[\r\n\0]/;

const asHeaderText = (value: unknown): string =>
  Array.isArray(value)
    ? value.map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v))).join(',')
    : value !== null && typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/**
 * Adds the header parameters of a call to `headers`; `values[i]` is the value of `parameters[i]` (undefined: left out).
 */
export function addHeaderParameters(
  headers: Record<string, string>,
  parameters: readonly ParameterModel[],
  values: readonly unknown[],
): void {
  parameters.forEach((parameter, index) => {
    const value = values[index];
    if (parameter.location !== 'header' || value === undefined) return;
    const text = asHeaderText(value);
    if (LINE_BREAK.test(text))
      throw new ToolError(`the value of header parameter "${parameter.key}" contains a line break`);
    for (const name of Object.keys(headers))
      if (name.toLowerCase() === parameter.key.toLowerCase()) delete headers[name];
    headers[parameter.key] = text;
  });
}
