/**
 * Stands in for `@modelcontextprotocol/server/_shims` inside generated bundles. The SDK's Server
 * takes its default JSON Schema validator (Ajv, bundled inside the SDK's dist) from there, but only
 * uses it to check elicitation answers, which generated servers never request and which the runtime
 * replaces anyway (`jsonSchemaValidator` in `runtime/mcp-server.ts`); leaving Ajv out saves about
 * 290 KB of bundle and its start-up.
 */
import process from 'node:process';

type Result = { valid: false; data: undefined; errorMessage: string };

/** Same name and shape as the SDK's export; every validator it makes refuses, with a reason. */
export class DefaultJsonSchemaValidator {
  getValidator(): (input: unknown) => Result {
    return () => ({
      valid: false,
      data: undefined,
      errorMessage: 'JSON Schema validation is not included in toolkit bundles (no elicitation support)',
    });
  }
}

export { process };
