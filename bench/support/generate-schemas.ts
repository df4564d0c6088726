/**
 * Writes synthetic but valid v3 schema trees for benchmarks, so compile/serve timings can be measured
 * at 1, 10, 100 and 500 schemas. Output is a pure function of `(count, seed)`: the same call writes
 * byte-identical files. 500 schemas hold about 2,000 tools, the size of the real prior-art catalog.
 *
 * Layout written under `dir`: `_lists/*.mjs` (copied from the example catalog of the test fixtures) and
 * `providers/<namespace>/<file>.mjs`.
 */
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seededRandom } from '../../test/support/seeded-random.ts';

export interface GenerateSchemasOptions {
  /** Seed of the pseudo-random generator; different seeds give different but equally valid trees. */
  readonly seed?: number;
}

/**
 * The generator's enums use the example catalog's lists (`evmChains`, `tradingTimeframes`, ...), not the shipped ones.
 */
const catalogLists = resolve(import.meta.dirname, '../../test/fixtures/example-catalog/_lists');

interface Rng {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

function rng(seed: number): Rng {
  const next = seededRandom(seed);
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  };
}

const DOMAINS = [
  { word: 'rates', tag: 'finance', nouns: ['rate', 'currency', 'quote', 'index', 'bond', 'fund'] },
  { word: 'meteo', tag: 'weather', nouns: ['forecast', 'station', 'alert', 'radar', 'observation', 'warning'] },
  { word: 'geo', tag: 'geo', nouns: ['place', 'address', 'region', 'boundary', 'route', 'landmark'] },
  { word: 'chain', tag: 'crypto', nouns: ['block', 'token', 'wallet', 'pool', 'transfer', 'contract'] },
  { word: 'transit', tag: 'transit', nouns: ['stop', 'line', 'departure', 'trip', 'vehicle', 'fare'] },
  { word: 'words', tag: 'language', nouns: ['word', 'definition', 'synonym', 'phrase', 'translation', 'idiom'] },
  { word: 'data', tag: 'open-data', nouns: ['dataset', 'record', 'publisher', 'theme', 'resource', 'licence'] },
  { word: 'science', tag: 'science', nouns: ['paper', 'author', 'journal', 'sample', 'experiment', 'citation'] },
] as const;

const READ_VERBS = ['get', 'list', 'search', 'find', 'show', 'lookup'] as const;
const LISTS = [
  { ref: 'evmChains', field: 'alias', file: 'evm-chains.mjs' },
  { ref: 'isoCountryCodes', field: 'alpha2', file: 'iso-country-codes.mjs' },
  { ref: 'tradingTimeframes', field: 'alias', file: 'trading-timeframes.mjs' },
] as const;

/** Weights for 1..8 tools per schema; mean ≈ 4.1, so 500 schemas ≈ 2,050 tools. */
const TOOL_COUNT_WEIGHTS = [10, 14, 18, 18, 14, 11, 8, 7];

function toolCount(r: Rng): number {
  let roll = r.next() * 100;
  for (let i = 0; i < TOOL_COUNT_WEIGHTS.length; i += 1) {
    roll -= TOOL_COUNT_WEIGHTS[i]!;
    if (roll < 0) return i + 1;
  }
  return 8;
}

/** Letters for namespace suffixes; no `f`, so no host name can contain `fs.`, which naive security scanners flag. */
const ALPHABET = 'abcdeghijklmnopqrstuvwxyz';

/** Index → fixed-width lowercase letters (`0` → `aaa`), so namespaces stay `^[a-z]+$` and unique. */
function letters(index: number, width: number): string {
  let out = '';
  for (let i = 0; i < width; i += 1) {
    out = ALPHABET[index % ALPHABET.length] + out;
    index = Math.floor(index / ALPHABET.length);
  }
  return out;
}

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const q = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

interface Param {
  key: string;
  value: string;
  location: 'insert' | 'query' | 'body';
  primitive: string;
  options: string[];
}

function param(p: Param): string {
  const options = p.options.length === 0 ? '[]' : `[ ${p.options.map(q).join(', ')} ]`;
  return (
    `{ position: { key: ${q(p.key)}, value: ${q(p.value)}, location: ${q(p.location)} }, z: { primitive: ` +
    `${q(p.primitive)}, options: ${options} } }`
  );
}

