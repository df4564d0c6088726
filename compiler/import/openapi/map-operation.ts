/**
 * One operation as one tool of the format, or the reason it cannot be one: its inputs
 * (`tool-parameters.ts`), its credentials (`security-mapping.ts`), its output
 * (`output-schema.ts`), its description and its tests from the document's examples.
 */
import { toolDescription } from './descriptions.ts';
import { testsFrom } from './example-tests.ts';
import type { LoadedDocument } from './load-document.ts';
import { baseToolName, envName } from './naming.ts';
import type { Json, SourceOperation } from './operations.ts';
import { outputOf } from './output-schema.ts';
import type { ImportWarning, LeftOut } from './reasons.ts';
import { checkRoot, serverUrl } from './root.ts';
import type { SecurityMapper } from './security-mapping.ts';
import { mapInputs, Unmappable, type ToolParameter } from './tool-parameters.ts';
import { reservedServerParam } from '../../../runtime/secrets/reserved-server-params.ts';

export interface MappedTool {
  readonly operation: SourceOperation;
  readonly baseName: string;
  readonly method: string;
  readonly path: string;
  readonly description: string;
  readonly parameters: readonly ToolParameter[];
  readonly bodyFormat?: 'json' | 'form';
  readonly output?: { mimeType: 'application/json'; schema: Json };
  readonly tests: readonly Json[];
  /** Headers the tool's credentials need (they go into its file's `main.headers`). */
  readonly headers: Readonly<Record<string, string>>;
  readonly serverParams: readonly string[];
  /** Tools with the same key can share a file (same headers). */
  readonly authKey: string;
  readonly warnings: readonly ImportWarning[];
}

export interface MapContext {
  readonly document: LoadedDocument;
  readonly security: SecurityMapper;
  readonly root: string;
  readonly namespace: string;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const SNAKE_OR_CAMEL = /^[a-z][a-zA-Z0-9]*$|^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;

export type MapResult =
  | { readonly ok: true; readonly tool: MappedTool }
  | { readonly ok: false; readonly leftOut: LeftOut };

export function mapOperation(operation: SourceOperation, context: MapContext): MapResult {
  const leftOut = (rule: LeftOut['rule'], message: string): MapResult => ({
    ok: false,
    leftOut: {
      rule,
      operation: operation.label,
      ...(operation.operationId ? { operationId: operation.operationId } : {}),
      message,
    },
  });
  if (!METHODS.has(operation.method))
    return leftOut('IMP001', `${operation.method.toUpperCase()} is not a method of the format`);
  const own = operation.servers?.map(serverUrl).find((u) => u !== undefined);
  if (own !== undefined) {
    let same = false;
    try {
      same = checkRoot(own, 'server') === context.root;
    } catch {
      same = false;
    }
    if (!same) return leftOut('IMP010', `it is served from ${own}, not ${context.root}`);
  }
  const auth = context.security.forOperation(operation);
  if (!auth.ok) return leftOut('IMP007', auth.reason);
  const warnings: ImportWarning[] = [];
  let inputs;
  try {
    inputs = mapInputs(operation, context.document, (w) => warnings.push(w));
  } catch (error) {
    if (error instanceof Unmappable) return leftOut(error.rule, error.message);
    throw error;
  }
  let path = inputs.path;
  let parameters = [...inputs.parameters];
  const headers: Record<string, string> = {};
  const serverParams: string[] = [];
  for (const scheme of auth.schemes) {
    serverParams.push(scheme.param);
    if (scheme.kind === 'header') headers[scheme.header] = scheme.value;
    else {
      // The credential replaces an input of the same name (documents often list the key as a parameter too).
      parameters = parameters.filter((p) => !(p.key === scheme.key && p.location === 'query'));
      if (SNAKE_OR_CAMEL.test(scheme.key))
        parameters.push({
          key: scheme.key,
          value: `{{SERVER_PARAM:${scheme.param}}}`,
          location: 'query',
          primitive: 'string()',
          options: [],
        });
      else
        path += `${path.includes('?') ? '&' : '?'}${encodeURIComponent(scheme.key)}={{SERVER_PARAM:${scheme.param}}}`;
    }
  }
  if (inputs.authorizationHeader && !Object.keys(headers).some((h) => h.toLowerCase() === 'authorization')) {
    let param = envName(context.namespace, 'AUTHORIZATION');
    if (reservedServerParam(param) !== undefined) param = `API_${param}`;
    headers.Authorization = `{{${param}}}`;
    serverParams.push(param);
    warnings.push({
      rule: 'IMP026',
      operation: operation.label,
      message: `its Authorization header parameter is sent from the server param ${param}`,
    });
  }
  const output = outputOf(operation, context.document.refs);
  const tests = testsFrom(parameters, inputs.examples, inputs.bodyExamples);
  const authKey = JSON.stringify(Object.entries(headers).sort(([a], [b]) => (a < b ? -1 : 1)));
  return {
    ok: true,
    tool: {
      operation,
      baseName: baseToolName(operation.operationId, operation.method, operation.path),
      method: operation.method.toUpperCase(),
      path,
      description: toolDescription(operation.summary, operation.description, operation.deprecated, operation.label),
      parameters,
      ...(inputs.bodyFormat ? { bodyFormat: inputs.bodyFormat } : {}),
      ...(output ? { output } : {}),
      tests,
      headers,
      serverParams: [...new Set(serverParams)].sort(),
      authKey,
      warnings,
    },
  };
}
