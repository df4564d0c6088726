/**
 * The runtime: every tool of a set of schema models, named on the wire without collisions and
 * sharing one keep-alive HTTP client for upstreams (closed with the runtime), one pool of sandbox
 * workers and one lazily built handler sandbox per schema. Secrets are not shared: each schema
 * gets only the server params the user granted it, and redacts its answers with its own values
 * (`secrets/schema-secrets.ts`). Given a listing computed at build time, it answers `tools/list`
 * from it and builds each tool on its first call.
 */
import type { Tool } from '@modelcontextprotocol/server';
import { createHandlerSandbox, type HandlerSandbox, type Isolation } from './handler-sandbox.ts';
import { noGuestLibraries, type GuestLibrarySource } from './isolation/guest-libraries.ts';
import { WorkerPool, type PoolOptions } from './isolation/worker-pool.ts';
import type { SchemaModel, ToolModel } from './model.ts';
import {
  environmentGrantHint,
  grantsFromRecord,
  noGrants,
  type GrantHint,
  type Grants,
  type GrantsRecord,
} from './secrets/grants.ts';
import { createSecretStore } from './secrets/schema-secrets.ts';
import { collectServerKeys } from './upstream/request-assembly.ts';
import { reservedAmong, reservedServerParamText } from './secrets/reserved-server-params.ts';
import { createRuntimeTool, describeTool, listEntryOf, type RuntimeTool, type ToolContext } from './runtime-tool.ts';
import { createSecretTokens } from './secrets/secret-token.ts';
import { MAX_BODY_BYTES } from './upstream/upstream-fetch.ts';
import { createUpstreamHttpClient, type UpstreamHttpClient } from './upstream/upstream-http.ts';
import { assignWireNames, namingFormatOf } from './wire-name.ts';
import { createPrimitives, type PrimitivesOptions } from './resources/primitives.ts';
import type { ServedPrompts, ServedResources } from './served-primitives.ts';
import type { ServedSkills } from './skills/served-skills.ts';
import type { AttachableSkills } from './skills/deferred-skills.ts';
import type { ServedCompletions } from './completion/served-completions.ts';
import { markTools, type GroupEntry } from './selections/selection-groups.ts';
import { allSchemas, sourceOf, toolTotal, type SchemaSource } from './schema-source.ts';
import { sourceToolNames } from './source-tool-names.ts';

export interface RuntimeOptions {
  /** The schemas, or (a built bundle) a source that parses each on first need. */
  schemas: readonly SchemaModel[] | SchemaSource;
  /**
   * Values of server params (secrets); default: none. A value reaches a schema only through a grant.
   * The entries read the granted ones from `~/.toolkit/.env` and the environment
   * (`environment/entry-environment.ts`); the runtime reads no file and no variable itself.
   */
  serverParams?: Readonly<Record<string, string>>;
  /**
   * Which variable the user granted to which schema (by namespace): a `Map`, or the record form of
   * `.toolkit/config.json` (`{ weather: ['WEATHER_API_KEY'] }`). Default: none (the entries read
   * `TOOLKIT_GRANTS`). A schema without a grant for a variable gets no value for it.
   */
  grants?: Grants | GrantsRecord;
  /**
   * How a user grants a variable where this runtime runs (named in the error of a call that lacks one); default:
   * `TOOLKIT_GRANTS`.
   */
  grantHint?: GrantHint;
  /**
   * Largest upstream body accepted, counted while decoding (default 8 MiB; the entries read TOOLKIT_MAX_BODY_BYTES).
   */
  maxBodyBytes?: number;
  /**
   * Where the sandbox code of `requiredLibraries` comes from: a bundle's prebuilt libraries, or
   * (for `toolkit server`) a source that bundles them on first use. Libraries never cross as host objects.
   */
  guestLibraries?: GuestLibrarySource;
  /** Worker count and limits of the handler sandbox. */
  isolation?: PoolOptions;
  /** Per upstream call timeout, ms (default 15000; the entries read TOOLKIT_TIMEOUT_MS). */
  timeoutMs?: number;
  /**
   * The client for upstream calls, injectable for tests of odd upstreams (not closed by the runtime); default: a
   * keep-alive node:http(s) client of its own.
   */
  http?: UpstreamHttpClient;
  /**
   * The `tools/list` answer computed ahead of time (by `listTools` over these same schemas, at build
   * time): with it, no tool is built before its first call. Without it, every tool is built now.
   * A function is called the first time the listing is needed (a bundle parses it then).
   */
  listing?: readonly Tool[] | (() => readonly Tool[]);
  /**
   * The server param keys of these schemas (`secretKeysOf`), when already known (for `runServerMain`'s start-up notes).
   */
  secretKeys?: Iterable<string>;
  /** Resources, prompts and query tools: where databases are, query caps, the tool form switch, a build's listing. */
  primitives?: PrimitivesOptions;
}

