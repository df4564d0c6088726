/**
 * Every numeric option at its boundary, end to end: a schema file with `min()`, `max()` and
 * `length()` on numbers, strings and arrays, served by `toolkit server` to the SDK client over stdio.
 * Each bound is inclusive: the boundary value itself is accepted and reaches the upstream, the value
 * just past it is refused naming the parameter (nothing sent), and the listed input schema states
 * the inclusive JSON Schema keyword with the same number (never an exclusive one).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createTestCa, type TestCa } from '../support/tls.ts';
import { textOf } from './support/spawn-server.ts';
import { startUpstream, type Upstream } from './support/upstream.ts';

const test = suite('numeric options at their boundaries');
const BIN = resolve(import.meta.dirname, '../../cli/bin.mjs');

/** Each optional query parameter, its options, and [accepted, refused] values at each of its bounds. */
const PARAMETERS = [
  {
    key: 'days',
    primitive: 'number()',
    options: ['min(1)', 'max(7)'],
    bounds: [
      [1, 0.999],
      [7, 7.001],
    ],
  },
  {
    key: 'lat',
    primitive: 'number()',
    options: ['min(-90.5)', 'max(90.5)'],
    bounds: [
      [-90.5, -90.51],
      [90.5, 90.51],
    ],
  },
  {
    key: 'code',
    primitive: 'string()',
    options: ['min(2)', 'max(5)'],
    bounds: [
      ['ab', 'a'],
      ['abcde', 'abcdef'],
    ],
  },
  {
    key: 'pin',
    primitive: 'string()',
    options: ['length(4)'],
    bounds: [
      ['1234', '123'],
      ['1234', '12345'],
    ],
  },
  {
    key: 'tags',
    primitive: 'array()',
    options: ['min(1)', 'max(3)'],
    bounds: [
      [['a'], []],
      [
        ['a', 'b', 'c'],
        ['a', 'b', 'c', 'd'],
      ],
    ],
  },
  {
    key: 'pair',
    primitive: 'array()',
    options: ['length(2)'],
    bounds: [
      [['a', 'b'], ['a']],
      [
        ['a', 'b'],
        ['a', 'b', 'c'],
      ],
    ],
  },
] as const;

/** The inclusive JSON Schema keywords each option must be listed as, per primitive. */
const EXPECTED_SCHEMA: Record<string, Record<string, number>> = {
  days: { minimum: 1, maximum: 7 },
  lat: { minimum: -90.5, maximum: 90.5 },
  code: { minLength: 2, maxLength: 5 },
  pin: { minLength: 4, maxLength: 4 },
  tags: { minItems: 1, maxItems: 3 },
  pair: { minItems: 2, maxItems: 2 },
};

const schemaFile = (root: string) => `export const main = {
    namespace: 'bounds',
    name: 'Bounds',
    description: 'Every numeric option on loopback.',
    version: '3.0.0',
    root: '${root}',
    requiredServerParams: [],
    headers: {},
    tools: {
        probe: {
            method: 'GET',
            path: '/probe',
            description: 'Takes every bounded parameter.',
            parameters: [
${PARAMETERS.map(
  ({ key, primitive, options }) =>
    `                { position: { key: '${key}', value: '{{USER_PARAM}}', location: 'query' }, ` +
    `z: { primitive: '${primitive}', options: [ 'optional()', ${options.map((o) => `'${o}'`).join(', ')} ] } }`,
).join(',\n')}
            ]
        }
    }
}
`;

let ca: TestCa;
let upstream: Upstream;
let client: Client;

test.before(async () => {
  ca = createTestCa();
  upstream = await startUpstream(ca);
  const project = mkdtempSync(join(tmpdir(), 'toolkit-bounds-'));
  const home = mkdtempSync(join(tmpdir(), 'toolkit-home-'));
  mkdirSync(join(project, 'schemas', 'bounds'), { recursive: true });
  writeFileSync(join(project, 'schemas', 'bounds', 'bounds.mjs'), schemaFile(upstream.origin));
  const env = { PATH: process.env.PATH ?? '', HOME: home, NODE_EXTRA_CA_CERTS: ca.caFile };
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'server'],
    env,
    cwd: project,
    stderr: 'pipe',
  });
  client = new Client({ name: 'bounds-test', version: '0' });
  await client.connect(transport);
});

test.after(async () => {
  await client?.close();
  await upstream?.close();
});

test('the listed input schema states each bound with its inclusive keyword', async () => {
  const { tools } = await client.listTools();
  const probe = tools.find((t) => t.name === 'probe_bounds')!;
  const properties = probe.inputSchema.properties as Record<string, Record<string, unknown>>;
  for (const [key, expected] of Object.entries(EXPECTED_SCHEMA)) {
    const listed = properties[key]!;
    for (const [keyword, value] of Object.entries(expected)) assert.is(listed[keyword], value, `${key}.${keyword}`);
    for (const exclusive of ['exclusiveMinimum', 'exclusiveMaximum']) {
      assert.is(listed[exclusive], undefined, `${key}.${exclusive}`);
    }
  }
});

for (const { key, bounds } of PARAMETERS) {
  for (const [index, [accepted, refused]] of bounds.entries()) {
    const side = index === 0 ? 'lower' : 'upper';
    const [atBound, pastBound] = [JSON.stringify(accepted), JSON.stringify(refused)];
    const title = `${key}: ${atBound} (the ${side} bound) is accepted, ${pastBound} is refused`;
    test(title, async () => {
      const sent = upstream.seen.length;
      const ok = await client.callTool({ name: 'probe_bounds', arguments: { [key]: accepted } });
      assert.not.ok(ok.isError, `${key}=${JSON.stringify(accepted)}: ${textOf(ok)}`);
      assert.is(upstream.seen.length, sent + 1, 'the accepted value reached the upstream');
      const query = new URL(upstream.seen.at(-1)!.url, 'https://x').searchParams.get(key);
      assert.is(query, Array.isArray(accepted) ? accepted.join(',') : String(accepted));
      const no = await client.callTool({ name: 'probe_bounds', arguments: { [key]: refused } });
      assert.ok(no.isError, `${key}=${JSON.stringify(refused)} was accepted: ${textOf(no)}`);
      assert.match(textOf(no), new RegExp(`\\b${key}\\b`));
      assert.is(upstream.seen.length, sent + 1, 'nothing was sent for the refused value');
    });
  }
}

test.run();
