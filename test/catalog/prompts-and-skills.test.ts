// Prompt and skill files referenced by the schemas of both catalogs exist, are pure data, and their references and
// placeholders resolve.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { catalogs, loadContentFile, loadSchemas, type Json } from './support/catalog.ts';

const everySchema = catalogs.map(({ root }) => loadSchemas(root));
const schemas = everySchema.flat();
const PLACEHOLDER = /\{\{(tool|resource|skill|input|prompt):([^}]+)\}\}/g;

function placeholders(content: string, kind: string): string[] {
  return [...content.matchAll(PLACEHOLDER)].filter((m) => m[1] === kind).map((m) => m[2]!);
}

test('in each catalog at least one schema declares prompts, including the conventional "about" prompt', () => {
  for (const catalog of everySchema) {
    const withPrompts = catalog.filter((s) => s.main.prompts !== undefined);
    assert.ok(withPrompts.length >= 1);
    assert.ok(withPrompts.some((s) => Object.hasOwn(s.main.prompts, 'about')));
  }
});

test(
  'prompt files export a literal `prompt` with the toolkit version, provider, resolvable ' + 'dependsOn and content',
  () => {
    for (const schema of schemas.filter((s) => s.main.prompts !== undefined)) {
      const entries = Object.entries(schema.main.prompts) as [string, Json][];
      assert.ok(entries.length <= 4, schema.file);
      for (const [key, declaration] of entries) {
        assert.ok(/^\.\/.+\.mjs$/.test(declaration.contentFile), `${schema.file}: ${key}.contentFile`);
        const { module } = loadContentFile(schema, declaration.contentFile);
        assert.equal(module.exportNames, ['prompt'], declaration.contentFile);
        assert.is(module.importCount, 0);
        const prompt = module.values.get('prompt') as Json;
        assert.ok(prompt, module.nonLiteral.get('prompt'));
        assert.is(prompt.name, key);
        assert.is(prompt.version, 'toolkit-prompt/1.0.0');
        assert.is(prompt.provider, schema.main.namespace);
        assert.ok(
          typeof prompt.description === 'string' && prompt.description.length > 0 && prompt.description.length <= 1024,
        );
        assert.ok(Array.isArray(prompt.references));
        assert.not.ok('testedWith' in prompt, 'prompts need no testedWith');
        for (const dependency of prompt.dependsOn as string[]) {
          const [namespace, tool] = dependency.split('.');
          assert.is(namespace, schema.main.namespace, dependency);
          assert.ok(Object.hasOwn(schema.main.tools, tool!), `dependsOn ${dependency} is not a tool`);
        }
        assert.ok(typeof prompt.content === 'string' && prompt.content.trim().length > 0);
        for (const tool of placeholders(prompt.content, 'tool'))
          assert.ok(Object.hasOwn(schema.main.tools, tool), `{{tool:${tool}}}`);
        for (const resource of placeholders(prompt.content, 'resource'))
          assert.ok(Object.hasOwn(schema.main.resources ?? {}, resource), `{{resource:${resource}}}`);
      }
    }
  },
);

test('in each catalog at least one schema declares two or more skills', () => {
  for (const catalog of everySchema) {
    const withSkills = catalog.filter((s) => s.main.skills !== undefined);
    assert.ok(withSkills.some((s) => Object.keys(s.main.skills).length >= 2));
  }
});

test(
  'skill files export a literal `skill` whose fields, requires and placeholders resolve within the schema (or, by ' +
    'full id, in its catalog)',
  () => {
    // A skill may use another provider's tool by its full id, <namespace>/tool/<name> (spec: skill requires).
    const catalogTools = new Set(
      schemas.flatMap((s) => Object.keys(s.main.tools).map((tool) => `${s.main.namespace}/tool/${tool}`)),
    );
    for (const schema of schemas.filter((s) => s.main.skills !== undefined)) {
      const entries = Object.entries(schema.main.skills) as [string, Json][];
      assert.ok(entries.length <= 4, schema.file);
      const skills = new Map<string, Json>();
      for (const [key, declaration] of entries) {
        assert.ok(/^[a-z][a-z0-9-]*$/.test(key), `skill name ${key}`);
        assert.ok(/^\.\/.+\.mjs$/.test(declaration.file), `${key}.file`);
        const { module } = loadContentFile(schema, declaration.file);
        assert.equal(module.exportNames, ['skill'], declaration.file);
        assert.is(module.importCount, 0);
        const skill = module.values.get('skill') as Json;
        assert.ok(skill, module.nonLiteral.get('skill'));
        skills.set(key, skill);
      }
      for (const [key, skill] of skills) {
        assert.is(skill.name, key);
        assert.is(skill.version, 'toolkit-skill/1.0.0');
        assert.ok(
          typeof skill.description === 'string' && skill.description.length > 0 && skill.description.length <= 1024,
        );
        assert.ok(typeof skill.testedWith === 'string' && skill.testedWith.includes('/'), `${key}.testedWith`);
        assert.ok(typeof skill.output === 'string' && skill.output.length > 0);
        assert.ok(typeof skill.content === 'string' && skill.content.trim().length > 0);
        for (const field of ['tools', 'resources', 'external'])
          assert.ok(Array.isArray(skill.requires?.[field]), `${key}.requires.${field}`);
        for (const tool of skill.requires.tools as string[])
          assert.ok(
            Object.hasOwn(schema.main.tools, tool) || catalogTools.has(tool),
            `${key} requires unknown tool ${tool}`,
          );
        const inputs = new Map((skill.input ?? []).map((i: Json) => [i.key, i]));
        for (const input of skill.input ?? []) {
          assert.ok(/^[a-z][a-zA-Z0-9]*$/.test(input.key));
          assert.ok(['string', 'number', 'boolean', 'enum'].includes(input.type));
          assert.type(input.required, 'boolean');
          assert.ok(input.description.length > 0);
          assert.is(Array.isArray(input.values), input.type === 'enum', `${key}.${input.key}: values only for enum`);
        }
        const usedTools = placeholders(skill.content, 'tool');
        assert.equal(
          [...new Set(usedTools)].sort(),
          [...skill.requires.tools].sort(),
          `${key}: {{tool:…}} vs requires.tools`,
        );
        for (const input of placeholders(skill.content, 'input'))
          assert.ok(inputs.has(input), `${key}: {{input:${input}}} undeclared`);
        for (const target of placeholders(skill.content, 'skill')) {
          assert.ok(skills.has(target), `${key}: {{skill:${target}}} unresolved`);
          assert.is(target === key, false, `${key} references itself`);
          assert.equal(
            placeholders(skills.get(target)!.content, 'skill'),
            [],
            `${target} must not reference skills (one level)`,
          );
        }
      }
    }
  },
);

test.run();
