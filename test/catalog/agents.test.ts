/**
 * The agent manifests in `agents/` are what the spec asks (read statically, never run): `export const
 * agent` with the toolkit version, a model, a persona, tools named `<namespace>/tool/<name>` that exist
 * in the shipped catalog, prompt and skill files that exist and resolve, and at least three tests whose
 * expected tools are the agent's own. Every file passes the security scan for data files.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { forget, parseModule } from '../../compiler/parse/source-file.ts';
import { scanDataModule } from '../../compiler/scan/index.ts';
import { loadLists, loadSchemas, shippedCatalog, type Json } from './support/catalog.ts';
import { forbiddenHits } from './support/forbidden-patterns.ts';
import { readStaticModule } from './support/static-exports.ts';

const agentsDir = resolve(import.meta.dirname, '../../agents');
const names = readdirSync(agentsDir)
  .filter((name) => statSync(join(agentsDir, name)).isDirectory())
  .sort();
const catalogTools = new Set(
  loadSchemas(shippedCatalog).flatMap((s) =>
    Object.keys(s.main.tools).map((tool) => `${s.main.namespace}/tool/${tool}`),
  ),
);
const listNames = new Set(loadLists(shippedCatalog).map((l) => l.list.meta.name as string));
const PLACEHOLDER = /\{\{(tool|resource|skill|input|prompt):([^}]+)\}\}/g;

function read(file: string): Json {
  const module = readStaticModule(relative(agentsDir, file), readFileSync(file, 'utf8'));
  assert.is(module.importCount, 0, file);
  assert.equal(module.exportNames.length, 1, `${file}: one export`);
  const [name] = module.exportNames;
  assert.ok(module.values.has(name!), `${file}: ${module.nonLiteral.get(name!)}`);
  return { name, value: module.values.get(name!) as Json };
}

const agents = names.map((name) => {
  const file = join(agentsDir, name, 'agent.mjs');
  assert.ok(existsSync(file), `${file} is missing`);
  const { name: exported, value } = read(file);
  assert.is(exported, 'agent', file);
  return { dir: name, file, agent: value };
});

test('at least two agents, each in agents/<name>/agent.mjs named after its folder', () => {
  assert.ok(agents.length >= 2, `found ${agents.length}`);
  for (const { dir, agent } of agents) {
    assert.is(agent.name, dir);
    assert.ok(/^[a-z][a-z0-9-]*$/.test(agent.name));
  }
});

test('the required fields follow the spec: version, description, model, persona', () => {
  for (const { file, agent } of agents) {
    assert.is(agent.version, 'toolkit/3.0.0', file);
    assert.ok(typeof agent.description === 'string' && agent.description.length >= 20, `${file}: description`);
    assert.ok(typeof agent.model === 'string' && agent.model.includes('/'), `${file}: model`);
    assert.ok(typeof agent.systemPrompt === 'string' && agent.systemPrompt.trim().length > 0, `${file}: systemPrompt`);
    for (const list of agent.sharedLists ?? []) assert.ok(listNames.has(list), `${file}: shared list ${list}`);
  }
});

test('tools are external references with null values, and every one exists in the shipped catalog', () => {
  for (const { file, agent } of agents) {
    const ids = Object.keys(agent.tools);
    assert.ok(ids.length >= 3, `${file}: ${ids.length} tools`);
    for (const id of ids) {
      assert.ok(/^[a-z]+\/tool\/[a-z][a-zA-Z0-9]*$/.test(id), `${file}: ${id}`);
      assert.is(agent.tools[id], null, `${file}: ${id} is an external reference`);
      assert.ok(catalogTools.has(id), `${file}: ${id} is not a tool of the catalog`);
    }
  }
});

test(
  'at least three tests each, with an input and expected tools the agent has; the tests cover ' + 'different tools',
  () => {
    for (const { file, agent } of agents) {
      assert.ok(Array.isArray(agent.tests) && agent.tests.length >= 3, `${file}: tests`);
      for (const t of agent.tests as Json[]) {
        assert.ok(typeof t._description === 'string' && t._description.length > 0, `${file}: _description`);
        assert.ok(typeof t.input === 'string' && t.input.length > 10, `${file}: input`);
        assert.ok(Array.isArray(t.expectedTools) && t.expectedTools.length > 0, `${file}: expectedTools`);
        for (const id of t.expectedTools)
          assert.ok(
            Object.hasOwn(agent.tools, id),
            `${file}: ${t._description} expects ${id}, which the agent does not have`,
          );
        if (t.expectedContent !== undefined)
          assert.ok(
            t.expectedContent.every((k: unknown) => typeof k === 'string'),
            `${file}: expectedContent`,
          );
      }
      const combinations = new Set((agent.tests as Json[]).map((t) => [...t.expectedTools].sort().join('+')));
      assert.ok(combinations.size >= 3, `${file}: the tests should exercise different tools`);
    }
  },
);

test("prompt and skill files exist, export the right literal, and their tool references are the agent's", () => {
  for (const { dir, file, agent } of agents) {
    const base = dirname(file);
    for (const [key, entry] of Object.entries(agent.prompts ?? {}) as [string, Json][]) {
      assert.ok(!key.includes('/') && /^\.\/prompts\/.+\.mjs$/.test(entry.file), `${file}: prompt ${key}`);
      const { name, value: prompt } = read(join(base, entry.file));
      assert.is(name, 'prompt');
      assert.is(prompt.name, key);
      assert.is(prompt.version, 'toolkit-prompt/1.0.0');
      assert.is(prompt.agent, dir);
      assert.ok(typeof prompt.testedWith === 'string' && prompt.testedWith.includes('/'));
      assert.ok(Array.isArray(prompt.references));
      for (const id of prompt.dependsOn) assert.ok(Object.hasOwn(agent.tools, id), `${entry.file}: dependsOn ${id}`);
      for (const [, type, ref] of (prompt.content as string).matchAll(PLACEHOLDER)) {
        assert.is(type, 'tool', `${entry.file}: {{${type}:${ref}}}`);
        assert.ok(Object.hasOwn(agent.tools, ref!), `${entry.file}: {{tool:${ref}}}`);
      }
    }
    assert.ok(Object.keys(agent.skills ?? {}).length >= 1, `${file}: skills`);
    for (const [key, entry] of Object.entries(agent.skills ?? {}) as [string, Json][]) {
      assert.ok(!key.includes('/') && /^\.\/skills\/.+\.mjs$/.test(entry.file), `${file}: skill ${key}`);
      const { name, value: skill } = read(join(base, entry.file));
      assert.is(name, 'skill');
      assert.is(skill.name, key);
      assert.is(skill.version, 'toolkit-skill/1.0.0');
      assert.ok(typeof skill.testedWith === 'string' && skill.testedWith.includes('/'));
      assert.ok(typeof skill.output === 'string' && skill.output.length > 0);
      for (const id of skill.requires.tools) assert.ok(Object.hasOwn(agent.tools, id), `${entry.file}: requires ${id}`);
      const inputs = new Set((skill.input ?? []).map((i: Json) => i.key));
      const used = new Set<string>();
      for (const [, type, ref] of (skill.content as string).matchAll(PLACEHOLDER)) {
        if (type === 'tool') used.add(ref!);
        else if (type === 'input') assert.ok(inputs.has(ref), `${entry.file}: {{input:${ref}}}`);
        else assert.unreachable(`${entry.file}: {{${type}:${ref}}}`);
      }
      assert.equal([...used].sort(), [...skill.requires.tools].sort(), `${entry.file}: {{tool:…}} vs requires.tools`);
    }
  }
});

test('every agent file is pure data: the data-file security scan and the strict line scan find nothing', () => {
  const files = agents.flatMap(({ file }) => {
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));
    return walk(dirname(file));
  });
  const findings: string[] = [];
  for (const path of files) {
    const text = readFileSync(path, 'utf8');
    const source = parseModule(path, text);
    findings.push(
      ...scanDataModule(source, { file: path }).map(
        (d) => `${relative(agentsDir, path)}:${d.line} ${d.rule} ${d.message}`,
      ),
    );
    forget(source);
    findings.push(...forbiddenHits(relative(agentsDir, path), text));
  }
  assert.equal(findings, []);
});

test.run();
