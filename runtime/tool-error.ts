/**
 * A failure the model should read: it becomes an `isError: true` tool result with this message
 * (redacted), never a JSON-RPC error. Protocol mistakes (unknown tool, malformed request) are the
 * SDK's `ProtocolError` instead.
 */
export class ToolError extends Error {
  override readonly name = 'ToolError';
}

/** A required server param is not set; the message names the variable and where to set it. */
export class MissingServerParamError extends ToolError {
  constructor(readonly key: string) {
    super(
      `missing server parameter ${key}: set it in ~/.toolkit/.env, in the "env" block of the MCP client ` +
        `configuration, or in the environment`,
    );
  }
}