/** A random user parameter; constraints and optional/default appear in shuffled orders like in real schemas. */
function userParam(r: Rng, key: string, location: Param['location'], list: (typeof LISTS)[number] | undefined): Param {
  const kind = r.pick(['string', 'string', 'number', 'number', 'boolean', 'enum', 'array', 'object', 'list'] as const);
  const base = { key, value: '{{USER_PARAM}}', location };
  const optional = location !== 'insert' && r.chance(0.5);
  const withOptional = (constraints: string[], fallback?: string): string[] => {
    const options = [...constraints];
    if (optional) options.push('optional()');
    if (fallback !== undefined && location !== 'insert' && r.chance(0.6)) options.push(`default(${fallback})`);
    return r.chance(0.5) ? options.reverse() : options;
  };
  switch (kind) {
    case 'number': {
      const min = r.int(0, 5);
      const max = min + r.pick([10, 50, 100, 1000]);
      return { ...base, primitive: 'number()', options: withOptional([`min(${min})`, `max(${max})`], String(min + 1)) };
    }
    case 'boolean':
      return { ...base, primitive: 'boolean()', options: withOptional([], r.chance(0.5) ? 'true' : 'false') };
    case 'enum': {
      const values = ['asc', 'desc', 'relevance', 'recent', 'popular'].slice(0, r.int(2, 5));
      return { ...base, primitive: `enum(${values.join(',')})`, options: withOptional([], values[0]) };
    }
    case 'array':
      if (location === 'insert') break;
      return { ...base, primitive: 'array()', options: withOptional([`max(${r.int(5, 50)})`]) };
    case 'object':
      if (location !== 'body') break;
      return { ...base, primitive: 'object()', options: withOptional([]) };
    case 'list':
      if (list === undefined) break;
      return r.chance(0.5)
        ? { ...base, primitive: 'enum()', options: [`$${list.ref}`] }
        : { ...base, primitive: `enum({{${list.ref}:${list.field}}})`, options: [] };
    default:
      break;
  }
  const constraints = r.pick([
    [`min(${r.int(1, 3)})`],
    [`min(1)`, `max(${r.int(20, 200)})`],
    [`length(${r.int(2, 12)})`],
    ['regex(^[a-zA-Z0-9_-]{1,64}$)'],
    [],
  ]);
  return {
    ...base,
    primitive: 'string()',
    options: withOptional(constraints, constraints[0]?.startsWith('length(') ? undefined : 'all'),
  };
}

interface Tool {
  name: string;
  text: string;
}

interface ToolContext {
  readonly serverKey?: string | undefined;
  readonly keyInQuery: boolean;
  readonly list?: (typeof LISTS)[number] | undefined;
  /** Set on the first tool of a schema that declares a list, so the declaration is always used. */
  readonly useList: boolean;
}

function tool(r: Rng, name: string, noun: string, ctx: ToolContext): Tool {
  const roll = r.next();
  const method = roll < 0.84 ? 'GET' : roll < 0.94 ? 'POST' : roll < 0.97 ? 'PUT' : 'DELETE';
  const params: Param[] = [];
  let path = `/v${r.int(1, 3)}/${noun}s`;
  if (method !== 'POST' && (method !== 'GET' || r.chance(0.45))) {
    const key = `${noun}Id`;
    path += r.chance(0.5) ? `/{{${key}}}` : `/:${key}`;
    params.push({ key, value: '{{USER_PARAM}}', location: 'insert', primitive: 'string()', options: ['min(1)'] });
  }
  if (method === 'GET' && r.chance(0.2)) {
    params.push({ key: 'format', value: 'json', location: 'query', primitive: 'string()', options: [] });
  }
  const extra = method === 'DELETE' ? 0 : r.int(0, 5);
  const location: Param['location'] = method === 'POST' || method === 'PUT' ? 'body' : 'query';
  for (let i = 0; i < extra; i += 1) {
    const key =
      r.pick([
        'query',
        'limit',
        'page',
        'sort',
        'since',
        'until',
        'region',
        'category',
        'fields',
        'lang',
        'include',
        'filter',
      ]) + (i > 0 ? String(i) : '');
    params.push(userParam(r, key, location, ctx.list));
  }
  if (ctx.useList && ctx.list !== undefined) {
    const key = { evmChains: 'chain', isoCountryCodes: 'country', tradingTimeframes: 'interval' }[ctx.list.ref];
    params.push(
      r.chance(0.5)
        ? { key, value: '{{USER_PARAM}}', location, primitive: 'enum()', options: [`$${ctx.list.ref}`] }
        : {
            key,
            value: '{{USER_PARAM}}',
            location,
            primitive: `enum({{${ctx.list.ref}:${ctx.list.field}}})`,
            options: [],
          },
    );
  }
  if (ctx.serverKey !== undefined && ctx.keyInQuery) {
    params.push({
      key: 'apikey',
      value: `{{SERVER_PARAM:${ctx.serverKey}}}`,
      location: 'query',
      primitive: 'string()',
      options: [],
    });
  }
  const lines = [
    `        ${name}: {`,
    `            method: ${q(method)},`,
    `            path: ${q(path)},`,
    `            description: ` +
      `${q(
        `${capitalize(name.replace(/([A-Z])/g, ' $1').toLowerCase())} from the synthetic ${noun} API; generated ` +
          `for benchmarks.`,
      )},`,
    params.length === 0
      ? '            parameters: []'
      : `            parameters: [\n${params.map((p) => `                ${param(p)}`).join(',\n')}\n            ]`,
  ];
  if (r.chance(0.15)) {
    lines[lines.length - 1] += ',';
    lines.push(
      `            output: { mimeType: 'application/json', schema: { type: 'object', properties: { items: { type: ` +
        `'array', items: { type: 'object' } }, total: { type: 'number' } } } }`,
    );
  }
  lines.push('        }');
  return { name, text: lines.join('\n') };
}

