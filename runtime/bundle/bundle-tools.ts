/**
 * A bundle's library face (`createTools()`): its tools as typed functions grouped by namespace, each
 * a call through one runtime over the bundle's verified schemas. The generated modules bind the
 * typed names (`bindTools`); this walks the runtime's tools in the order it serves them.
 */
import { createRuntime, type RuntimeOptions } from '../create-runtime.ts';
import type { SchemaModel } from '../model.ts';

type ToolCaller = (toolName: string, args: Record<string, unknown>) => Promise<unknown>;

/** What a generated module gives a bundle part for its typed functions. */
export interface TypedPart {
  readonly bindTools: (call: never) => Record<string, unknown>;
  /**
   * Tools another file of the namespace declares too, by the name `createTools()` gives them here
   * (`<tool>_<file suffix>`).
   */
  readonly typedNames?: Readonly<Record<string, string>>;
}

export type BundleTools = Record<string, Record<string, unknown>> & { close(): Promise<void> };

/** The tools of `schemas` (one per part, in order) as typed functions, served by a runtime made with `options`. */
export function bundleTools(
  schemas: readonly SchemaModel[],
  parts: readonly TypedPart[],
  options: Omit<RuntimeOptions, 'schemas'>,
): BundleTools {
  const runtime = createRuntime({ ...options, schemas });
  const tools: Record<string, Record<string, unknown>> = {};
  let index = 0;
  schemas.forEach((schema, position) => {
    // The runtime serves tools in schema order, then tool order: the same walk finds each one.
    const served = new Map(schema.tools.map((tool) => [tool.name, runtime.tools[index++]!]));
    const call: ToolCaller = (toolName, args) => served.get(toolName)!.call(args);
    const bound = parts[position]!.bindTools(call as never);
    const namespace = (tools[schema.namespace] ??= {});
    const typedNames = parts[position]!.typedNames ?? {};
    for (const tool of schema.tools) namespace[typedNames[tool.name] ?? tool.name] = bound[tool.name];
  });
  return Object.assign(tools, { close: () => runtime.close() });
}
