// Every tool's method, path placeholders, parameter locations, primitives, options and server params are consistent.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allTools, catalogs, loadLists, loadSchemas, type Parameter } from './support/catalog.ts';

// Both catalogs: the rules below hold for the wild forms and for the shipped catalog alike.
const schemas = catalogs.flatMap(({ root }) => loadSchemas(root));
const tools = allTools(schemas);
/** List name → field keys, per catalog root (a schema uses the lists of its own catalog). */
const listFieldsOf = new Map(
  catalogs.map(({ root }) => [
    root,
    new Map(
      loadLists(root).map(({ list }) => [
        list.meta.name as string,
        (list.meta.fields as { key: string }[]).map((f) => f.key),
      ]),
    ),
  ]),
);
const listFields = (schemaAbsolute: string) =>
  listFieldsOf.get(catalogs.find(({ root }) => schemaAbsolute.startsWith(`${root}/`))!.root)!;

const OPTION =
  /^(?:(?:min|max)\(-?\d+(?:\.\d+)?\)|length\(\d+\)|optional\(\)|default\(.*\)|regex\(.+\)|\$[a-z][a-zA-Z0-9]*)$/;
const PRIMITIVE = /^(?:string|number|boolean|array|object)\(\)$|^enum\((.*)\)$/;

/** Server params a path uses (`{{SERVER_PARAM:KEY}}`, e.g. an API key in a fixed query string). */
const pathServerParams = (path: string): string[] =>
  [...path.matchAll(/\{\{SERVER_PARAM:([A-Z][A-Z0-9_]*)\}\}/g)].map((m) => m[1]!);

/**
 * Placeholders a path asks to be filled: `{{key}}` (spec style) and `:key` (Express style); server params are not
 * inserts.
 */
function pathPlaceholders(path: string): string[] {
  const bare = path.replace(/\{\{SERVER_PARAM:[A-Z0-9_]+\}\}/g, '');
  const braces = [...bare.matchAll(/\{\{([a-zA-Z][a-zA-Z0-9_]*)\}\}/g)].map((m) => m[1]!);
  const colons = [...bare.matchAll(/:([a-zA-Z][a-zA-Z0-9_]*)/g)].map((m) => m[1]!);
  return [...braces, ...colons];
}

test('methods are GET, POST, PUT or DELETE and paths start with a slash', () => {
  for (const { schema, name, tool } of tools) {
    assert.ok(['GET', 'POST', 'PUT', 'DELETE'].includes(tool.method), `${schema.file} ${name}: method ${tool.method}`);
    assert.ok(typeof tool.path === 'string' && tool.path.startsWith('/'), `${schema.file} ${name}: path ${tool.path}`);
    assert.ok(
      typeof tool.description === 'string' && tool.description.length >= 15,
      `${schema.file} ${name}: description`,
    );
    assert.ok(Array.isArray(tool.parameters), `${schema.file} ${name}: parameters`);
  }
});

test('every path placeholder has an insert parameter and every insert parameter has a placeholder', () => {
  for (const { schema, name, tool } of tools) {
    const params = tool.parameters as Parameter[];
    const inserts = params
      .filter((p) => p.position.location === 'insert')
      .map((p) => p.position.key)
      .sort();
    assert.equal([...new Set(pathPlaceholders(tool.path))].sort(), inserts, `${schema.file} ${name}: ${tool.path}`);
  }
});

test('locations are insert, query or body, and body parameters only appear on POST and PUT', () => {
  for (const { schema, name, tool } of tools) {
    for (const p of tool.parameters as Parameter[]) {
      assert.ok(
        ['insert', 'query', 'body'].includes(p.position.location),
        `${schema.file} ${name}.${p.position.key}: ${p.position.location}`,
      );
      if (p.position.location === 'body')
        assert.ok(['POST', 'PUT'].includes(tool.method), `${schema.file} ${name}: body on ${tool.method}`);
    }
  }
});

test('parameter keys are unique per tool and every parameter has a position and a z block', () => {
  for (const { schema, name, tool } of tools) {
    const keys = (tool.parameters as Parameter[]).map((p) => `${p.position?.location}:${p.position?.key}`);
    assert.is(new Set(keys).size, keys.length, `${schema.file} ${name}: duplicate parameter`);
    for (const p of tool.parameters as Parameter[]) {
      assert.type(p.position?.key, 'string', `${schema.file} ${name}: position.key`);
      assert.type(p.position?.value, 'string', `${schema.file} ${name}: position.value`);
      assert.type(p.z?.primitive, 'string', `${schema.file} ${name}.${p.position.key}: z.primitive`);
      assert.ok(Array.isArray(p.z?.options), `${schema.file} ${name}.${p.position.key}: z.options`);
    }
  }
});

