/**
 * snake_case or path-like tool names (`get_price`, `coins/markets`, `/block/:number`) become camelCase
 * (VAL030), the tool's MCP name kept as stable as the rules allow: the new name is chosen so that
 * `wireName` (snake of the tool, `runtime/wire-name.ts`) gives exactly the name clients already use,
 * and when no camelCase spelling can (a leading `/`, doubled separators, a part starting with a
 * digit) the most natural one is taken and the changed MCP name is said as a change of behaviour.
 * Handler keys naming the tool are renamed with it. A name with no camelCase spelling at all, or
 * whose spelling another tool has, is listed, not changed.
 */
import { ts } from 'ts-morph';
import { returnedObject } from '../../parse/handler-hooks.ts';
import { propertyKey } from '../../parse/static-value.ts';
import { wireName } from '../../../runtime/wire-name.ts';
import { nodeAt, propertyOf } from '../schema-ast.ts';
import type { SourceEdit } from '../source-edits.ts';
import { toolsOf, type Fixer, type FixerNote } from './fixer.ts';

const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;

const upperFirst = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const lowerFirst = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);

/** camelCase spellings of `name`, most natural first (`:` is dropped, as the wire name drops it). */
function candidates(name: string): string[] {
  const parts = name
    .replace(/:/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter((p) => p !== '');
  if (parts.length === 0) return [];
  const lowered = parts.map((p, i) => (i === 0 ? p.toLowerCase() : upperFirst(p.toLowerCase())));
  const kept = parts.map((p, i) => (i === 0 ? lowerFirst(p) : upperFirst(p)));
  return [...new Set([lowered.join(''), kept.join('')])];
}

/** The camelCase name that keeps the tool's wire name, if there is one. */
export function camelNameKeepingWire(namespace: string, name: string): string | undefined {
  const wire = wireName(namespace, name);
  return candidates(name).find((candidate) => CAMEL_CASE.test(candidate) && wireName(namespace, candidate) === wire);
}

/**
 * The camelCase name for a tool: the one that keeps its wire name when there is one, else the most
 * natural spelling (`/block/:block_number_or_hash` → `blockBlockNumberOrHash`, whose wire name only
 * loses the leading `_`); undefined when no spelling is camelCase (a name starting with a digit).
 */
export function camelNameFor(
  namespace: string,
  name: string,
): { readonly name: string; readonly keepsWire: boolean } | undefined {
  const kept = camelNameKeepingWire(namespace, name);
  if (kept !== undefined) return { name: kept, keepsWire: true };
  const natural = candidates(name).find((candidate) => CAMEL_CASE.test(candidate));
  return natural === undefined ? undefined : { name: natural, keepsWire: false };
}

/** The key written as a bare identifier (a camelCase name is one), whatever quotes the old name needed. */
function renameKey(ast: SchemaAst, name: ts.PropertyName, to: string): SourceEdit {
  return { start: name.getStart(ast.source), end: name.getEnd(), text: to, note: '' };
}

type SchemaAst = Parameters<Fixer['plan']>[0];

export const toolNames: Fixer = {
  id: 'tool-names',
  summary: 'snake_case or path-like tool names become camelCase, keeping their MCP (wire) name',
  plan(ast) {
    const namespace = typeof ast.value.namespace === 'string' ? ast.value.namespace : '';
    const { container, tools } = toolsOf(ast);
    const names = new Set(tools.map(([name]) => name));
    const containerNode = nodeAt(ast.main, [container]);
    if (!containerNode || !ts.isObjectLiteralExpression(containerNode)) return { edits: [] };
    const edits: SourceEdit[] = [];
    const notes: FixerNote[] = [];
    const renamed = new Map<string, string>();
    const behaviour: string[] = [];
    for (const [name] of tools) {
      if (CAMEL_CASE.test(name)) continue;
      const found = camelNameFor(namespace, name);
      const to = found?.name;
      if (to === undefined || names.has(to) || [...renamed.values()].includes(to)) {
        const why = to === undefined ? 'it has no camelCase spelling' : `${to} is taken by another tool`;
        notes.push({
          rule: 'VAL030',
          message:
            `tool ${JSON.stringify(name)}: not renamed (${why}); rename it by hand (clients will ` + `see a new name)`,
        });
        continue;
      }
      const property = propertyOf(containerNode, name);
      if (!property) continue;
      renamed.set(name, to);
      const before = wireName(namespace, name);
      const after = wireName(namespace, to);
      edits.push({
        ...renameKey(ast, property.name, to),
        note:
          `tool ${name} → ${to} ` +
          `(${found!.keepsWire ? `MCP name stays ${before}` : `MCP name ${before} → ${after}`})`,
      });
      if (!found!.keepsWire)
        behaviour.push(
          `tool ${name}: clients see it as ${after}, no longer ${before} (no camelCase name keeps the old one)`,
        );
    }
    // Handler keys follow their tool.
    const returned = ast.handlers ? returnedObject(ast.handlers) : undefined;
    for (const entry of returned?.properties ?? []) {
      if (!ts.isPropertyAssignment(entry) && !ts.isShorthandPropertyAssignment(entry)) continue;
      const key = propertyKey(entry.name);
      const to = key === undefined ? undefined : renamed.get(key);
      if (to === undefined) continue;
      if (ts.isShorthandPropertyAssignment(entry)) {
        const start = entry.name.getStart(ast.source);
        edits.push({
          start,
          end: entry.name.getEnd(),
          text: `${to}: ${entry.name.text}`,
          note: `handlers: ${key} → ${to}`,
        });
      } else {
        edits.push({ ...renameKey(ast, entry.name, to), note: `handlers: ${key} → ${to}` });
      }
    }
    return { edits, notes, behaviour };
  },
};
