/**
 * One tool as served: its wire name, precomputed JSON schemas, and `call`, which turns input into
 * exactly one upstream request (or one `executeRequest`) and one MCP result. `call` never throws for
 * a tool failure: it returns `isError: true` with a short, redacted text.
 */
import type { CallToolResult, Tool, ToolAnnotations } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import { startBudget, type CallBudget } from './call-budget.ts';
import type { HandlerSandbox, HookName } from './handler-sandbox.ts';
import { checkPreRequest, checkResponse } from './upstream/hook-shapes.ts';
import { inputJsonSchema, type InputJsonSchema } from './input-json-schema.ts';
import { buildInputValidator, describeIssues } from './input-validator.ts';
import type { HttpMethod, SchemaModel, ToolMeta, ToolModel } from './model.ts';
import { findMismatch, outputJsonSchema } from './output-schema.ts';
import { redactSecretsDeep } from './secrets/redact.ts';
import type { SecretStore } from './secrets/schema-secrets.ts';
import {
  assembleRequest,
  assembledFacts,
  requiredServerKeys,
  resolveSecrets,
  type ResolveRules,
} from './upstream/request-assembly.ts';
import { originOf } from './upstream/request-rules.ts';
import type { SecretTokens } from './secrets/secret-token.ts';
import { ToolError } from './tool-error.ts';
import { interpretBody, type UpstreamData } from './upstream/upstream-body.ts';
import { sendUpstream } from './upstream/upstream-fetch.ts';
import type { UpstreamHttpClient } from './upstream/upstream-http.ts';

/** What a client learns about a tool before calling it: wire name, title, description, JSON schemas, annotations. */
export interface ToolDescription {
  name: string;
  description: string;
  title?: string;
  inputSchema: InputJsonSchema;
  outputSchema?: Record<string, unknown>;
  annotations?: ToolAnnotations;
  /** Format 4's search words and loading hint as clients read them (`meta.searchHint`, `meta.alwaysLoad`). */
  _meta?: Record<string, unknown>;
}

/** The `_meta` keys format 4 maps its tool `meta` to (the format's MCP translation table). */
export const SEARCH_HINT_META = 'anthropic/searchHint';
export const ALWAYS_LOAD_META = 'anthropic/alwaysLoad';

/** A format-4 tool's `_meta`: its search hint, and `alwaysLoad` when set (false is every client's default). */
export function toolMetaOf(meta: ToolMeta): Record<string, unknown> {
  return { [SEARCH_HINT_META]: meta.searchHint, ...(meta.alwaysLoad ? { [ALWAYS_LOAD_META]: true } : {}) };
}

/** A tool as served: wire name, JSON schemas precomputed, and its call. */
export interface RuntimeTool extends ToolDescription {
  call(args: unknown, extra?: { signal?: AbortSignal }): Promise<CallToolResult>;
}

/**
 * What the HTTP method says about a tool, as MCP annotations: GET only reads; DELETE destroys and,
 * like PUT, can be repeated without further effect; POST promises nothing. Every tool calls an
 * outside API, so the world it touches is open.
 */
export function annotationsFor(method: HttpMethod): ToolAnnotations {
  switch (method) {
    case 'GET':
      return { readOnlyHint: true, openWorldHint: true };
    case 'DELETE':
      return { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true };
    case 'PUT':
      return { readOnlyHint: false, idempotentHint: true, openWorldHint: true };
    case 'POST':
    case 'PATCH':
      return { readOnlyHint: false, idempotentHint: false, openWorldHint: true };
  }
}

/**
 * A format-4 tool's annotations from its `meta` block, which the author states and the method only
 * suggests: `readOnlyHint` from `isReadOnly`, `destructiveHint` from `isDestructive` (meaningful only
 * for a tool that writes, so left out of a read-only one). Idempotence still follows the HTTP method
 * (PUT and DELETE repeat without further effect, POST promises nothing); `meta` says nothing about
 * it. Every tool calls an outside API, so the world stays open.
 */
export function annotationsFromMeta(method: HttpMethod, meta: ToolMeta): ToolAnnotations {
  if (meta.isReadOnly) return { readOnlyHint: true, openWorldHint: true };
  return {
    readOnlyHint: false,
    destructiveHint: meta.isDestructive,
    idempotentHint: method === 'PUT' || method === 'DELETE' || method === 'GET',
    openWorldHint: true,
  };
}

/**
 * A display name from the schema's tool name and the schema's name: `getForecast` of "Weather" → "Get forecast
 * (Weather)".
 */
export function titleOf(toolName: string, schemaName: string): string {
  const words = toolName
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])(?=[A-Z][a-z])/g, '$1 ')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((word, index) =>
      index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : /^[A-Z0-9]+$/.test(word) ? word : word.toLowerCase(),
    );
  const title = words.join(' ');
  return schemaName.trim() ? `${title} (${schemaName.trim()})` : title;
}

