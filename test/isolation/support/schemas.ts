/** Schema files written as an author (or an attacker) would: format 3, one tool per entry, optional handlers. */

export interface ToolSpec {
  readonly path: string;
  /** Default GET. */
  readonly method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path inserts (`{{name}}` in `path`) the client supplies (strings, required). */
  readonly inserts?: readonly string[];
  /** Body values with a fixed value (e.g. `{{SERVER_PARAM:KEY}}`). */
  readonly body?: Readonly<Record<string, string>>;
  /** Query parameters the client supplies (strings, optional). */
  readonly query?: readonly string[];
  /** Query parameters with a fixed value (e.g. `{{SERVER_PARAM:KEY}}`), after the client's. */
  readonly fixed?: Readonly<Record<string, string>>;
}

export interface SchemaSpec {
  readonly namespace: string;
  readonly root: string;
  readonly tools: Readonly<Record<string, ToolSpec>>;
  readonly serverParams?: readonly string[];
  readonly headers?: Readonly<Record<string, string>>;
  /** Other https origins the hooks may send to (`main.hookOrigins`). */
  readonly hookOrigins?: readonly string[];
  readonly libraries?: readonly string[];
  /** Source of `export const handlers = …` (the whole expression). */
  readonly handlers?: string;
}

export function schemaFile(spec: SchemaSpec): string {
  const tools = Object.entries(spec.tools)
    .map(
      ([name, tool]) => `    ${name}: {
      method: '${tool.method ?? 'GET'}',
      path: '${tool.path}',
      description: 'Tool ${name} of ${spec.namespace}.',
      parameters: [
${[
  ...(tool.inserts ?? []).map(
    (key) =>
      `        { position: { key: '${key}', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: ` +
      `'string()', options: [] } }`,
  ),
  ...(tool.query ?? []).map(
    (q) =>
      `        { position: { key: '${q}', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', ` +
      `options: [ 'optional()' ] } }`,
  ),
  ...Object.entries(tool.fixed ?? {}).map(
    ([key, value]) =>
      `        { position: { key: '${key}', value: '${value}', location: 'query' }, z: { primitive: 'string()', ` +
      `options: [] } }`,
  ),
  ...Object.entries(tool.body ?? {}).map(
    ([key, value]) =>
      `        { position: { key: '${key}', value: '${value}', location: 'body' }, z: { primitive: 'string()', ` +
      `options: [] } }`,
  ),
].join(',\n')}
      ]
    }`,
    )
    .join(',\n');
  return `export const main = {
  namespace: '${spec.namespace}',
  name: 'Schema ${spec.namespace}',
  description: 'A schema of the isolation tests.',
  version: '3.0.0',
  root: '${spec.root}',
  requiredServerParams: ${JSON.stringify(spec.serverParams ?? [])},
  requiredLibraries: ${JSON.stringify(spec.libraries ?? [])},
  headers: ${JSON.stringify(spec.headers ?? {})},${
    spec.hookOrigins
      ? `
  hookOrigins: ${JSON.stringify(spec.hookOrigins)},`
      : ''
  }
  tools: {
${tools}
  }
}
${spec.handlers ? `\nexport const handlers = ${spec.handlers}\n` : ''}`;
}
