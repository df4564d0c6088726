/**
 * The MCP server over a set of runtime tools (and, when given, resources and prompts): the v2 SDK's
 * low-level `Server`, which speaks both protocol eras (2026-07-28 per-request envelopes and the
 * 2025-era `initialize` handshake) once a serving entry (`serve-stdio.ts`, `mcp-fetch-handler.ts`)
 * hands it a connection. `tools/list` is answered from precomputed JSON schemas (for a built bundle,
 * from the listing computed at build time): registering thousands of tools one by one through the
 * high-level `McpServer` on every HTTP request would cost more than the request itself.
 *
 * Protocol answers: an unknown tool, prompt or resource URI, a `cursor` this server never issued, and
 * a request whose params do not have the spec's shape are `-32602` (InvalidParams); a bad input for
 * a known tool is a tool error result (SEP-1303) so the model can correct itself.
 */
import {
  type CacheHint,
  type CallToolResult,
  type JSONRPCRequest,
  PROTOCOL_VERSION_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  type Result,
  Server,
  type ServerCapabilities,
  type ServerContext,
  SUPPORTED_PROTOCOL_VERSIONS,
  UnsupportedProtocolVersionError,
  type jsonSchemaValidator,
} from '@modelcontextprotocol/server';
import { toolCountOf, type ServedTools } from './create-runtime.ts';
import { listEntryOf, type RuntimeTool } from './runtime-tool.ts';
import {
  InvalidArgumentsError,
  PromptNotFoundError,
  type ReadResult,
  ResourceNotFoundError,
  type ServedPrompts,
  type ServedResources,
} from './served-primitives.ts';
import { SKILLS_CACHE_HINT } from './skills/cache-hint.ts';
import type { AttachableSkills } from './skills/deferred-skills.ts';
import { registerCompletions } from './completion/complete-handler.ts';
import type { ServedCompletions } from './completion/served-completions.ts';
import { registerGroups } from './selections/groups-handler.ts';
import { TOOLKIT_VERSION } from './toolkit-version.ts';
import type { GroupEntry } from './selections/selection-groups.ts';

export interface ServerInfo {
  name: string;
  version: string;
}

/** What a server serves besides tools, and what it tells clients about itself. */
export interface McpServerExtras {
  /** Resources; the `resources` capability is declared only when it has at least one resource or template. */
  readonly resources?: ServedResources;
  /** Prompts; the `prompts` capability is declared only when it has at least one prompt. */
  readonly prompts?: ServedPrompts;
  /** `instructions` of `initialize` and `server/discover`. */
  readonly instructions?: string;
  /**
   * Skills through the skills extension (`skills/list`, `skills/get`, `skill://` files); they need the `resources`
   * capability.
   */
  readonly skills?: AttachableSkills;
  /** `completion/complete` for prompt arguments and resource-template variables (declares `completions`). */
  readonly completions?: ServedCompletions;
  /** Format 4's selections as groups of the grouping extension (`groups/list`). */
  readonly groups?: readonly GroupEntry[];
}

/**
 * How long a client may reuse a list or `server/discover`: what a running server serves never
 * changes (every `listChanged` is false), and nothing differs per caller, so the scope is public.
 */
export const LIST_CACHE_HINT: CacheHint = { ttlMs: 5 * 60_000, cacheScope: 'public' };
/** `resources/read`: read-only data sets, but a client should still look again now and then. */
export const READ_CACHE_HINT: CacheHint = { ttlMs: 60_000, cacheScope: 'public' };

// Listings of plain tool arrays are computed once per array and shared by every Server (one per HTTP request).
const servedArrays = new WeakMap<readonly RuntimeTool[], ServedTools>();

function servedOf(tools: readonly RuntimeTool[] | ServedTools): ServedTools {
  if (!Array.isArray(tools)) return tools as ServedTools;
  const array = tools as readonly RuntimeTool[];
  let served = servedArrays.get(array);
  if (!served) {
    const byName = new Map(array.map((tool) => [tool.name, tool]));
    served = { listing: array.map(listEntryOf), tool: (name) => byName.get(name) };
    servedArrays.set(array, served);
  }
  return served;
}

/**
 * The SDK uses a JSON Schema validator only to check elicitation answers, which this server never
 * asks for; its default builds an Ajv instance per Server, i.e. per HTTP request (and bundles leave
 * Ajv out: `templates/sdk-shims.ts`).
 */
const NO_ELICITATION: jsonSchemaValidator = {
  getValidator: () => () => ({
    valid: false,
    data: undefined,
    errorMessage: 'the toolkit runtime does not use elicitation',
  }),
};

