/**
 * The normalized schema model: the one contract between the compiler and the runtime.
 *
 * The compiler front end reads a `.mjs` schema without running it, validates it and produces a
 * `SchemaModel`. The back end writes that model into a generated module as plain data. The runtime
 * (and `toolkit server`, which skips the build) consumes the same model. Everything here is
 * JSON-serializable so that it can be hashed, emitted and compared byte for byte.
 */

/** A piece of a template: literal text, the user's value, a server param, or a path insert. */
export type TemplatePart = string | { readonly user: true } | { readonly server: string } | { readonly insert: string };

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

export type ParameterLocation = 'insert' | 'query' | 'header' | 'body';

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

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How `body` parameters are sent: a JSON object (the default) or an `application/x-www-form-urlencoded` form. */
export type BodyFormat = 'json' | 'form';

/** A JSON-Schema-like description of a tool's output (`output.schema` of the schema file). */
export interface OutputModel {
  readonly mimeType: 'application/json' | 'image/png' | 'text/plain';
  readonly schema: Readonly<Record<string, unknown>>;
}

/**
 * Format 4's per-tool `meta` block: MCP annotations (`isReadOnly`, `isDestructive`) and search words (`searchHint`,
 * `aliases`).
 */
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
  /** The tool's declared `bodyFormat`; absent: body parameters, if any, go as JSON. */
  readonly bodyFormat?: BodyFormat;
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
  /** A format-4 enum's values (shared lists resolved): what `completion/complete` offers. */
  readonly values?: readonly string[];
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
  /** `http` (format 4): a SQLite file downloaded from `remote.url` and queried like a local one. */
  readonly source: 'sqlite' | 'http';
  readonly origin: 'global' | 'project' | 'inline';
  /**
   * File name as declared (ends in `.db`). The runtime resolves it by origin; an http resource's is its cache file's
   * name.
   */
  readonly database: string;
  readonly queries: readonly ResourceQueryModel[];
  /** Where an http resource's database comes from, and how long a downloaded copy is used (seconds). */
  readonly remote?: { readonly url: string; readonly cacheTtl: number };
}

/** A format-4 markdown resource: a document served as text, whole or by section, line range or search. */
export interface DocumentModel {
  /** The resource's name in `main.resources`. */
  readonly name: string;
  readonly description: string;
  readonly origin: 'global' | 'project' | 'inline';
  /** File name as declared (ends in `.md`). */
  readonly file: string;
  /** An inline document's text, read by the compiler (it travels in the model); others are read at run time. */
  readonly text?: string;
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

/** A file of a skill besides its `SKILL.md`, from the folder named like the skill's file. */
export interface SkillFileModel {
  /** Path inside the skill's folder, `/`-separated (`references/guide.md`). */
  readonly path: string;
  /** The contents when they are UTF-8 text; otherwise `base64` holds the bytes. */
  readonly text?: string;
  readonly base64?: string;
}

export interface SkillModel {
  readonly name: string;
  readonly description: string;
  readonly content: string;
  readonly input: readonly SkillInputModel[];
  readonly requires: {
    readonly tools: readonly string[];
    readonly resources: readonly string[];
    readonly external: readonly string[];
  };
  readonly output?: string;
  readonly testedWith?: string;
  /** The skill's other files (references, scripts, assets), served with it through the skills extension. */
  readonly files?: readonly SkillFileModel[];
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
  /** Format 4's markdown resources (absent when there are none). */
  readonly documents?: readonly DocumentModel[];
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

/**
 * A primitive a selection names: the namespace and its name in the schema (`ns/tool/getItem` → `{ namespace: 'ns',
 * name: 'getItem' }`).
 */
export interface SelectionMember {
  readonly namespace: string;
  readonly name: string;
}

/**
 * A format-4 selection (`selections/<namespace>/<name>.mjs`): a named set of tools, resources,
 * prompts and skills an agent activates together, its references checked against the catalog by
 * the build. Served as a group of the MCP grouping extension.
 */
export interface SelectionModel {
  /** `namespace/selection/name`. */
  readonly id: string;
  readonly description: string;
  readonly whenToUse: string;
  readonly tools: readonly SelectionMember[];
  readonly resources: readonly SelectionMember[];
  readonly prompts: readonly SelectionMember[];
  readonly skills: readonly SelectionMember[];
}