/** The tools of a runtime as a server needs them: the listing, and a tool by wire name. */
export interface ServedTools {
  readonly listing: readonly Tool[];
  /** `listing.length`, when known without reading the listing (a bundle's is read on first need). */
  readonly toolCount?: number;
  /** The tool with this wire name, built on first use; undefined for a name not listed. */
  tool(name: string): RuntimeTool | undefined;
}

export interface Runtime extends ServedTools {
  /** Every tool, in schema then tool order (with a listing, reading this builds them all). */
  readonly tools: RuntimeTool[];
  /** Removes this runtime's secrets from a text (for log lines written outside a tool call). */
  redact(text: string): string;
  /**
   * What a server says at start about the secrets: each granted variable whose value is refused as too weak (never a
   * value).
   */
  readonly secretNotes: readonly string[];
  /** The schemas' SQLite resources, when they have any. */
  readonly resources?: ServedResources & { missingDatabases(): string[] };
  /** The schemas' prompts and skills, when they have any. */
  readonly prompts?: ServedPrompts;
  /** The schemas' skills through the skills extension, loaded on the first call; undefined when there is none. */
  skills(): Promise<ServedSkills | undefined>;
  /** The skills as a server attaches them before loading them, when a build says there are some. */
  readonly deferredSkills?: AttachableSkills;
  /** `completion/complete` over the schemas' prompts and resource templates, when they have any. */
  readonly completions?: ServedCompletions;
  /** Format 4's selections as groups of the grouping extension, when there are any. */
  readonly groups?: readonly GroupEntry[];
  close(): Promise<void>;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

/** Each tool of the schemas with its schema, in serving order (schema order, then tool order). */
function toolEntries(schemas: readonly SchemaModel[]): { schema: SchemaModel; tool: ToolModel }[] {
  return schemas.flatMap((schema) => schema.tools.map((tool) => ({ schema, tool })));
}

const wireNamesOf = (entries: readonly { schema: SchemaModel; tool: ToolModel }[]): string[] =>
  assignWireNames(
    entries.map(({ schema, tool }) => ({
      namespace: schema.namespace,
      toolName: tool.name,
      source: schema.file,
      format: namingFormatOf(schema.version),
    })),
    { duplicatesByFile: true },
  );

/** The `tools/list` answer for these schemas, exactly as a runtime over them serves it (what a build embeds). */
export function listTools(schemas: readonly SchemaModel[]): Tool[] {
  const entries = toolEntries(schemas);
  const names = wireNamesOf(entries);
  return entries.map(({ schema, tool }, index) => listEntryOf(describeTool(schema, tool, names[index]!)));
}

/** Every server param key the schemas declare or reference: these values are secrets. */
export function secretKeysOf(schemas: readonly SchemaModel[]): Set<string> {
  const keys = new Set<string>();
  for (const schema of schemas) {
    for (const key of schema.requiredServerParams) keys.add(key);
    collectServerKeys(keys, schema, schema.tools);
  }
  return keys;
}

/** How many tools `served` lists, without reading a listing that is read on first need. */
export const toolCountOf = (served: ServedTools): number => served.toolCount ?? served.listing.length;

/** Grants in either form as a `Map`; a bad record throws a `GrantsError` naming it. */
export const toGrants = (grants: Grants | GrantsRecord): Grants =>
  grants instanceof Map ? grants : grantsFromRecord(grants as GrantsRecord, 'grants');

/** Builds the served tools of a set of schemas (or, given a listing, serves it and builds each tool on first call). */
export function createRuntime(options: RuntimeOptions): Runtime {
  const grants = toGrants(options.grants ?? noGrants);
  // Each value reaches only the namespaces it was granted to; a reserved name is never granted or
  // sent (grants.ts, schema-secrets.ts). The entries read only the granted variables.
  const values = options.serverParams ?? {};
  const source = sourceOf(options.schemas);
  const tokens = createSecretTokens();
  const secrets = createSecretStore({ values, grants, tokens, hint: options.grantHint ?? environmentGrantHint });
  const closing = new AbortController();
  const http = options.http ?? createUpstreamHttpClient();
  const sandboxes = new Map<SchemaModel, HandlerSandbox>();
  // Started on the first hook call: a runtime without hooks never spawns a worker.
  let isolation: Isolation | undefined;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const context: ToolContext = {
    secrets,
    tokens,
    http,
    timeoutMs,
    maxBodyBytes: options.maxBodyBytes ?? MAX_BODY_BYTES,
    closing: closing.signal,
    sandbox(schema: SchemaModel): HandlerSandbox {
      let sandbox = sandboxes.get(schema);
      isolation ??= { pool: new WorkerPool(options.isolation), libraries: options.guestLibraries ?? noGuestLibraries };
      if (!sandbox) sandboxes.set(schema, (sandbox = createHandlerSandbox(schema, isolation, sandboxes.size)));
      return sandbox;
    },
  };
  const served = options.listing
    ? lazyTools(source, options.listing, context)
    : eagerTools(allSchemas(source), context);
  // Resources, prompts and skills are made from the schemas that have them (a build says which; else
  // from every schema); a catalog without any reads none now. http resources are downloaded through
  // the same client, deadline and shutdown signal as tool calls.
  const remote = {
    http,
    timeoutMs,
    closing: closing.signal,
    log: (line: string) => void process.stderr.write(`${secrets.redact(line)}\n`),
  };
  const selections = (options.primitives?.selections?.length ?? 0) > 0;
  const some = selections ? undefined : source.primitiveIndexes;
  // Read when first needed: with a build's facts, no request that lists reads them.
  const withPrimitives = (): readonly SchemaModel[] =>
    some ? some.map((index) => source.at(index)) : source.hasPrimitives || selections ? allSchemas(source) : [];
  const toolName = some ? { toolName: sourceToolNames(source, some, () => served.listing) } : {};
  const primitives = createPrimitives(withPrimitives, () => served.listing.map((tool) => tool.name), {
    remote,
    ...toolName,
    ...options.primitives,
  });
  const queryTools = primitives.queryTools;
  let listing: readonly Tool[] | undefined;
  // Delegating getters: copying `served` would read `tools`, which builds every tool.
  return {
    get tools() {
      return served.tools;
    },
    get listing() {
      // Selections served without a build mark their tools here (a build's listing has them marked).
      const own = primitives.toolGroups ? markTools(served.listing, primitives.toolGroups) : served.listing;
      return (listing ??= queryTools.listing.length === 0 ? own : [...own, ...queryTools.listing]);
    },
    get toolCount() {
      return toolCountOf(served) + queryTools.listing.length;
    },
    tool: (name) => served.tool(name) ?? queryTools.tool(name),
    redact: secrets.redact,
    secretNotes: secrets.notes,
    ...(primitives.resources ? { resources: primitives.resources } : {}),
    ...(primitives.prompts ? { prompts: primitives.prompts } : {}),
    skills: primitives.skills,
    ...(primitives.deferredSkills ? { deferredSkills: primitives.deferredSkills } : {}),
    ...(primitives.completions ? { completions: primitives.completions } : {}),
    ...(primitives.groups ? { groups: primitives.groups } : {}),
    async close() {
      closing.abort();
      if (http !== options.http) http.close();
      sandboxes.clear();
      primitives.close();
      await isolation?.pool.close();
    },
  };
}

/** The reserved server params a schema declares or uses, by model (computed once per schema). */
const reservedKeys = new WeakMap<SchemaModel, readonly string[]>();

function reservedKeysOf(schema: SchemaModel): readonly string[] {
  let keys = reservedKeys.get(schema);
  if (keys === undefined)
    reservedKeys.set(
      schema,
      (keys = reservedAmong(collectServerKeys(new Set(schema.requiredServerParams), schema, schema.tools))),
    );
  return keys;
}

/**
 * A tool as served. Every tool of a schema that declares or uses a reserved server param (a model
 * that skipped the compiler's VAL111) is listed as usual and answers each call with the refusal,
 * naming the keys: nothing is validated, assembled or sent, and the values were never read.
 */
function servedTool(schema: SchemaModel, tool: ToolModel, name: string, context: ToolContext): RuntimeTool {
  const reserved = reservedKeysOf(schema);
  if (reserved.length === 0) return createRuntimeTool(schema, tool, name, context);
  const text = `${name} cannot be called: ${reserved.map(reservedServerParamText).join('; ')}; nothing was sent`;
  return {
    ...describeTool(schema, tool, name),
    call: async () => ({ content: [{ type: 'text', text }], isError: true }),
  };
}

/** Every tool built now; the listing derived from them on first use. */
function eagerTools(schemas: readonly SchemaModel[], context: ToolContext): ServedTools & { tools: RuntimeTool[] } {
  const entries = toolEntries(schemas);
  const names = wireNamesOf(entries);
  const tools = entries.map(({ schema, tool }, index) => servedTool(schema, tool, names[index]!, context));
  let byName: Map<string, RuntimeTool> | undefined;
  let listing: Tool[] | undefined;
  return {
    tools,
    toolCount: tools.length,
    get listing() {
      return (listing ??= tools.map(listEntryOf));
    },
    tool: (name) => (byName ??= new Map(tools.map((tool) => [tool.name, tool]))).get(name),
  };
}

/**
 * The listing served as given (read on first need); the tool at a listed name's position built on
 * its first call, from its schema, which the source reads then.
 */
function lazyTools(
  source: SchemaSource,
  given: readonly Tool[] | (() => readonly Tool[]),
  context: ToolContext,
): ServedTools & { readonly tools: RuntimeTool[] } {
  const total = toolTotal(source);
  // Position in the listing → its schema, and where that schema's tools start.
  const owner = new Int32Array(total);
  const starts: number[] = [];
  for (let index = 0, position = 0; index < source.length; index++) {
    starts.push(position);
    owner.fill(index, position, (position += source.toolCount(index)));
  }
  let listing: readonly Tool[] | undefined;
  const listingNow = (): readonly Tool[] => {
    if (listing) return listing;
    const read = typeof given === 'function' ? given() : given;
    if (read.length !== total)
      throw new Error(`the tool listing names ${read.length} tools but the schemas have ${total}`);
    return (listing = read);
  };
  if (typeof given !== 'function') listingNow();
  const built: (RuntimeTool | undefined)[] = new Array(total);
  let positions: Map<string, number> | undefined;
  let all: RuntimeTool[] | undefined;
  const toolAt = (index: number): RuntimeTool => {
    const schemaIndex = owner[index]!;
    const schema = source.at(schemaIndex);
    return (built[index] ??= servedTool(
      schema,
      schema.tools[index - starts[schemaIndex]!]!,
      listingNow()[index]!.name,
      context,
    ));
  };
  return {
    get listing() {
      return listingNow();
    },
    toolCount: total,
    get tools() {
      return (all ??= Array.from({ length: total }, (_, index) => toolAt(index)));
    },
    tool(name) {
      const index = (positions ??= new Map(listingNow().map((entry, position) => [entry.name, position]))).get(name);
      return index === undefined ? undefined : toolAt(index);
    },
  };
}
