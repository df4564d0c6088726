/**
 * Which MCP tools are known to be payment-gated from their own listing metadata, and the minimal
 * arguments to ask one for its price. Only such tools are ever called, and only without payment:
 * a tool without payment metadata is never called.
 *
 * Marker recognised (the x402 MCP transport reserves the `x402/` `_meta` namespace; a listing-level
 * key is not standardised yet): a tool `_meta` key starting with `x402` (e.g. `x402/payment`,
 * `x402/price`, `x402`). Annotations are not used: the SDK client drops unknown annotation keys.
 */

export interface ListedTool {
  readonly name: string;
  readonly inputSchema?:
    | { readonly properties?: Record<string, unknown>; readonly required?: readonly string[] }
    | undefined;
  readonly _meta?: Record<string, unknown> | undefined;
}

/** The metadata key (or annotation) that marks `tool` as payment-gated, or null. */
export function paymentMarker(tool: ListedTool): string | null {
  const metaKey = Object.keys(tool._meta ?? {}).find((key) => /^x402/i.test(key));
  return metaKey === undefined ? null : `_meta["${metaKey}"]`;
}

const placeholder = (schema: unknown): unknown => {
  const type = schema && typeof schema === 'object' ? (schema as { type?: unknown }).type : undefined;
  const first = Array.isArray(type) ? type[0] : type;
  switch (first) {
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    case 'null':
      return null;
    default:
      return '';
  }
};

/** Arguments with a neutral value for each required property (payment is checked before the tool runs). */
export function minimalArguments(tool: ListedTool): Record<string, unknown> {
  const properties = tool.inputSchema?.properties ?? {};
  const required = Array.isArray(tool.inputSchema?.required) ? tool.inputSchema.required : [];
  return Object.fromEntries(required.map((name) => [name, placeholder(properties[name])]));
}
