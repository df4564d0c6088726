/**
 * A handler entry whose key names no tool and no resource is dropped (VAL005): its hooks could
 * never run. Runs after `tool-names`, so a key written as the camelCase name of a renamed tool
 * matches it first.
 */
import { ts } from 'ts-morph';
import { readHandlerEntries, returnedObject } from '../../parse/handler-hooks.ts';
import { propertyKey } from '../../parse/static-value.ts';
import type { SourceEdit } from '../source-edits.ts';
import { isObject, removePropertyEdit, toolsOf, type Fixer } from './fixer.ts';

export const orphanHandlerKeys: Fixer = {
  id: 'orphan-handler-keys',
  summary: 'a handler key naming no tool or resource is dropped',
  plan(ast) {
    // Only a map the reader can follow (else VAL006 says so, and no key is judged).
    const returned =
      ast.handlers && readHandlerEntries(ast.handlers, ast.source) ? returnedObject(ast.handlers) : undefined;
    if (!returned) return { edits: [] };
    const known = new Set([
      ...toolsOf(ast).tools.map(([name]) => name),
      ...(isObject(ast.value.resources) ? Object.keys(ast.value.resources) : []),
    ]);
    const edits: SourceEdit[] = [];
    for (const entry of returned.properties) {
      if (!ts.isPropertyAssignment(entry) && !ts.isShorthandPropertyAssignment(entry)) continue;
      const key = propertyKey(entry.name);
      if (key === undefined || known.has(key)) continue;
      edits.push(
        removePropertyEdit(
          ast.text,
          entry,
          `handlers: ${key} dropped (no tool or resource is named ${key}; its hooks never ran)`,
        ),
      );
    }
    return { edits };
  },
};
