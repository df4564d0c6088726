// Both catalogs' schema files have the shape the spec promises, read statically (never executed):
// the shipped one (real public APIs) and the example one of the test fixtures (invented `*.example` APIs).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { catalogs, kebab, loadLists, loadSchemas } from './support/catalog.ts';
import { schemaProblems } from './support/schema-problems.ts';

const loaded = catalogs.map(({ name, root }) => ({ name, root, schemas: loadSchemas(root) }));
const shipped = loaded.find((c) => c.name === 'shipped')!;
const example = loaded.find((c) => c.name === 'example')!;

test('the shipped catalog holds at least thirty providers; the example catalog about thirty', () => {
  assert.ok(shipped.schemas.length >= 30, `shipped: found ${shipped.schemas.length}`);
  assert.ok(example.schemas.length >= 28 && example.schemas.length <= 40, `example: found ${example.schemas.length}`);
});

test('every shipped provider with tools documents itself: docs, tags, an about prompt, tests on every tool', () => {
  for (const { file, main } of shipped.schemas) {
    if (Object.keys(main.tools).length === 0) continue;
    assert.ok(
      Array.isArray(main.docs) && main.docs.length > 0 && main.docs.every((d: string) => d.startsWith('https://')),
      `${file}: docs`,
    );
    assert.ok(Array.isArray(main.tags) && main.tags.length >= 2, `${file}: tags`);
    assert.ok(main.prompts && Object.hasOwn(main.prompts, 'about'), `${file}: an about prompt`);
    for (const [name, tool] of Object.entries(main.tools) as [string, { tests?: unknown[] }][])
      assert.ok(Array.isArray(tool.tests) && tool.tests.length >= 1, `${file}: ${name} has no tests`);
  }
});

test('every schema file exports a purely literal `main` and nothing but `main` and `handlers`', () => {
  for (const { schemas } of loaded) {
    for (const schema of schemas) {
      assert.ok(
        schema.module.values.has('main'),
        `${schema.file}: ${schema.module.nonLiteral.get('main') ?? 'no export const main'}`,
      );
      const extra = schema.module.exportNames.filter((name) => name !== 'main' && name !== 'handlers');
      assert.equal(extra, [], `${schema.file}: unexpected exports`);
      assert.is(schema.module.importCount, 0, `${schema.file}: imports`);
    }
  }
});

test('main survives a JSON round trip (no undefined, functions or special numbers)', () => {
  for (const { schemas } of loaded)
    for (const schema of schemas) assert.equal(JSON.parse(JSON.stringify(schema.main)), schema.main, schema.file);
});

test('handlers, when present, are a factory returning hooks keyed by existing tool names', () => {
  for (const { name, schemas } of loaded) {
    let withHandlers = 0;
    for (const schema of schemas) {
      if (!schema.module.exportNames.includes('handlers')) continue;
      withHandlers += 1;
      const keys = schema.module.factoryKeys.get('handlers');
      assert.ok(
        keys,
        `${schema.file}: handlers must be ({ sharedLists, libraries }) => ({ … }), or a block ending in return { … }`,
      );
      assert.ok(
        /^export const handlers = \( \{ sharedLists, libraries \} \) => [({]/m.test(schema.text),
        `${schema.file}: factory signature`,
      );
      for (const key of keys!)
        assert.ok(Object.hasOwn(schema.main.tools, key), `${schema.file}: handler key ${key} is not a tool`);
    }
    assert.ok(withHandlers >= 3, `${name}: only ${withHandlers} schemas have handlers`);
  }
});

test('namespaces are lowercase letters only, unique per catalog, and name the folder', () => {
  for (const { schemas } of loaded) {
    const seen = new Map<string, string>();
    for (const schema of schemas) {
      const namespace = schema.main.namespace;
      assert.ok(typeof namespace === 'string' && /^[a-z]+$/.test(namespace), `${schema.file}: namespace ${namespace}`);
      assert.not.ok(
        seen.has(namespace),
        `${schema.file}: namespace ${namespace} already used by ${seen.get(namespace)}`,
      );
      seen.set(namespace, schema.file);
      assert.ok(
        schema.file.startsWith(`providers/${namespace}/`),
        `${schema.file}: folder should be named after its namespace`,
      );
    }
  }
});

test('required main fields follow the spec (name, description, version 3.x.y, root, tools ≤ 8)', () => {
  for (const { name: catalog, schemas } of loaded) {
    for (const { file, main } of schemas) {
      assert.ok(/^[A-Z][A-Za-z0-9]*$/.test(main.name), `${file}: name ${main.name} is not PascalCase`);
      assert.ok(
        typeof main.description === 'string' && main.description.length >= 20 && main.description.length <= 1024,
        `${file}: description`,
      );
      assert.ok(/^3\.\d+\.\d+$/.test(main.version), `${file}: version ${main.version}`);
      assert.type(main.tools, 'object', `${file}: tools`);
      const toolCount = Object.keys(main.tools).length;
      assert.ok(toolCount <= 8, `${file}: ${toolCount} tools`);
      if (toolCount > 0) {
        // The example catalog never names a real host; the shipped one names only real ones.
        const host =
          catalog === 'example'
            ? /^https:\/\/[a-z0-9.-]+\.example(\/[^?#]*)?$/
            : /^https:\/\/[a-z0-9.-]+\.[a-z]{2,}(?<!\.example)(\/[^?#]*)?$/;
        assert.ok(host.test(main.root), `${file}: root ${main.root}`);
        assert.not.ok(main.root.endsWith('/'), `${file}: root ends with a slash`);
      } else {
        assert.ok(main.resources || main.skills, `${file}: a tool-less schema needs resources or skills`);
      }
      for (const name of Object.keys(main.tools))
        assert.ok(/^[a-z][a-zA-Z0-9]*$/.test(name), `${file}: tool name ${name}`);
      for (const field of ['docs', 'tags', 'requiredServerParams', 'requiredLibraries']) {
        if (main[field] === undefined) continue;
        assert.ok(
          Array.isArray(main[field]) && main[field].every((v: unknown) => typeof v === 'string'),
          `${file}: ${field}`,
        );
      }
    }
  }
});

test('every shared-list reference has a list file whose name and version match', () => {
  for (const { name, root, schemas } of loaded) {
    let references = 0;
    for (const { file, main } of schemas) {
      for (const ref of main.sharedLists ?? []) {
        references += 1;
        const listFile = join(root, '_lists', `${kebab(ref.ref)}.mjs`);
        assert.ok(existsSync(listFile), `${file}: no list file for ${ref.ref}`);
        assert.is(ref.version, '3.0.0', `${file}: ${ref.ref} version`);
      }
    }
    assert.ok(references >= 3, `${name}: only ${references} list references`);
  }
});

test('the combined static checks (also used on generated trees) find no problem in either catalog', () => {
  for (const { root, schemas } of loaded) {
    const lists = new Map(
      loadLists(root).map(({ list }) => [
        list.meta.name as string,
        (list.meta.fields as { key: string }[]).map((f) => f.key),
      ]),
    );
    assert.equal(
      schemas.flatMap((schema) => schemaProblems(schema, lists)),
      [],
    );
  }
});

test.run();
