/**
 * The runtime: every tool of a set of schema models, named on the wire without collisions and
 * sharing one set of server params, one redactor, one keep-alive HTTP client for upstreams (closed
 * with the runtime) and one lazily built handler sandbox per schema.
 */
import { createHandlerSandbox, type HandlerSandbox } from './handler-sandbox.ts';
import type { SchemaModel } from './model.ts';
import { createRedactor, REDACTED } from './redact.ts';
import { serverKeysOf } from './request-assembly.ts';
import { createRuntimeTool, type RuntimeTool } from './runtime-tool.ts';
import { createSecretTokens, TOKEN_PREFIX } from './secret-token.ts';
import { loadServerParams } from './server-params.ts';
import { createUpstreamHttpClient } from './upstream-http.ts';
import { assignWireNames } from './wire-name.ts';

export interface RuntimeOptions {
  schemas: readonly SchemaModel[];
  /** Server params (secrets); default: loadServerParams() */
  serverParams?: Readonly<Record<string, string>>;
  /** Packages for handler factories, keyed by package name (from requiredLibraries). */
  libraries?: Readonly<Record<string, unknown>>;
  /** Per upstream call timeout, ms (default 15000, env TOOLKIT_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Injectable for tests of odd upstreams; default: the runtime's keep-alive node:http(s) client. */
  fetch?: typeof fetch;
}

export interface Runtime {
  tools: RuntimeTool[];
  /** Removes this runtime's secrets from a text (for log lines written outside a tool call). */
  redact(text: string): string;
  close(): Promise<void>;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

function timeoutFrom(options: RuntimeOptions): number {
  if (options.timeoutMs !== undefined) return options.timeoutMs;
  const fromEnv = Number(process.env.TOOLKIT_TIMEOUT_MS);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_TIMEOUT_MS;
}

/** Every server param key the schemas declare or reference: these values are secrets. */
export function secretKeysOf(schemas: readonly SchemaModel[]): Set<string> {
  const keys = new Set<string>();
  for (const schema of schemas) {
    for (const key of schema.requiredServerParams) keys.add(key);
    for (const template of Object.values(schema.headers)) for (const key of serverKeysOf(template)) keys.add(key);
    for (const tool of schema.tools) {
      for (const key of serverKeysOf(tool.url)) keys.add(key);
      for (const parameter of tool.parameters) for (const key of serverKeysOf(parameter.value)) keys.add(key);
    }
  }
  return keys;
}

/** Builds the served tools of a set of schemas. */
export function createRuntime(options: RuntimeOptions): Runtime {
  const allParams = options.serverParams ?? loadServerParams();
  const secretKeys = secretKeysOf(options.schemas);
  // Only declared keys are used: the rest of the environment never reaches a request.
  const serverParams: Record<string, string> = {};
  for (const key of secretKeys) if (allParams[key] !== undefined) serverParams[key] = allParams[key];
  const tokens = createSecretTokens();
  const redactSecrets = createRedactor(Object.values(serverParams));
  // Tokens can only show up in text that passed through a handler or an error; a cheap check first.
  const redact = (text: string): string => {
    const out = redactSecrets(text);
    return out.includes(TOKEN_PREFIX) ? out.replace(tokens.pattern, REDACTED) : out;
  };
  // Every redacted form derives from the raw value (URL encodings are plain ASCII), and tokens are
  // URL-safe, so a raw value JSON leaves alone means every form survives JSON unchanged.
  const secretsSurviveJson = Object.values(serverParams).every((value) => JSON.stringify(value) === `"${value}"`);
  const closing = new AbortController();
  const http = createUpstreamHttpClient();
  const sandboxes = new Map<SchemaModel, HandlerSandbox>();
  const context = {
    serverParams,
    tokens,
    redact,
    http,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    timeoutMs: timeoutFrom(options),
    closing: closing.signal,
    secretsSurviveJson,
    sandbox(schema: SchemaModel): HandlerSandbox {
      let sandbox = sandboxes.get(schema);
      if (!sandbox) sandboxes.set(schema, (sandbox = createHandlerSandbox(schema, options.libraries ?? {})));
      return sandbox;
    },
  };
  const entries = options.schemas.flatMap((schema) => schema.tools.map((tool) => ({ schema, tool })));
  const names = assignWireNames(entries.map(({ schema, tool }) => ({ namespace: schema.namespace, toolName: tool.name, source: schema.file })));
  const tools = entries.map(({ schema, tool }, index) => createRuntimeTool(schema, tool, names[index]!, context));
  return {
    tools,
    redact,
    async close() {
      closing.abort();
      http.close();
      sandboxes.clear();
    },
  };
}
