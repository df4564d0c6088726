/** Reads a shared list file (`export const list = { meta, entries }`) and checks it (LST001–LST008). */
import type { Reporter } from '../validate/reporter.ts';
import { CAMEL_CASE, isNonEmptyString, isObject, isString, SEMVER, show, type Obj } from '../validate/checks.ts';

export interface ListField {
  readonly key: string;
  readonly type: 'string' | 'number' | 'boolean';
  readonly optional: boolean;
}

export interface SharedList {
  readonly name: string;
  readonly version: string;
  readonly fields: readonly ListField[];
  readonly entries: readonly Obj[];
}

const TYPES = new Set(['string', 'number', 'boolean']);

/** Checks the `list` value; returns it typed when its meta is usable. */
export function checkListValue(list: unknown, r: Reporter): SharedList | undefined {
  if (!isObject(list) || !isObject(list.meta)) {
    r.report('LST001', [], 'a list file must export `list = { meta, entries }`');
    return undefined;
  }
  const meta = list.meta;
  let usable = true;
  if (!isString(meta.name) || !CAMEL_CASE.test(meta.name)) {
    r.report('LST002', ['meta', 'name'], `list.meta.name must be a camelCase string, got ${show(meta.name)}`);
    usable = false;
  }
  if (!isString(meta.version) || !SEMVER.test(meta.version)) {
    r.report('LST003', ['meta', 'version'], `list.meta.version must be a semver string, got ${show(meta.version)}`);
    usable = false;
  }
  const fields: ListField[] = [];
  if (!Array.isArray(meta.fields) || meta.fields.length === 0) {
    r.report('LST004', ['meta', 'fields'], 'list.meta.fields must be a non-empty array of { key, type }');
    usable = false;
  } else {
    meta.fields.forEach((field, i) => {
      if (!isObject(field) || !isNonEmptyString(field.key))
        return r.report(
          'LST004',
          ['meta', 'fields', i],
          `list field ${i} must be { key, type, description?, optional? }`,
        );
      if (!isString(field.type) || !TYPES.has(field.type))
        return r.report(
          'LST005',
          ['meta', 'fields', i, 'type'],
          `list field ${field.key}: type must be string, number or boolean, got ${show(field.type)}`,
        );
      fields.push({ key: field.key, type: field.type as ListField['type'], optional: field.optional === true });
    });
  }
  if (!Array.isArray(list.entries) || list.entries.length === 0 || !list.entries.every(isObject)) {
    r.report('LST006', ['entries'], 'list.entries must be a non-empty array of objects');
    return undefined;
  }
  const entries = list.entries as Obj[];
  entries.forEach((entry, i) => {
    for (const field of fields) {
      const value = entry[field.key];
      if (value === undefined || value === null) {
        if (!field.optional) r.report('LST007', ['entries', i], `list entry ${i} lacks the field ${field.key}`);
      } else if (typeof value !== field.type) {
        r.report(
          'LST008',
          ['entries', i, field.key],
          `list entry ${i}: ${field.key} must be a ${field.type}, got ${show(value)}`,
        );
      }
    }
  });
  if (!usable) return undefined;
  return { name: meta.name as string, version: meta.version as string, fields, entries };
}