/**
 * The description of one tool under a wire name; the one place its JSON schemas are derived, so a listing computed
 * ahead of time matches the served tool.
 */
export function describeTool(schema: SchemaModel, tool: ToolModel, name: string): ToolDescription {
  const described: ToolDescription = {
    name,
    title: titleOf(tool.name, schema.name),
    description: tool.description,
    inputSchema: inputJsonSchema(tool),
  };
  const outputSchema = outputJsonSchema(tool.output);
  if (outputSchema) described.outputSchema = outputSchema;
  described.annotations = tool.meta ? annotationsFromMeta(tool.method, tool.meta) : annotationsFor(tool.method);
  if (tool.meta) described._meta = toolMetaOf(tool.meta);
  return described;
}

/** A tool's `tools/list` entry, in the key order the wire shows (the same for a listing computed at build time). */
export function listEntryOf(tool: ToolDescription): Tool {
  const entry: Record<string, unknown> = { name: tool.name };
  if (tool.title) entry.title = tool.title;
  entry.description = tool.description;
  entry.inputSchema = tool.inputSchema;
  if (tool.outputSchema) entry.outputSchema = tool.outputSchema;
  if (tool.annotations) entry.annotations = tool.annotations;
  if (tool._meta) entry._meta = tool._meta;
  return entry as Tool;
}

/** What every tool of a runtime shares. */
export interface ToolContext {
  /** Each schema's granted values and its own redactor. */
  readonly secrets: SecretStore;
  readonly tokens: SecretTokens;
  /** The HTTP client for upstream calls (the runtime's keep-alive one, or an injected one). */
  readonly http: UpstreamHttpClient;
  readonly timeoutMs: number;
  /** Largest upstream body accepted, after decoding, in bytes. */
  readonly maxBodyBytes: number;
  /** Aborted when the runtime closes. */
  readonly closing: AbortSignal;
  sandbox(schema: SchemaModel): HandlerSandbox;
}

const errorResult = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

/**
 * The hook of format 2.0.0 schemas: `postProcess({ data })` gets the response data and returns the
 * data the client receives. The sandbox calls a hook by name from the factory's returned object;
 * its `HookName` type lists the 3.x hooks.
 */
const POST_PROCESS = 'postProcess' as HookName;

