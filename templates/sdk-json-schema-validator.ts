/**
 * Stands in for the MCP SDK's ajv-based JSON Schema validator inside generated bundles. The SDK's
 * low-level `Server` constructs one eagerly but only uses it to check elicitation answers, which
 * generated servers never request; leaving ajv out saves about 100 KB minified and its start-up.
 */
type Result = { valid: false; data: undefined; errorMessage: string };

/** Same name and shape as the SDK's class; every validator it makes refuses, with a reason. */
export class AjvJsonSchemaValidator {
  getValidator(): (input: unknown) => Result {
    return () => ({ valid: false, data: undefined, errorMessage: 'JSON Schema validation is not included in toolkit bundles (no elicitation support)' });
  }
}
