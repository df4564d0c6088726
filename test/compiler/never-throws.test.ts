/**
 * Whatever a schema's values are, loading reports diagnostics and never throws: 600 seeded mutations of
 * a rich schema and its list, skill and prompt files (wrong types, missing members, odd strings) go
 * through the whole pipeline in memory.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadSchemaFile } from '../../compiler/load/load-schema.ts';
import type { FileSystem } from '../../compiler/load/file-system.ts';
import { frontEndRules } from '../../compiler/diagnostics/rules.ts';
import { secRules } from '../../compiler/scan/rules.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const BASE: Json = {
  namespace: 'demo',
  name: 'Demo',
  description: 'Demo.',
  version: '3.0.0',
  root: 'https://api.example.com',
  requiredServerParams: ['KEY'],
  headers: { Authorization: 'Bearer {{KEY}}' },
  tags: ['demo'],
  docs: ['https://example.com'],
  sharedLists: [{ ref: 'colors', version: '1.0.0', filter: { key: 'code', in: ['red'] } }],
  tools: {
    getItem: {
      method: 'GET',
      path: '/items/{{id}}/:id',
      description: 'Item.',
      parameters: [
        {
          position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' },
          z: { primitive: 'string()', options: ['min(1)', 'regex(^a)'] },
        },
        {
          position: { key: 'color', value: '{{USER_PARAM}}', location: 'query' },
          z: { primitive: 'enum(x,{{colors:code}})', options: ['$colors', 'default(x)'] },
        },
        {
          position: { key: 'n', value: '{{SERVER_PARAM:KEY}}', location: 'body' },
          z: { primitive: 'number()', options: ['optional()', 'default(3)'] },
        },
      ],
      output: { mimeType: 'application/json', schema: { type: 'object' } },
      tests: [{ _description: 'one', id: 'a' }],
    },
  },
  resources: {
    rows: {
      source: 'sqlite',
      origin: 'inline',
      database: 'rows.db',
      description: 'Rows.',
      queries: {
        getSchema: {
          sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table'",
          description: 'S.',
          parameters: {},
        },
        byId: {
          sql: 'SELECT * FROM t WHERE id = ?',
          description: 'By id.',
          parameters: { id: { type: 'string', required: true } },
          output: { columns: ['id'] },
        },
      },
    },
  },
  skills: { 'find-it': { file: './skills/find-it.mjs' } },
  prompts: { about: { contentFile: './prompts/about.mjs' } },
};
const LIST: Json = {
  meta: { name: 'colors', version: '1.0.0', fields: [{ key: 'code', type: 'string' }] },
  entries: [{ code: 'red' }],
};
const SKILL: Json = {
  name: 'find-it',
  version: 'toolkit-skill/1.0.0',
  description: 'D.',
  testedWith: 'm',
  requires: { tools: ['getItem'], resources: ['rows'], external: [] },
  input: [{ key: 'q', type: 'enum', values: ['a'], description: 'Q.', required: true }],
  content: '{{tool:getItem}} {{resource:rows}} {{input:q}}',
};
const PROMPT: Json = {
  name: 'about',
  version: 'toolkit-prompt/1.0.0',
  provider: 'demo',
  description: 'D.',
  dependsOn: ['demo.getItem'],
  references: [],
  content: '{{tool:getItem}}',
};

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const ODD: Json[] = [
  null,
  0,
  -1,
  1.5,
  true,
  '',
  ' ',
  '{{',
  '}}',
  '{{USER_PARAM}}',
  '{{x:y}}',
  ':id',
  '__proto__',
  'constructor',
  [],
  {},
  [null],
  { a: null },
  'SELECT',
  'default(',
  'enum()',
];

function paths(value: Json, at: (string | number)[] = []): (string | number)[][] {
  const out = [at];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...paths(v, [...at, i])));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...at, k]));
  return out;
}

function mutate(base: Json, next: () => number): Json {
  const copy = structuredClone(base) as Json;
  const all = paths(copy).filter((p) => p.length > 0);
  for (let n = 1 + Math.floor(next() * 3); n > 0; n -= 1) {
    const path = all[Math.floor(next() * all.length)]!;
    let parent = copy as { [key: string]: Json };
    for (const segment of path.slice(0, -1)) parent = (parent?.[segment as string] ?? {}) as { [key: string]: Json };
    if (!parent || typeof parent !== 'object') continue;
    const last = path[path.length - 1] as string;
    if (next() < 0.25) delete parent[last];
    else parent[last] = structuredClone(ODD[Math.floor(next() * ODD.length)]!);
  }
  return copy;
}

test('unmutated, the four documents load into a model (so mutations start from a valid schema)', () => {
  const files: Record<string, string> = {
    '/m/schema.mjs': `export const main = ${JSON.stringify(BASE)};\n`,
    '/m/_lists/colors.mjs': `export const list = ${JSON.stringify(LIST)};\n`,
    '/m/skills/find-it.mjs': `export const skill = ${JSON.stringify(SKILL)};\n`,
    '/m/prompts/about.mjs': `export const prompt = ${JSON.stringify(PROMPT)};\n`,
  };
  const fs: FileSystem = {
    readText: (p) => files[p],
    exists: (p) => p === '/m/data/rows.db',
    isDirectory: (p) => p === '/m/_lists',
  };
  const result = loadSchemaFile('/m/schema.mjs', { fs });
  assert.is(result.status, true, result.messages.join('\n'));
  assert.is(result.model?.skills[0]?.name, 'find-it');
  assert.is(result.model?.prompts[0]?.name, 'about');
});

test('600 mutated schemas: every load returns a result whose diagnostics name known rules', () => {
  const next = rng(20260601);
  const known = { ...secRules, ...frontEndRules } as Record<string, unknown>;
  let withModel = 0;
  for (let i = 0; i < 600; i += 1) {
    // One document of four is mutated each time: the schema, its list, its skill or its prompt.
    const which = Math.floor(next() * 4);
    const doc = (n: number, base: Json) => JSON.stringify(which === n ? mutate(base, next) : base);
    const text = `export const main = ${doc(0, BASE)};\n`;
    const files: Record<string, string> = {
      '/m/schema.mjs': text,
      '/m/_lists/colors.mjs': `export const list = ${doc(1, LIST)};\n`,
      '/m/skills/find-it.mjs': `export const skill = ${doc(2, SKILL)};\n`,
      '/m/prompts/about.mjs': `export const prompt = ${doc(3, PROMPT)};\n`,
    };
    const fs: FileSystem = {
      readText: (path) => files[path],
      exists: (path) => path === '/m/data/rows.db',
      isDirectory: (path) => path === '/m/_lists',
    };
    let result: ReturnType<typeof loadSchemaFile>;
    try {
      result = loadSchemaFile('/m/schema.mjs', { fs });
    } catch (error) {
      assert.unreachable(`mutation ${i} threw ${(error as Error).stack}\n${Object.values(files).join('')}`);
      return;
    }
    assert.is(result.status, !result.diagnostics.some((d) => d.severity === 'error'));
    assert.is(result.status, result.model !== undefined, `mutation ${i}: model iff status`);
    for (const d of result.diagnostics) assert.ok(d.rule in known, `unknown rule ${d.rule}`);
    if (result.model) withModel += 1;
  }
  assert.ok(withModel > 0, 'some mutations stay valid and normalize');
});

test.run();
