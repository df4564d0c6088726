/**
 * The normalized schema model: the one contract between the compiler and the runtime.
 *
 * The compiler front end reads a `.mjs` schema without running it, validates it and produces a
 * `SchemaModel`. The back end writes that model into a generated module as plain data. The runtime
 * (and `toolkit server`, which skips the build) consumes the same model. Everything here is
 * JSON-serializable so that it can be hashed, emitted and compared byte for byte.
 */

/** A piece of a template: literal text, the user's value, a server param, or a path insert. */
export type TemplatePart =
  | string
  | { readonly user: true }
  | { readonly server: string }
  | { readonly insert: string };

/** A string assembled from parts, e.g. `['Bearer ', { server: 'API_KEY' }]`. */
export type Template = readonly TemplatePart[];

export type PrimitiveType =
  | { readonly kind: 'string' }
  | { readonly kind: 'number' }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'enum'; readonly values: readonly string[] }
  | { readonly kind: 'array' }
  | { readonly kind: 'object' };

/** Parameter options, already normalised: applied as constraints → optional → default. */
export interface ParameterOptions {
  readonly min?: number;
  readonly max?: number;
  readonly length?: number;
  readonly regex?: string;
  readonly optional: boolean;
  /** Typed as the primitive: `default(10)` on `number()` is the number 10, `default(['a'])` on `array()` a list. */
  readonly default?: DefaultValue;
}

/** A parameter's default: a scalar, or a flat list of literals for `array()`. */
export type DefaultValue = string | number | boolean | readonly (string | number | boolean | null)[];

export type ParameterLocation = 'insert' | 'query' | 'body';

export interface ParameterModel {
  /** Name on the wire; for user parameters also the input name shown to the client. */
  readonly key: string;
  readonly location: ParameterLocation;
  /** How the sent value is formed. Contains `{ user: true }` exactly when the client supplies it. */
  readonly value: Template;
  /** True when the client sees this parameter (its value contains `{{USER_PARAM}}`). */
  readonly visible: boolean;
  readonly type: PrimitiveType;
  readonly options: ParameterOptions;
  readonly description?: string;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A JSON-Schema-like description of a tool's output (`output.schema` of the schema file). */
export interface OutputModel {
  readonly mimeType: 'application/json' | 'image/png' | 'text/plain';
  readonly schema: Readonly<Record<string, unknown>>;
}

/** Format 4's per-tool `meta` block: MCP annotations (`isReadOnly`, `isDestructive`) and search words (`searchHint`, `aliases`). */
export interface ToolMeta {
  readonly isReadOnly: boolean;
  readonly isConcurrencySafe: boolean;
  readonly isDestructive: boolean;
  readonly searchHint: string;
  readonly aliases: readonly string[];
  readonly alwaysLoad: boolean;
}

export interface ToolModel {
  /** camelCase tool name as written in the schema. */
  readonly name: string;
  readonly description: string;
  readonly method: HttpMethod;
  /** `root + path`, with `{ insert }` parts for `{{key}}` / `:key` and `{ server }` for `{{KEY}}`. */
  readonly url: Template;
  readonly parameters: readonly ParameterModel[];
  readonly output?: OutputModel;
  /** Format 4's `meta` block, when the schema gives one. */
  readonly meta?: ToolMeta;
  /**
   * Which handler hooks the schema defines for this tool (names only; code lives in `handlersSource`).
   * `postProcess({ data })` is the hook of format 2.0.0 schemas.
   */
  readonly hooks: readonly ('preRequest' | 'executeRequest' | 'postRequest' | 'postProcess')[];
}

export interface ResourceQueryParameterModel {
  readonly name: string;
  readonly type: 'string' | 'number' | 'boolean';
  readonly required: boolean;
  readonly default?: string | number | boolean;
  readonly description?: string;
}

export interface ResourceQueryModel {
  readonly name: string;
  readonly description: string;
  readonly sql: string;
  readonly parameters: readonly ResourceQueryParameterModel[];
  readonly columns?: readonly string[];
}

export interface ResourceModel {
  readonly name: string;
  readonly description: string;
  readonly source: 'sqlite';
  readonly origin: 'global' | 'project' | 'inline';
  /** File name as declared (ends in `.db`). The runtime resolves it by origin. */
  readonly database: string;
  readonly queries: readonly ResourceQueryModel[];
}

export interface PromptModel {
  readonly name: string;
  readonly description: string;
  readonly content: string;
  readonly dependsOn: readonly string[];
}

export interface SkillInputModel {
  readonly key: string;
  readonly type: 'string' | 'number' | 'boolean' | 'enum';
  readonly description: string;
  readonly required: boolean;
  readonly values?: readonly string[];
}

export interface SkillModel {
  readonly name: string;
  readonly description: string;
  readonly content: string;
  readonly input: readonly SkillInputModel[];
  readonly requires: { readonly tools: readonly string[]; readonly resources: readonly string[]; readonly external: readonly string[] };
  readonly output?: string;
  readonly testedWith?: string;
}

export interface SchemaModel {
  readonly namespace: string;
  readonly name: string;
  readonly description: string;
  readonly version: string;
  readonly docs: readonly string[];
  readonly tags: readonly string[];
  readonly requiredServerParams: readonly string[];
  readonly requiredLibraries: readonly string[];
  /** Default headers for every request; values are templates over server params. */
  readonly headers: Readonly<Record<string, Template>>;
  /**
   * Other https origins (`https://host[:port]`) the schema's `preRequest` hooks may send a request
   * to, without server params (`main.hookOrigins`); absent when the schema declares none.
   */
  readonly hookOrigins?: readonly string[];
  readonly tools: readonly ToolModel[];
  readonly resources: readonly ResourceModel[];
  readonly prompts: readonly PromptModel[];
  readonly skills: readonly SkillModel[];
  /** Shared lists resolved from `listsDir`, filtered, keyed by list name. */
  readonly sharedLists: Readonly<Record<string, readonly Readonly<Record<string, unknown>>[]>>;
  /** Source text of `export const handlers = <this>`, after the security scan; absent without handlers. */
  readonly handlersSource?: string;
  /** Path of the schema file it came from (relative to the catalog root where known). */
  readonly file: string;
  /** `sha256:<hex>` of the canonical JSON of `main` (sorted keys). */
  readonly hash: string;
}
