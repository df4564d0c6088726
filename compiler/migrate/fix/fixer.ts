/**
 * A fixer repairs one mechanical defect that real schema files carry, as text edits planned on the
 * AST (so comments, formatting and everything else stay as written). Each fixer is one file in this
 * folder, listed in `index.ts`; the engine (`fix-source.ts`) runs them one after the other, each on
 * the text the previous one produced, then validates the result.
 */
import { ts } from 'ts-morph';
import type { SchemaAst } from '../schema-ast.ts';
import { isStringNode } from '../schema-ast.ts';
import { quoteLike, type SourceEdit } from '../source-edits.ts';
import { isObject } from '../../../runtime/is-object.ts';

export { isObject };

/** Something a fixer recognised but could not repair mechanically (listed beside the validator's findings). */
export interface FixerNote {
  readonly rule: string;
  readonly message: string;
}

export interface FixPlan {
  readonly edits: SourceEdit[];
  readonly notes?: FixerNote[];
  /**
   * What the edits change in what the schema does or how clients see it (format 1.x handlers run
   * wrapped, an output type or a tool's MCP name changed), one line each: the diff header says so.
   */
  readonly behaviour?: string[];
}

export interface Fixer {
  /** Stable name, e.g. `root-trailing-slash`. */
  readonly id: string;
  /** One line for the help text. */
  readonly summary: string;
  plan(ast: SchemaAst): FixPlan;
}

/** An edit replacing a string literal node by `value`, in the node's quote style. */
export function replaceString(ast: SchemaAst, node: ts.Node | undefined, value: string, note: string): SourceEdit[] {
  if (!isStringNode(node)) return [];
  const start = node.getStart(ast.source);
  return [{ start, end: node.getEnd(), text: quoteLike(ast.text.slice(start, node.getEnd()), value), note }];
}

/** The tool container (`tools`, or the deprecated `routes`) and its entries as static values. */
export function toolsOf(ast: SchemaAst): { container: string; tools: [string, Record<string, unknown>][] } {
  const container = ast.value.tools === undefined && ast.value.routes !== undefined ? 'routes' : 'tools';
  const tools = ast.value[container];
  if (tools === null || typeof tools !== 'object' || Array.isArray(tools)) return { container, tools: [] };
  const entries = Object.entries(tools as Record<string, unknown>);
  return { container, tools: entries.filter((e): e is [string, Record<string, unknown>] => isObject(e[1])) };
}

/**
 * An edit removing `property` from its object literal with the comma after it, from the end of the
 * previous token, so its line (and the comments written on it) go away with it.
 */
export function removePropertyEdit(text: string, property: ts.ObjectLiteralElementLike, note: string): SourceEdit {
  let start = property.getFullStart();
  let end = property.getEnd();
  const after = /^[ \t]*,/.exec(text.slice(end));
  if (after) end += after[0].length;
  // The last property: the comma before it goes, so no trailing comma is left behind.
  else if (text[start - 1] === ',') start -= 1;
  return { start, end, text: '', note };
}

/** An element of an array literal removed together with its comma (the one after it, else the one before). */
export function removeElementEdit(
  text: string,
  array: ts.ArrayLiteralExpression,
  index: number,
  note: string,
): SourceEdit {
  const element = array.elements[index]!;
  const next = array.elements[index + 1];
  if (next) return { start: element.getFullStart(), end: next.getFullStart(), text: '', note };
  const previous = array.elements[index - 1];
  return { start: previous ? previous.getEnd() : element.getFullStart(), end: element.getEnd(), text: '', note };
}

/** The indentation of the line `node` starts on. */
export function indentOf(text: string, node: ts.Node, source: ts.SourceFile): string {
  const start = node.getStart(source);
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, start))?.[0] ?? '';
}

/**
 * Edits with overlapping deletions joined into one (two neighbouring properties removed may both
 * claim the comma between them); anything else is left for `applyEdits` to judge.
 */
export function joinDeletions(edits: readonly SourceEdit[]): SourceEdit[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: SourceEdit[] = [];
  for (const edit of sorted) {
    const last = out[out.length - 1];
    if (last && last.text === '' && edit.text === '' && edit.start < last.end) {
      const joined = { ...last, end: Math.max(last.end, edit.end) };
      out[out.length - 1] = joined;
      // Its note is kept, on an empty edit where the joined one ends.
      out.push({ start: joined.end, end: joined.end, text: '', note: edit.note });
      continue;
    }
    out.push(edit);
  }
  return out;
}
