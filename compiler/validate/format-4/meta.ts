/**
 * Format 4's optional per-tool `meta` block (VAL100–VAL106): when present, an object with exactly
 * the six fields, typed. The runtime turns it into MCP tool annotations and search words.
 */
import type { Reporter } from '../reporter.ts';
import { isNonEmptyString, isObject, show } from '../checks.ts';

export const META_FIELDS = [
  'isReadOnly',
  'isConcurrencySafe',
  'isDestructive',
  'searchHint',
  'aliases',
  'alwaysLoad',
] as const;

const BOOLEANS = [
  ['isReadOnly', 'VAL101'],
  ['isConcurrencySafe', 'VAL102'],
  ['isDestructive', 'VAL103'],
  ['alwaysLoad', 'VAL106'],
] as const;

export function checkToolMeta(tool: string, meta: unknown, at: readonly (string | number)[], r: Reporter): void {
  if (meta === undefined) return;
  if (!isObject(meta))
    return r.report('VAL100', at, `tool ${tool}: meta must be an object with ${META_FIELDS.join(', ')}`);
  for (const key of Object.keys(meta)) {
    if (!(META_FIELDS as readonly string[]).includes(key))
      r.report('VAL100', [...at, key], `tool ${tool}: meta.${key} is not a meta field (${META_FIELDS.join(', ')})`);
  }
  for (const [field, rule] of BOOLEANS) {
    if (meta[field] === undefined)
      r.report(rule, at, `tool ${tool}: meta.${field} is missing: when meta is present, all six fields are required`);
    else if (typeof meta[field] !== 'boolean')
      r.report(rule, [...at, field], `tool ${tool}: meta.${field} must be true or false, got ${show(meta[field])}`);
  }
  if (meta.searchHint === undefined)
    r.report(
      'VAL104',
      at,
      `tool ${tool}: meta.searchHint is missing: when meta is present, all six fields are required`,
    );
  else if (!isNonEmptyString(meta.searchHint))
    r.report(
      'VAL104',
      [...at, 'searchHint'],
      `tool ${tool}: meta.searchHint must be a non-empty string, got ${show(meta.searchHint)}`,
    );
  if (meta.aliases === undefined)
    r.report('VAL105', at, `tool ${tool}: meta.aliases is missing (an empty array when there are none)`);
  else if (!Array.isArray(meta.aliases))
    r.report(
      'VAL105',
      [...at, 'aliases'],
      `tool ${tool}: meta.aliases must be an array of strings, got ${show(meta.aliases)}`,
    );
  else
    meta.aliases.forEach((alias, i) => {
      if (!isNonEmptyString(alias))
        r.report(
          'VAL105',
          [...at, 'aliases', i],
          `tool ${tool}: meta.aliases[${i}] must be a non-empty string, got ${show(alias)}`,
        );
    });
}
