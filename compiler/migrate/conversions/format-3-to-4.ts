/**
 * Format 3.x → 4.x (`toolkit migrate --to 4`), through the AST so everything untouched stays as written:
 *
 * - `version` → `'4.0.0'`, and `schemaVersion: '1.0.0'` added after it (the content version);
 * - `main.skills` removed: format 4 finds skills as files in `skills/` beside the schema, which then
 *   need `type` and `whenToUse` (the validation of the result names what is missing);
 * - sqlite resources rewritten in format 4's shape (`mode: 'in-memory'`, `name`, positional query
 *   parameters, array output), the only part that is printed anew.
 *
 * Nothing is invented: no `meta` (it needs knowledge of the API the file does not hold, and is
 * optional), no `termsOfService` (the result's VAL086 warning asks for it), no `docs`.
 */
import { isObject } from '../../validate/checks.ts';
import type { Conversion } from '../conversion.ts';
import { insertPropertyAfter, removeProperty, reprintValue } from '../object-edits.ts';
import { propertyOf } from '../schema-ast.ts';
import { quoteLike, type SourceEdit } from '../source-edits.ts';
import { resourceTo4 } from './resource-shapes.ts';

export const TARGET_4 = '4.0.0';

export const format3To4: Conversion = {
  id: 'format-3-to-4',
  from: 3,
  to: 4,
  summary: 'format 3.x → 4.0.0: version and schemaVersion, main.skills to skill files, resources in the 4.x shape',
  plan(ast) {
    const edits: (SourceEdit | undefined)[] = [];
    const version = propertyOf(ast.main, 'version');
    if (version) {
      const start = version.initializer.getStart(ast.source);
      edits.push({
        start,
        end: version.initializer.getEnd(),
        text: quoteLike(ast.text.slice(start, version.initializer.getEnd()), TARGET_4),
        note: `version → ${TARGET_4}`,
      });
    }
    if (ast.value.schemaVersion === undefined && version) {
      const quoted = quoteLike(
        ast.text.slice(version.initializer.getStart(ast.source), version.initializer.getEnd()),
        '1.0.0',
      );
      edits.push(
        insertPropertyAfter(ast, ast.main, 'version', 'schemaVersion', quoted, "schemaVersion: '1.0.0' added"),
      );
    }
    if (ast.value.skills !== undefined)
      edits.push(
        removeProperty(
          ast,
          ast.main,
          'skills',
          'main.skills removed: format 4 reads skills from skills/<name>.mjs (add type and whenToUse to each)',
        ),
      );
    const resources = ast.value.resources;
    if (isObject(resources)) {
      const converted = Object.fromEntries(
        Object.entries(resources).map(([name, r]) => [name, isObject(r) ? resourceTo4(r) : r]),
      );
      edits.push(
        reprintValue(
          ast,
          'resources',
          converted,
          'resources → format 4 shape (mode, name, positional query parameters)',
        ),
      );
    }
    return edits.filter((e): e is SourceEdit => e !== undefined);
  },
};
