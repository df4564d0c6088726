/**
 * Parses the `z.primitive` and `z.options` strings of a parameter (`'enum(A,B)'`, `'min(1)'`).
 * Pure string parsing: what is allowed is decided by the validation rules.
 */

/** A shared-list interpolation inside `enum(…)`: `{{evmChains:slug}}`. */
export interface ListInterpolation {
  readonly list: string;
  readonly field: string;
}

export type ParsedPrimitive =
  | { readonly kind: 'string' | 'number' | 'boolean' | 'array' | 'object'; readonly argument: string }
  | { readonly kind: 'enum'; readonly values: readonly string[]; readonly lists: readonly ListInterpolation[] }
  | { readonly kind: 'unknown'; readonly text: string };

const CALL = /^([A-Za-z]+)\(([\s\S]*)\)$/;
const LIST_INTERPOLATION = /^\{\{(\w+):(\w+)\}\}$/;
export const LIST_INTERPOLATION_ANYWHERE = /\{\{(\w+):(\w+)\}\}/;

/** `'enum(a, {{list:field}})'` → kind, literal values and list references. */
export function parsePrimitive(text: string): ParsedPrimitive {
  const match = CALL.exec(text.trim());
  if (!match) return { kind: 'unknown', text };
  const [, name = '', argument = ''] = match;
  if (name === 'enum') {
    const values: string[] = [];
    const lists: ListInterpolation[] = [];
    for (const raw of argument.split(',')) {
      const item = raw.trim();
      if (item === '') continue;
      const list = LIST_INTERPOLATION.exec(item);
      if (list) lists.push({ list: list[1] ?? '', field: list[2] ?? '' });
      else values.push(item);
    }
    return { kind: 'enum', values, lists };
  }
  if (name === 'string' || name === 'number' || name === 'boolean' || name === 'array' || name === 'object')
    return { kind: name, argument };
  return { kind: 'unknown', text };
}

export type ParsedOption =
  | { readonly kind: 'min' | 'max' | 'length' | 'optional' | 'default' | 'regex'; readonly argument: string }
  | { readonly kind: 'list'; readonly list: string }
  | { readonly kind: 'unknown'; readonly text: string };

const KNOWN_OPTIONS = new Set(['min', 'max', 'length', 'optional', 'default', 'regex']);

/**
 * `'default(score desc, metadata_modified desc)'` → `{ kind: 'default', argument: 'score desc, …' }`.
 * The argument is everything between the first `(` and the last `)`, so commas and spaces survive.
 */
export function parseOption(text: string): ParsedOption {
  const trimmed = text.trim();
  if (/^\$[A-Za-z][A-Za-z0-9]*$/.test(trimmed)) return { kind: 'list', list: trimmed.slice(1) };
  const match = CALL.exec(trimmed);
  const name = match?.[1] ?? '';
  if (!match || !KNOWN_OPTIONS.has(name)) return { kind: 'unknown', text };
  return { kind: name as 'min', argument: match[2] ?? '' };
}

export type ArrayDefault = readonly (string | number | boolean | null)[];

const ARRAY_ITEM =
  /\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(true|false|null))\s*(,|$)/y;

/**
 * The argument of `default([...])` on `array()`: a flat list of quoted strings, numbers, booleans or
 * null (`['bitcoin', "ethereum"]`, `[1, 2]`, `[]`), or undefined when it is not one.
 */
export function parseArrayDefault(argument: string): ArrayDefault | undefined {
  const text = argument.trim();
  if (!text.startsWith('[') || !text.endsWith(']')) return undefined;
  const inner = text.slice(1, -1).trim();
  if (inner === '') return [];
  const items: (string | number | boolean | null)[] = [];
  ARRAY_ITEM.lastIndex = 0;
  while (ARRAY_ITEM.lastIndex < inner.length) {
    const match = ARRAY_ITEM.exec(inner);
    if (!match) return undefined;
    const [, single, double, number, word, comma] = match;
    if (single !== undefined || double !== undefined) items.push((single ?? double)!.replace(/\\(.)/g, '$1'));
    else if (number !== undefined) items.push(Number(number));
    else items.push(word === 'null' ? null : word === 'true');
    if (comma === '' && ARRAY_ITEM.lastIndex < inner.length) return undefined;
    if (comma === ',' && ARRAY_ITEM.lastIndex >= inner.length) return undefined;
  }
  return items;
}
