/** Small shape checks shared by the rules, so each rule file reads as the rule itself. */
import { isObject } from '../../runtime/is-object.ts';

export { isObject };
export type Obj = Record<string, unknown>;

export const isString = (v: unknown): v is string => typeof v === 'string';
export const isNonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
export const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

export const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;
export const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
export const KEBAB_NAME = /^[a-z][a-z0-9-]*$/;

/** The tool container (`tools`, or the deprecated `routes` alias) and its key. */
export function toolContainer(main: Obj): { key: 'tools' | 'routes'; tools: Obj } {
  if (isObject(main.tools)) return { key: 'tools', tools: main.tools };
  if (main.tools === undefined && isObject(main.routes)) return { key: 'routes', tools: main.routes };
  return { key: 'tools', tools: {} };
}

/** Quotes a value for a message without ever printing more than a short excerpt. */
export const show = (v: unknown): string => {
  const text =
    typeof v === 'string' ? JSON.stringify(v) : v === undefined ? 'nothing' : (JSON.stringify(v) ?? String(v));
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};
