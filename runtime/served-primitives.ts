/**
 * What an MCP server serves besides tools: resources (SQLite queries) and prompts (prompts and
 * skills). The server (`mcp-server.ts`) depends only on these shapes; the runtime's resource and
 * prompt providers implement them. A server declares the `resources` / `prompts` capability only
 * when it is given a provider with at least one entry.
 *
 * The shapes are the MCP wire shapes, written here so that neither side depends on an SDK version.
 */

export interface ResourceEntry {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

export interface ResourceTemplateEntry {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

export interface ResourceContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

export interface ReadResult {
  contents: ResourceContents[];
  /**
   * Cache hints for 2026-07-28 clients (`resources/read` results must carry both): how long the
   * contents stay fresh, and whether any client may reuse them. Optional: a provider without an
   * opinion leaves them to the server's default; 2025-era answers leave them out.
   */
  ttlMs?: number;
  cacheScope?: 'public' | 'private';
}

/** Thrown by `read` for a URI no resource or template matches: the server answers -32602 with `data.uri`. */
export class ResourceNotFoundError extends Error {
  override readonly name = 'ResourceNotFoundError';
  constructor(readonly uri: string) {
    super(`Resource not found: ${uri}`);
  }
}

/** Thrown by `read` / `get` when the request's arguments are wrong: the server answers -32602. */
export class InvalidArgumentsError extends Error {
  override readonly name = 'InvalidArgumentsError';
}

export interface ServedResources {
  /** How many entries `resources` and `templates` hold together, when known without computing them (a build's). */
  readonly listed?: number;
  /** `resources/list`: queries without parameters (and each schema's `getSchema`). */
  readonly resources: readonly ResourceEntry[];
  /** `resources/templates/list`: queries with parameters. */
  readonly templates: readonly ResourceTemplateEntry[];
  /**
   * `resources/read`. Failures of a known resource (a missing database, a bad query) throw an Error whose message is
   * safe to show.
   */
  read(uri: string, extra?: { signal?: AbortSignal }): Promise<ReadResult>;
}

export interface PromptArgumentEntry {
  name: string;
  description?: string;
  required?: boolean;
}

export interface PromptEntry {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgumentEntry[];
}

export interface PromptMessage {
  role: 'user' | 'assistant';
  content: { type: 'text'; text: string };
}

export interface GetPromptResult {
  description?: string;
  messages: PromptMessage[];
}

/** Thrown by `get` for an unknown prompt name: the server answers -32602. */
export class PromptNotFoundError extends Error {
  override readonly name = 'PromptNotFoundError';
  constructor(readonly prompt: string) {
    super(`Unknown prompt: ${prompt}`);
  }
}

export interface ServedPrompts {
  /** How many entries `prompts` holds, when known without computing them (a build's). */
  readonly listed?: number;
  /** `prompts/list`: every prompt and skill. */
  readonly prompts: readonly PromptEntry[];
  /** `prompts/get` with string arguments. */
  get(name: string, args: Readonly<Record<string, string>> | undefined): Promise<GetPromptResult>;
}