test('primitives and options are known, and enums have values without spaces', () => {
  for (const { schema, name, tool } of tools) {
    for (const p of tool.parameters as Parameter[]) {
      const where = `${schema.file} ${name}.${p.position.key}`;
      const match = PRIMITIVE.exec(p.z.primitive);
      assert.ok(match, `${where}: primitive ${p.z.primitive}`);
      for (const option of p.z.options) assert.ok(OPTION.test(option), `${where}: option ${option}`);
      const listOptions = p.z.options.filter((o) => o.startsWith('$'));
      if (listOptions.length > 0) assert.is(p.z.primitive, 'enum()', `${where}: $list options belong to enum()`);
      if (match?.[1] !== undefined && listOptions.length === 0) {
        const values = match[1].split(',');
        assert.ok(
          values.length >= 1 && values.every((v) => v.length > 0 && !/\s/.test(v)),
          `${where}: enum values ${match[1]}`,
        );
      }
    }
  }
});

test(
  'defaults are valid for their primitive (numbers parse, booleans are true/false, enum defaults ' + 'are members)',
  () => {
    for (const { schema, name, tool } of tools) {
      for (const p of tool.parameters as Parameter[]) {
        const option = p.z.options.find((o) => o.startsWith('default('));
        if (option === undefined) continue;
        const value = option.slice('default('.length, -1);
        const where = `${schema.file} ${name}.${p.position.key}: ${option}`;
        if (p.z.primitive === 'number()') assert.ok(Number.isFinite(Number(value)) && value.trim() !== '', where);
        if (p.z.primitive === 'boolean()') assert.ok(value === 'true' || value === 'false', where);
        const literal = /^enum\(([^{}]+)\)$/.exec(p.z.primitive);
        if (literal) assert.ok(literal[1]!.split(',').includes(value), where);
      }
    }
  },
);

test('shared-list enums ($list and {{list:field}}) name a declared list and an existing field', () => {
  for (const { schema, name, tool } of tools) {
    const declared = new Set((schema.main.sharedLists ?? []).map((r: { ref: string }) => r.ref));
    for (const p of tool.parameters as Parameter[]) {
      const where = `${schema.file} ${name}.${p.position.key}`;
      for (const option of p.z.options.filter((o) => o.startsWith('$'))) {
        const list = option.slice(1);
        assert.ok(declared.has(list), `${where}: ${option} not in main.sharedLists`);
      }
      for (const [, list, field] of p.z.primitive.matchAll(/\{\{(\w+):(\w+)\}\}/g)) {
        assert.ok(declared.has(list!), `${where}: ${list} not in main.sharedLists`);
        assert.ok(
          listFields(schema.absolute).get(list!)?.includes(field!),
          `${where}: list ${list} has no field ${field}`,
        );
      }
    }
  }
});

test('server params in values and headers are declared, and every declared server param is used', () => {
  for (const schema of schemas) {
    const declared: string[] = schema.main.requiredServerParams ?? [];
    const used = new Set<string>();
    for (const value of Object.values(schema.main.headers ?? {}) as string[]) {
      for (const [, key] of value.matchAll(/\{\{([A-Z][A-Z0-9_]*)\}\}/g)) used.add(key!);
    }
    for (const tool of Object.values(schema.main.tools ?? {}) as { path: string; parameters: Parameter[] }[]) {
      for (const key of pathServerParams(tool.path)) used.add(key);
      for (const p of tool.parameters) {
        for (const [, key] of p.position.value.matchAll(/\{\{SERVER_PARAM:([A-Z][A-Z0-9_]*)\}\}/g)) used.add(key!);
        const stripped = p.position.value.replace(/\{\{USER_PARAM\}\}|\{\{SERVER_PARAM:[A-Z0-9_]+\}\}/g, '');
        assert.not.ok(stripped.includes('{{'), `${schema.file}: unknown placeholder in ${p.position.value}`);
      }
    }
    assert.equal([...used].sort(), [...declared].sort(), `${schema.file}: declared vs used server params`);
  }
});

test('output blocks use a known mime type with a matching schema type', () => {
  let outputs = 0;
  for (const { schema, name, tool } of tools) {
    if (tool.output === undefined) continue;
    outputs += 1;
    const { mimeType, schema: shape } = tool.output;
    const where = `${schema.file} ${name}`;
    if (mimeType === 'application/json') assert.ok(['object', 'array'].includes(shape.type), where);
    else if (mimeType === 'image/png') assert.ok(shape.type === 'string' && shape.format === 'base64', where);
    else if (mimeType === 'text/plain') assert.is(shape.type, 'string', where);
    else assert.unreachable(`${where}: mimeType ${mimeType}`);
  }
  assert.ok(outputs >= 5, `only ${outputs} tools declare output`);
});

test.run();
