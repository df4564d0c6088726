/**
 * The typed API of code mode as data: made by the compiler (`compiler/emit/code-mode-api.ts`, at
 * build time for a bundle, at start for `toolkit server`) and read by the runtime, which never
 * generates TypeScript itself.
 */

/** One tool of the API. */
export interface ApiEntry {
  readonly namespace: string;
  /** Its name under `tools.<namespace>` (the schema's tool name; `<tool>_<file>` for a duplicate). */
  readonly name: string;
  /** Its name on the wire, where the runtime serves it (taken from the listing, by position). */
  readonly wire: string;
  /** `tools.coingecko.getPrice`, as a program writes it. */
  readonly path: string;
  /** Its type aliases and signature, with its description: what `search_api` answers. */
  readonly snippet: string;
}

export interface ApiDeclarations {
  readonly entries: readonly ApiEntry[];
  /** The whole API as a global declaration file (`declare const tools`, `console`). */
  readonly text: string;
  /** Tool names per namespace, as the sandbox builds `tools` from them. */
  readonly catalog: Readonly<Record<string, readonly string[]>>;
}

/** Makes the API of these schemas, whose tools are served under `wireNames` (schema then tool order). */
export type CodeApiSource = (
  schemas: readonly import('../model.ts').SchemaModel[],
  wireNames: readonly string[],
) => ApiDeclarations;
