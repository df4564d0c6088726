/**
 * A resource `database` written as the path the prior art kept it at (`~/.flowmcp/data/x.db`,
 * `.flowmcp/data/x.db`, `./data/x.db`, or the same under `.toolkit`) → the file name and the
 * `origin` that path means: `global` (`~/.toolkit/data/`), `project` (`<project>/.toolkit/data/`)
 * or `inline` (`data/` beside the schema). RES004 and RES007 otherwise. The file itself is not
 * moved: the result's RES020 warning says where it is looked for.
 */
import { ts } from 'ts-morph';
import { propertyOf } from '../schema-ast.ts';
import { insertPropertyAfter } from '../object-edits.ts';
import { nodeAt } from '../schema-ast.ts';
import { quoteLike, type SourceEdit } from '../source-edits.ts';
import { isObject, replaceString, type Fixer, type FixerNote } from './fixer.ts';

const LOCATIONS: readonly [RegExp, 'global' | 'project' | 'inline'][] = [
  [/^~\/\.(?:flowmcp|toolkit)\/data\/(.+)$/, 'global'],
  [/^(?:\.\/)?\.(?:flowmcp|toolkit)\/data\/(.+)$/, 'project'],
  [/^(?:\.\/)?data\/(.+)$/, 'inline'],
];

/** `~/.flowmcp/data/x.db` → `{ file: 'x.db', origin: 'global' }`, or undefined for a path of no known place. */
export function databaseLocation(
  path: string,
): { readonly file: string; readonly origin: 'global' | 'project' | 'inline' } | undefined {
  for (const [pattern, origin] of LOCATIONS) {
    const file = pattern.exec(path)?.[1];
    if (file !== undefined && !file.split('/').includes('..')) return { file, origin };
  }
  return undefined;
}

export const resourceDatabaseOrigin: Fixer = {
  id: 'resource-database-origin',
  summary: 'a resource database given as a path (~/.flowmcp/data/x.db) becomes its file name and origin (global)',
  plan(ast) {
    const resources = ast.value.resources;
    if (!isObject(resources)) return { edits: [] };
    const edits: SourceEdit[] = [];
    const notes: FixerNote[] = [];
    for (const [name, resource] of Object.entries(resources)) {
      if (!isObject(resource)) continue;
      const key =
        typeof resource.database === 'string'
          ? 'database'
          : typeof resource.name === 'string' && resource.source === 'sqlite'
            ? 'name'
            : undefined;
      const path = key ? (resource[key] as string) : undefined;
      const location = path === undefined ? undefined : databaseLocation(path);
      if (!key || !path || !location) continue;
      if (resource.origin !== undefined && resource.origin !== location.origin) {
        notes.push({
          rule: 'RES007',
          message:
            `resource ${name}: ${key} ${path} is a ${location.origin} path but origin says ` +
            `${String(resource.origin)}: decide which by hand`,
        });
        continue;
      }
      const object = nodeAt(ast.main, ['resources', name]);
      if (!object || !ts.isObjectLiteralExpression(object)) continue;
      edits.push(
        ...replaceString(
          ast,
          nodeAt(ast.main, ['resources', name, key]),
          location.file,
          `resource ${name}: ${key} ${path} → ${location.file}`,
        ),
      );
      if (resource.origin === undefined) {
        const anchor = propertyOf(object, key)!;
        const quote = ast.text.slice(anchor.initializer.getStart(ast.source), anchor.initializer.getEnd());
        const added = insertPropertyAfter(
          ast,
          object,
          key,
          'origin',
          quoteLike(quote, location.origin),
          `resource ${name}: origin '${location.origin}' added (where ${path} is)`,
        );
        if (added) edits.push(added);
      }
    }
    return { edits, notes };
  },
};
