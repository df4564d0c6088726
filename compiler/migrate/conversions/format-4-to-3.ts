/**
 * Format 4.x → 3.x (`toolkit migrate --to 3`), through the AST. What 3.x cannot say is removed and
 * each removal is reported as a MIG001 warning on the file (never dropped silently): `meta`,
 * `outputSchema`, `schemaVersion`, the provenance fields, markdown and http resources, and the
 * namespace skills in `skills/` (format 3 declares skills in `main.skills`, in its own skill shape).
 * A computed `schemaHash` (VAL090 in 4.x) is removed without a warning. sqlite resources are printed
 * in 3.x's shape (`database`, named parameters, a `getSchema` query when there is none).
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ts } from 'ts-morph';
import { isObject, toolContainer, type Obj } from '../../validate/checks.ts';
import { FORMAT_4_MAIN_FIELDS, FORMAT_4_TOOL_FIELDS } from '../../validate/format-4/format-4.ts';
import type { Conversion, Loss } from '../conversion.ts';
import { removeProperty, reprintValue } from '../object-edits.ts';
import { nodeAt, propertyOf } from '../schema-ast.ts';
import { quoteLike, type SourceEdit } from '../source-edits.ts';
import { resourceTo3 } from './resource-shapes.ts';

const TARGET_3 = '3.0.0';

export const format4To3: Conversion = {
  id: 'format-4-to-3',
  from: 4,
  to: 3,
  summary:
    'format 4.x → 3.0.0: version; meta, schemaVersion, provenance, http/markdown resources removed with a warning each',
  plan(ast) {
    const edits: (SourceEdit | undefined)[] = [];
    const version = propertyOf(ast.main, 'version');
    if (version) {
      const start = version.initializer.getStart(ast.source);
      edits.push({
        start,
        end: version.initializer.getEnd(),
        text: quoteLike(ast.text.slice(start, version.initializer.getEnd()), TARGET_3),
        note: `version → ${TARGET_3}`,
      });
    }
    for (const field of [...FORMAT_4_MAIN_FIELDS, 'schemaHash'])
      edits.push(removeProperty(ast, ast.main, field, `main.${field} removed`));
    const { key, tools } = toolContainer(ast.value as Obj);
    for (const name of Object.keys(tools)) {
      const tool = nodeAt(ast.main, [key, name]);
      if (!tool || !ts.isObjectLiteralExpression(tool)) continue;
      for (const field of FORMAT_4_TOOL_FIELDS)
        edits.push(removeProperty(ast, tool, field, `${name}: ${field} removed`));
    }
    const resources = ast.value.resources;
    if (isObject(resources)) {
      const kept = Object.entries(resources).filter(([, r]) => isObject(r) && r.source === 'sqlite');
      if (kept.length === 0)
        edits.push(removeProperty(ast, ast.main, 'resources', 'resources removed (none is sqlite)'));
      else {
        const converted = Object.fromEntries(kept.map(([name, r]) => [name, resourceTo3(r as Obj)]));
        edits.push(
          reprintValue(
            ast,
            'resources',
            converted,
            'resources → format 3 shape (database, named parameters, getSchema)',
          ),
        );
      }
    }
    return edits.filter((e): e is SourceEdit => e !== undefined);
  },
  losses(ast) {
    const losses: Loss[] = [];
    const main = ast.value as Obj;
    for (const field of FORMAT_4_MAIN_FIELDS) {
      if (main[field] !== undefined)
        losses.push({ path: [field], message: `main.${field} has no format-3 equivalent: removed` });
    }
    const { key, tools } = toolContainer(main);
    for (const [name, tool] of Object.entries(tools)) {
      if (!isObject(tool)) continue;
      if (tool.meta !== undefined)
        losses.push({
          path: [key, name, 'meta'],
          message:
            `tool ${name}: meta (annotations, searchHint, aliases) has no format-3 equivalent: removed; the ` +
            `tool's annotations follow its HTTP method again`,
        });
      if (tool.outputSchema !== undefined)
        losses.push({
          path: [key, name, 'outputSchema'],
          message: `tool ${name}: outputSchema has no format-3 equivalent: removed`,
        });
    }
    if (isObject(main.resources)) {
      for (const [name, resource] of Object.entries(main.resources)) {
        if (isObject(resource) && resource.source !== 'sqlite')
          losses.push({
            path: ['resources', name],
            message: `resource ${name}: ${String(resource.source)} resources have no format-3 equivalent: removed`,
          });
        else if (isObject(resource) && resource.mode === 'file-based')
          losses.push({
            path: ['resources', name, 'mode'],
            message:
              `resource ${name}: mode file-based has no format-3 equivalent (3.x databases are ` +
              `read-only): removed`,
          });
      }
    }
    for (const file of skillFiles(ast.file))
      losses.push({
        path: [],
        message:
          `skills/${file}: format-4 namespace skills are not carried over (format 3 declares skills in ` +
          `main.skills, in its own shape)`,
      });
    return losses;
  },
};

/** The format-4 skill files beside the schema. */
function skillFiles(schemaFile: string): string[] {
  try {
    return readdirSync(join(dirname(schemaFile), 'skills'))
      .filter((f) => f.endsWith('.mjs'))
      .sort();
  } catch {
    return [];
  }
}
