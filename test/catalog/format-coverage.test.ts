// The example catalog (test fixtures) exercises the schema format as it exists in the wild, so compiler and runtime
// tests meet every shape.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allTools, exampleCatalog, loadSchemas, type Parameter } from './support/catalog.ts';

const schemas = loadSchemas(exampleCatalog);
const tools = allTools(schemas);
const parameters = tools.flatMap(({ tool }) => tool.parameters as Parameter[]);
const optionLists = parameters.map((p) => p.z.options);
const options = optionLists.flat();

test('every primitive occurs, including both shared-list enum forms', () => {
  const primitives = new Set(parameters.map((p) => p.z.primitive));
  for (const primitive of ['string()', 'number()', 'boolean()', 'array()', 'object()', 'enum()'])
    assert.ok(primitives.has(primitive), primitive);
  assert.ok(
    [...primitives].some((p) => /^enum\([^{}$]+\)$/.test(p)),
    'literal enum(A,B)',
  );
  assert.ok(
    [...primitives].some((p) => /^enum\(\{\{\w+:\w+\}\}\)$/.test(p)),
    'enum({{list:field}})',
  );
  assert.ok(
    options.some((o) => o.startsWith('$')),
    "options: ['$list']",
  );
});

test('every option occurs, in the wild orders too', () => {
  for (const prefix of ['min(', 'max(', 'length(', 'optional()', 'default(', 'regex('])
    assert.ok(
      options.some((o) => o.startsWith(prefix)),
      prefix,
    );
  assert.ok(
    optionLists.some((list) => list.join('|') === 'optional()|default(10)|min(1)|max(100)'),
    "['optional()', 'default(10)', 'min(1)', 'max(100)']",
  );
  assert.ok(
    optionLists.some((list) => list.indexOf('optional()') > list.findIndex((o) => o.startsWith('min('))),
    'constraints before optional()',
  );
  assert.ok(options.includes('default(score desc, name asc)'), 'a default with a comma and spaces');
  assert.ok(
    options.some((o) => o.startsWith('regex(') && o.includes(',')),
    'a regex with a comma',
  );
  assert.ok(
    options.some((o) => o === 'default(false)') && options.some((o) => o === 'default(true)'),
    'boolean defaults',
  );
});

test('every location, method and path placeholder style occurs', () => {
  const locations = new Set(parameters.map((p) => p.position.location));
  assert.equal([...locations].sort(), ['body', 'insert', 'query']);
  const methods = new Set(tools.map(({ tool }) => tool.method));
  assert.equal([...methods].sort(), ['DELETE', 'GET', 'POST', 'PUT']);
  assert.ok(
    tools.some(({ tool }) => /\{\{[a-z]\w*\}\}/.test(tool.path)),
    '{{key}} path',
  );
  assert.ok(
    tools.some(({ tool }) => /:[a-z]\w*/.test(tool.path)),
    ':key path',
  );
  assert.ok(
    tools.some(({ tool }) => (tool.path.match(/:[a-z]\w*|\{\{[a-z]\w*\}\}/g) ?? []).length >= 2),
    'two inserts in one path',
  );
  assert.ok(
    parameters.some((p) => p.position.key.includes('-')),
    'a hyphenated key as in real schemas',
  );
});

test('every value source occurs: user, server param, fixed value, and a user value inside a larger string', () => {
  const values = parameters.map((p) => p.position.value);
  assert.ok(values.includes('{{USER_PARAM}}'));
  assert.ok(values.some((v) => /^\{\{SERVER_PARAM:[A-Z_]+\}\}$/.test(v)));
  assert.ok(
    values.some((v) => !v.includes('{{')),
    'fixed value',
  );
  assert.ok(
    values.some((v) => v.includes('{{USER_PARAM}}') && v !== '{{USER_PARAM}}'),
    'embedded user value',
  );
});

test('headers use bare {{KEY}} server params, including a Bearer token', () => {
  const headers = schemas.flatMap((s) => Object.values(s.main.headers ?? {}) as string[]);
  assert.ok(headers.includes('Bearer {{WEATHER_API_KEY}}'));
  assert.ok(
    headers.some((h) => /^\{\{[A-Z_]+\}\}$/.test(h)),
    'a header that is only the key',
  );
});

test('several tools share one path and are routed by fixed query parameters', () => {
  const shared = schemas.some((schema) => {
    const entries = Object.values(schema.main.tools) as { path: string; parameters: Parameter[] }[];
    const byPath = new Map<string, string[]>();
    for (const tool of entries) {
      const fixed = tool.parameters.filter((p) => p.position.location === 'query' && !p.position.value.includes('{{'));
      byPath.set(tool.path, [
        ...(byPath.get(tool.path) ?? []),
        JSON.stringify(fixed.map((p) => [p.position.key, p.position.value])),
      ]);
    }
    return [...byPath.values()].some((routes) => routes.length >= 3 && new Set(routes).size === routes.length);
  });
  assert.ok(shared);
});

test('schemas range from 1 to 8 tools; outputs of every mime type; handlers with both hooks', () => {
  const counts = schemas.map((s) => Object.keys(s.main.tools).length);
  for (const n of [0, 1, 8]) assert.ok(counts.includes(n), `${n} tools`);
  const mimeTypes = new Set(tools.filter(({ tool }) => tool.output).map(({ tool }) => tool.output.mimeType));
  assert.equal([...mimeTypes].sort(), ['application/json', 'image/png', 'text/plain']);
  const handlerText = schemas.map((s) => s.text).join('\n');
  assert.ok(handlerText.includes('preRequest: async ( { struct, payload } )'));
  assert.ok(handlerText.includes('postRequest: async ( { response, struct, payload } )'));
});

test(
  'main-level variety: server params, shared-list filters, camelCase and kebab tags, docs, versions ' + 'beyond 3.0.0',
  () => {
    assert.ok(schemas.filter((s) => (s.main.requiredServerParams ?? []).length > 0).length >= 8);
    assert.ok(schemas.some((s) => (s.main.sharedLists ?? []).some((r: { filter?: unknown }) => r.filter)));
    const tags = schemas.flatMap((s) => s.main.tags ?? []);
    assert.ok(tags.some((t: string) => /[a-z][A-Z]/.test(t)) && tags.some((t: string) => t.includes('-')));
    assert.ok(schemas.every((s) => Array.isArray(s.main.docs) && s.main.docs.length > 0));
    assert.ok(schemas.some((s) => s.main.version !== '3.0.0'));
    assert.ok(
      schemas.some((s) => s.main.resources) &&
        schemas.some((s) => s.main.prompts) &&
        schemas.some((s) => s.main.skills),
    );
  },
);

test.run();
