/**
 * A fixer repairs one mechanical defect that real schema files carry, as text edits planned on the
 * AST (so comments, formatting and everything else stay as written). Each fixer is one file in this
 * folder, listed in `index.ts`; the engine (`fix-source.ts`) runs them one after the other, each on
 * the text the previous one produced, then validates the result.
 */
import type { ts } from 'ts-morph';
import type { SchemaAst } from '../schema-ast.ts';
import { isStringNode } from '../schema-ast.ts';
import { quoteLike, type SourceEdit } from '../source-edits.ts';

/** Something a fixer recognised but could not repair mechanically (listed beside the validator's findings). */
export interface FixerNote {
  readonly rule: string;
  readonly message: string;
}

export interface FixPlan {
  readonly edits: SourceEdit[];
  readonly notes?: FixerNote[];
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
  return { container, tools: entries.filter((e): e is [string, Record<string, unknown>] => isRecord(e[1])) };
}

export const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
