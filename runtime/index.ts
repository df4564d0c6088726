/**
 * The toolkit runtime: serves `SchemaModel`s as MCP tools. Carried by every generated bundle and
 * reused by the validator service; it never reads a schema file itself.
 */

// Runtime and tools
export { createRuntime, DEFAULT_TIMEOUT_MS, secretKeysOf } from './create-runtime.ts';
export type { Runtime, RuntimeOptions, ServedTools } from './create-runtime.ts';
export type { SchemaSource } from './schema-source.ts';
export type { RuntimeTool, ToolDescription } from './runtime-tool.ts';
export { ToolError, MissingServerParamError } from './tool-error.ts';

// MCP server and transports
export { createMcpServer } from './mcp-server.ts';
export type { McpServerExtras, ServerInfo } from './mcp-server.ts';
export type { ServedPrompts, ServedResources } from './served-primitives.ts';
export { serveStdio, StdioLineTooLong } from './serve-stdio.ts';
export type { StdioServeOptions, StdioServing } from './serve-stdio.ts';
export { serveHttp, MCP_PATH } from './http/serve-http.ts';
export type { HttpServeOptions } from './http/serve-http.ts';
export { createMcpFetchHandler } from './http/mcp-fetch-handler.ts';
export type { McpFetchHandler } from './http/mcp-fetch-handler.ts';
export { createToolset, searchIndexOf } from './toolset/index.ts';
export { runServerMain, parseServeArgs, parseHostPort, ServeUsageError } from './server-main.ts';
export type { ServeArgs, ServeExtras } from './server-main.ts';

// Server params and secrets
export { loadServerParams, parseEnvFile } from './secrets/server-params.ts';
export { createRedactor, REDACTED } from './secrets/redact.ts';

// Names and client configuration
export { wireName, assignWireNames, snake, MAX_WIRE_NAME } from './wire-name.ts';
export type { WireNameEntry } from './wire-name.ts';
export { printClientConfig } from './client-config.ts';
export type { ClientConfigOptions } from './client-config.ts';