/** A params object for `initialize` as the 2025 revisions define it; anything else is InvalidParams. */
function checkInitializeParams(params: unknown): void {
  const p = params as
    | { protocolVersion?: unknown; capabilities?: unknown; clientInfo?: { name?: unknown; version?: unknown } }
    | undefined;
  const problem =
    p === null || typeof p !== 'object' || Array.isArray(p)
      ? 'params are missing'
      : typeof p.protocolVersion !== 'string'
        ? 'params.protocolVersion must be a string'
        : p.capabilities === null || typeof p.capabilities !== 'object'
          ? 'params.capabilities must be an object'
          : p.clientInfo === null ||
              typeof p.clientInfo !== 'object' ||
              typeof p.clientInfo.name !== 'string' ||
              typeof p.clientInfo.version !== 'string'
            ? 'params.clientInfo must be { name, version }'
            : undefined;
  if (problem) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid params for initialize: ${problem}`);
}

/**
 * A 2026-07-28 instance serves the one revision it was made for. The SDK checks the `_meta` version
 * of every HTTP request, but on stdio only of the first (`serveStdio` pins the instance, then passes
 * `2099-01-01` or `2025-11-25` envelopes through to it, answered as if they named its revision), so
 * the instance checks each request itself: -32022 naming what it serves, as HTTP answers.
 */
function checkEnvelopeVersion(served: string | undefined, ctx: ServerContext): void {
  if (served === undefined || SUPPORTED_PROTOCOL_VERSIONS.includes(served)) return;
  // The SDK lifts the envelope out of the request's `_meta` before any handler sees it.
  const requested = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[PROTOCOL_VERSION_META_KEY];
  if (typeof requested === 'string' && requested !== served)
    throw new UnsupportedProtocolVersionError({ supported: [served], requested });
}

/** The SDK's own `Invalid tools/call request: <zod issues as JSON>`: the issues, to be told one per line. */
const SDK_SCHEMA_FAILURE = /^Invalid [\w/]+ request: (\[[\s\S]*\])$/;

/** The SDK reports a request that fails its spec schema with the zod issues as JSON: one line per issue instead. */
function describeSchemaFailure(message: string): string {
  try {
    const issues = JSON.parse(message) as { path?: unknown[]; message?: string }[];
    if (Array.isArray(issues) && issues.length > 0)
      return issues
        .map((issue) => `${(issue.path ?? []).join('.') || '(root)'}: ${issue.message ?? 'invalid'}`)
        .join('; ');
  } catch {
    // Not the SDK's issue list: the message as it is.
  }
  return message;
}

/**
 * The low-level Server with the protocol answers the SDK gets wrong for us: a request whose params
 * fail the spec schema (the SDK throws a plain Error, answered -32603 with a zod dump; for
 * `tools/call` a -32602 with the dump) is -32602 naming the field, `initialize` without its params
 * is -32602 as well, and a 2026-07-28 request naming another revision is -32022 on stdio too. Every
 * handler this module registers throws only `ProtocolError`, so anything else reaching here came
 * from the SDK's own request parsing.
 */
class ToolkitServer extends Server {
  protected override _wrapHandler(
    method: string,
    handler: (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>,
  ): (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result> {
    const wrapped = super._wrapHandler(method, handler);
    return async (request, ctx) => {
      if (method === 'initialize') checkInitializeParams(request.params);
      checkEnvelopeVersion(this._negotiatedProtocolVersion, ctx);
      try {
        return await wrapped(request, ctx);
      } catch (error) {
        if (!(error instanceof Error)) throw error;
        if (error instanceof ProtocolError) {
          const issues =
            error.code === ProtocolErrorCode.InvalidParams ? SDK_SCHEMA_FAILURE.exec(error.message)?.[1] : undefined;
          if (issues === undefined) throw error;
          throw new ProtocolError(
            ProtocolErrorCode.InvalidParams,
            `Invalid params for ${method}: ${describeSchemaFailure(issues)}`,
          );
        }
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `Invalid params for ${method}: ${describeSchemaFailure(error.message)}`,
        );
      }
    };
  }
}

/** This server never hands out cursors (every list is one page), so any cursor is one it did not issue. */
function refuseCursor(params: { cursor?: unknown } | undefined): void {
  if (params?.cursor !== undefined)
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Invalid cursor: this server lists everything on one page and issued no cursor`,
    );
}

/**
 * A provider's failure as a protocol error: not-found and bad arguments are InvalidParams, anything else InternalError
 * with its (safe) message.
 */
function providerError(error: unknown): ProtocolError {
  if (error instanceof ProtocolError) return error;
  if (error instanceof ResourceNotFoundError)
    return new ProtocolError(ProtocolErrorCode.InvalidParams, error.message, { uri: error.uri });
  if (error instanceof PromptNotFoundError)
    return new ProtocolError(ProtocolErrorCode.InvalidParams, error.message, { name: error.prompt });
  if (error instanceof InvalidArgumentsError) return new ProtocolError(ProtocolErrorCode.InvalidParams, error.message);
  return new ProtocolError(ProtocolErrorCode.InternalError, error instanceof Error ? error.message : String(error));
}

const hasResources = (resources: ServedResources | undefined): resources is ServedResources =>
  resources !== undefined && (resources.listed ?? resources.resources.length + resources.templates.length) > 0;
