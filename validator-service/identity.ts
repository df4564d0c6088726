/**
 * Name and version the validator announces: as an MCP client in `initialize`, and as the server of its own `/mcp` face.
 */
export const validatorIdentity = { name: 'toolkit-validator', version: '0.2.0' } as const;