/** Builds the served form of one tool. */
export function createRuntimeTool(
  schema: SchemaModel,
  tool: ToolModel,
  name: string,
  context: ToolContext,
): RuntimeTool {
  let validator: z.ZodType<Record<string, unknown>> | undefined;
  const described = describeTool(schema, tool, name);
  const outputSchema = described.outputSchema;
  const serverKeys = requiredServerKeys(schema, tool);
  const hooks = new Set(tool.hooks);
  // This schema's own values and redactor: nothing of another schema's secrets is used here.
  const secrets = context.secrets.of(schema.namespace);
  const redact = secrets.redact;
  const tokens = context.tokens.of(schema);
  /** The other origins this schema's hooks may send to (normalized as URL origins). */
  const hookOrigins = (schema.hookOrigins ?? []).flatMap((origin) => originOf(origin) ?? []);
  const send = { client: context.http, maxBytes: context.maxBodyBytes, bodyFormat: tool.bodyFormat };
  /** The schema's handler sandbox, for a tool with hooks; none for a plain one. */
  const sandbox = hooks.size > 0 ? () => context.sandbox(schema) : undefined;

  /**
   * One async frame for the whole call (input checked, budget started, exchange, result): each extra one costs promise
   * turns.
   */
  async function run(args: unknown, signal: AbortSignal | undefined): Promise<CallToolResult> {
    validator ??= buildInputValidator(tool);
    const parsed = validator.safeParse(args ?? {});
    if (!parsed.success) throw new ToolError(`invalid arguments for ${name}: ${describeIssues(parsed.error)}`);
    secrets.check(serverKeys);

    const budget = startBudget(context.timeoutMs, context.closing, signal);
    try {
      if (sandbox) return toResult(await exchangeWithHooks(parsed.data, budget, sandbox()));
      // No hooks: the assembled request, sent, its answer interpreted.
      const request = resolveSecrets(assembleRequest(schema, tool, parsed.data, context.tokens), tokens, secrets, {
        tool: name,
      });
      return toResult(interpretBody(await sendUpstream(request, { ...send, budget }), tool.output, redact), true);
    } finally {
      budget.dispose();
    }
  }

  async function exchangeWithHooks(
    input: Record<string, unknown>,
    budget: CallBudget,
    sandbox: HandlerSandbox,
  ): Promise<UpstreamData> {
    let struct = assembleRequest(schema, tool, input, context.tokens);
    let payload: Record<string, unknown> = input;
    let rules: ResolveRules = { tool: name };
    if (hooks.has('preRequest')) {
      // Where the runtime put each server param, and for which origin: the hook's request is judged against it.
      const { rootOrigin, declared } = assembledFacts(struct);
      rules = { tool: name, rootOrigin, declared, shapedBy: `preRequest handler of ${tool.name}` };
      const returned = await sandbox.call(tool.name, 'preRequest', { struct, payload }, budget);
      ({ struct, payload } = checkPreRequest(returned, tool.name, struct, hookOrigins));
    }

    let upstream: UpstreamData;
    if (hooks.has('executeRequest')) {
      const returned = await sandbox.call(tool.name, 'executeRequest', { struct, payload }, budget);
      upstream = { kind: 'json', data: checkResponse(returned, 'executeRequest', tool.name) };
    } else {
      const request = resolveSecrets(struct, tokens, secrets, rules);
      const response = await sendUpstream(request, { ...send, budget });
      upstream = interpretBody(response, tool.output, redact);
    }

    if (hooks.has('postRequest') && (upstream.kind === 'json' || upstream.kind === 'text')) {
      const response = upstream.kind === 'json' ? upstream.data : upstream.text;
      const returned = await sandbox.call(tool.name, 'postRequest', { response, struct, payload }, budget);
      const data = checkResponse(returned, 'postRequest', tool.name);
      upstream =
        typeof data === 'string' && upstream.kind === 'text' ? { kind: 'text', text: data } : { kind: 'json', data };
    }
    if (hooks.has('postProcess') && (upstream.kind === 'json' || upstream.kind === 'text')) {
      const data = upstream.kind === 'json' ? upstream.data : upstream.text;
      const returned = await sandbox.call(tool.name, POST_PROCESS, { data }, budget);
      if (returned === undefined)
        throw new ToolError(
          `postProcess handler of ${tool.name} returned nothing: it must return the data for the client`,
        );
      upstream =
        typeof returned === 'string' && upstream.kind === 'text'
          ? { kind: 'text', text: returned }
          : { kind: 'json', data: returned };
    }
    return upstream;
  }

  /**
   * The MCP result, redacted: every text that leaves passes through the schema's redactor (a text
   * `straightFromUpstream`, as `interpretBody` redacted it, only once).
   */
  function toResult(upstream: UpstreamData, straightFromUpstream = false): CallToolResult {
    // With an outputSchema the client requires structuredContent: anything but JSON cannot supply it.
    if (outputSchema && upstream.kind !== 'json')
      return errorResult(
        redact(
          `upstream returned ${upstream.kind === 'empty' ? 'an empty body' : upstream.kind} where ${name} ` +
            `declares JSON output`,
        ),
      );
    switch (upstream.kind) {
      case 'image':
        return { content: [{ type: 'image', data: redact(upstream.base64), mimeType: redact(upstream.mimeType) }] };
      case 'text':
        // A body interpretBody redacted whole, and no hook changed, is not read twice (an 8 MiB text costs its decoding
        // once).
        return { content: [{ type: 'text', text: straightFromUpstream ? upstream.text : redact(upstream.text) }] };
      case 'empty':
        return { content: [{ type: 'text', text: `done (HTTP ${upstream.status}, empty body)` }] };
      case 'binary':
        return errorResult(
          redact(`upstream returned ${upstream.size} bytes of ${upstream.mimeType}, which this tool cannot pass on`),
        );
      case 'json': {
        const json = JSON.stringify(upstream.data) ?? 'null';
        const text = redact(json);
        if (!outputSchema) return { content: [{ type: 'text', text }] };
        const mismatch = findMismatch(outputSchema, upstream.data);
        if (mismatch)
          return errorResult(redact(`upstream response does not match the declared output of ${name}: ${mismatch}`));
        // The text is this data as JSON, and the redactor reads JSON escapes: when redacting it removed
        // nothing, no string or key of the data holds a secret.
        const clean = text === json;
        const structured = clean ? upstream.data : redactSecretsDeep(upstream.data, redact);
        return { content: [{ type: 'text', text }], structuredContent: structured as Record<string, unknown> };
      }
    }
  }

  /** Any failure as a tool error result, redacted; `call` never rejects. */
  const failed = (error: unknown): CallToolResult =>
    errorResult(
      redact(
        error instanceof ToolError
          ? error.message
          : `internal error in ${name}: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );

  const served: RuntimeTool = {
    ...described,
    call(args, extra) {
      return run(args, extra?.signal).catch(failed);
    },
  };
  return served;
}