const hasPrompts = (prompts: ServedPrompts | undefined): prompts is ServedPrompts =>
  prompts !== undefined && (prompts.listed ?? prompts.prompts.length) > 0;

/**
 * A low-level SDK Server answering tools (and resources and prompts when given) for these tools: an
 * array of built tools, or a runtime (whose listing may come from the build and whose tools are
 * built on first call). Cheap to make: one per HTTP request, one per stdio connection.
 */
export function createMcpServer(
  tools: readonly RuntimeTool[] | ServedTools,
  info: ServerInfo = { name: 'toolkit', version: TOOLKIT_VERSION },
  extras: McpServerExtras = {},
): Server {
  const served = servedOf(tools);
  const resources = hasResources(extras.resources) ? extras.resources : undefined;
  const prompts = hasPrompts(extras.prompts) ? extras.prompts : undefined;
  // A capability only for what is served: a schema with only resources or prompts declares no tools.
  const skills = extras.skills;
  const hasTools =
    toolCountOf(served) > 0 || (resources === undefined && prompts === undefined && skills === undefined);
  const capabilities: ServerCapabilities = hasTools ? { tools: { listChanged: false } } : {};
  if (resources || skills) capabilities.resources = { listChanged: false };
  if (prompts) capabilities.prompts = { listChanged: false };
  const server = new ToolkitServer(info, {
    capabilities,
    ...(extras.instructions ? { instructions: extras.instructions } : {}),
    jsonSchemaValidator: NO_ELICITATION,
    cacheHints: {
      'server/discover': LIST_CACHE_HINT,
      'tools/list': LIST_CACHE_HINT,
      ...(resources || skills
        ? {
            'resources/list': LIST_CACHE_HINT,
            'resources/templates/list': LIST_CACHE_HINT,
            'resources/read': READ_CACHE_HINT,
          }
        : {}),
      ...(prompts ? { 'prompts/list': LIST_CACHE_HINT } : {}),
    },
  });

  if (hasTools) {
    server.setRequestHandler('tools/list', (request) => {
      refuseCursor(request.params);
      return { tools: served.listing as never[] };
    });
    server.setRequestHandler('tools/call', async (request, ctx) => {
      const { name, arguments: args } = request.params;
      const tool = served.tool(name);
      if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`, { name });
      let result: CallToolResult;
      try {
        result = await tool.call(args ?? {}, { signal: ctx.mcpReq.signal });
      } catch (error) {
        // Runtime tools never throw (failures are isError results); a tool written elsewhere might.
        throw new ProtocolError(
          ProtocolErrorCode.InternalError,
          `${name} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      return server.projectCallToolResult(result, tool.outputSchema);
    });
  }

  // The skills extension declares its capability and sets its own methods on the server; its files are resources.
  const skillRoute = skills?.attach(server);
  if (resources || skillRoute) {
    server.setRequestHandler('resources/list', async (request, ctx) => {
      refuseCursor(request.params);
      const own = resources?.resources ?? [];
      return { resources: (skillRoute ? [...own, ...(await skillRoute.list(ctx))] : own) as never[] };
    });
    server.setRequestHandler('resources/templates/list', (request) => {
      refuseCursor(request.params);
      const own = resources?.templates ?? [];
      return { resourceTemplates: (skillRoute ? [...own, skillRoute.template] : own) as never[] };
    });
    server.setRequestHandler('resources/read', async (request, ctx) => {
      const { uri } = request.params;
      let result: ReadResult;
      try {
        if (skillRoute?.owns(uri)) result = { ...(await skillRoute.read(uri, ctx)), ...SKILLS_CACHE_HINT };
        else if (resources) result = await resources.read(uri, { signal: ctx.mcpReq.signal });
        else throw new ResourceNotFoundError(uri);
      } catch (error) {
        throw providerError(error);
      }
      // Cache hints are 2026-07-28 vocabulary: a 2025-era request (no envelope) gets the 2025 shape.
      if (ctx.mcpReq.envelope !== undefined || (result.ttlMs === undefined && result.cacheScope === undefined))
        return result as never;
      const { ttlMs: _ttlMs, cacheScope: _cacheScope, ...legacy } = result;
      return legacy as never;
    });
  }
  if (extras.groups && extras.groups.length > 0) registerGroups(server, extras.groups);
  if (extras.completions && (prompts || resources || skillRoute))
    registerCompletions(
      server,
      extras.completions,
      skillRoute && skills && { route: skillRoute, paths: () => skills.filePaths() },
    );
  if (prompts) {
    server.setRequestHandler('prompts/list', (request) => {
      refuseCursor(request.params);
      return { prompts: prompts.prompts as never[] };
    });
    server.setRequestHandler('prompts/get', async (request) => {
      try {
        return (await prompts.get(request.params.name, request.params.arguments)) as never;
      } catch (error) {
        throw providerError(error);
      }
    });
  }
  return server;
}