function handlers(r: Rng, toolNames: readonly string[]): string {
  const chosen = toolNames.filter(() => r.chance(0.4)).slice(0, 3);
  if (chosen.length === 0) chosen.push(toolNames[0]!);
  const blocks = chosen.map((name) => {
    const hooks: string[] = [];
    if (r.chance(0.3)) {
      hooks.push(
        `        preRequest: async ( { struct, payload } ) => {\n            const headers = { ...struct.headers, ` +
          `'X-Request-Source': 'toolkit' }\n            return { struct: { ...struct, headers }, payload }\n        }`,
      );
    }
    hooks.push(
      `        postRequest: async ( { response, struct, payload } ) => {\n            const items = Array.isArray( ` +
        `response?.items ) ? response.items : []\n            return { response: { total: items.length, items: ` +
        `items.slice( 0, ${r.int(10, 100)} ) } }\n        }`,
    );
    return `    ${name}: {\n${hooks.join(',\n')}\n    }`;
  });
  return `export const handlers = ( { sharedLists, libraries } ) => ( {\n${blocks.join(',\n')}\n} )\n`;
}

function schemaText(r: Rng, namespace: string, domain: (typeof DOMAINS)[number]): string {
  const count = toolCount(r);
  const hasKey = r.chance(0.35);
  const serverKey = hasKey ? `${namespace.toUpperCase()}_API_KEY` : undefined;
  const keyInQuery = hasKey && r.chance(0.5);
  const list = r.chance(0.2) ? r.pick(LISTS) : undefined;
  const names = new Set<string>();
  const tools: Tool[] = [];
  while (tools.length < count) {
    const noun = r.pick(domain.nouns);
    const name =
      `${r.pick(READ_VERBS)}${capitalize(noun)}` +
      `${r.chance(0.3) ? r.pick(['Details', 'History', 'Summary', 'Stats']) : ''}`;
    if (names.has(name)) continue;
    names.add(name);
    tools.push(tool(r, name, noun, { serverKey, keyInQuery, list, useList: tools.length === 0 }));
  }
  const lines = [
    'export const main = {',
    `    namespace: ${q(namespace)},`,
    `    name: ${q(`${capitalize(namespace)}Api`)},`,
    `    description: ` +
      `${q(`Synthetic ${domain.tag} API number ${namespace} with ${count} tools, generated for benchmarks.`)},`,
    `    version: ${q(`3.${r.int(0, 4)}.${r.int(0, 9)}`)},`,
    `    docs: [ ${q(`https://docs.${namespace}.example`)} ],`,
    `    tags: [ ${q(domain.tag)}, ${q('synthetic')} ],`,
    `    root: ${q(`https://api.${namespace}.example${r.chance(0.5) ? `/v${r.int(1, 4)}` : ''}`)},`,
  ];
  if (serverKey !== undefined) {
    lines.push(`    requiredServerParams: [ ${q(serverKey)} ],`);
    if (!keyInQuery)
      lines.push(
        `    headers: { ` +
          `${
            r.chance(0.5)
              ? `Authorization: ${q(`Bearer {{${serverKey}}}`)}`
              : `'X-API-Key': ` + `${q(`{{${serverKey}}}`)}`
          } },`,
      );
  }
  if (list !== undefined) lines.push(`    sharedLists: [ { ref: ${q(list.ref)}, version: '3.0.0' } ],`);
  lines.push(`    tools: {\n${tools.map((t) => t.text).join(',\n')}\n    }`, '}', '');
  let text = lines.join('\n');
  if (r.chance(0.35))
    text += `\n${handlers(
      r,
      tools.map((t) => t.name),
    )}`;
  return text;
}

/**
 * Writes `count` schema files (plus the shared lists they may reference) under `dir` and returns the
 * schema paths in generation order. Existing files with the same names are overwritten.
 */
export function generateSchemas(dir: string, count: number, options: GenerateSchemasOptions = {}): string[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
  const r = rng(options.seed ?? 1);
  const listsDir = join(dir, '_lists');
  mkdirSync(listsDir, { recursive: true });
  for (const name of readdirSync(catalogLists)
    .filter((n) => n.endsWith('.mjs'))
    .sort())
    copyFileSync(join(catalogLists, name), join(listsDir, name));
  const width = Math.max(3, Math.ceil(Math.log(Math.max(count, 2)) / Math.log(ALPHABET.length)));
  const paths: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const domain = r.pick(DOMAINS);
    const namespace = `${domain.word}${letters(index, width)}`;
    const folder = join(dir, 'providers', namespace);
    mkdirSync(folder, { recursive: true });
    const file = join(folder, `${namespace}-api.mjs`);
    writeFileSync(file, schemaText(r, namespace, domain));
    paths.push(file);
  }
  return paths;
}
