/**
 * What a client sees and may send: only visible parameters in `inputSchema`, typed defaults, the
 * constraints of every option whatever order they were written in; invalid input of a known tool is
 * a tool error (SEP-1303); unknown tools and malformed requests stay JSON-RPC errors.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { createTestCa, type TestCa } from '../support/tls.ts';
import { arr, bool, num, obj, oneOf, param, schema, str, tool } from './support/models.ts';
import { assertNoCanary, CANARY, spawnStdio, textOf, type Spawned } from './support/spawn-server.ts';
import { startUpstream, type Upstream } from './support/upstream.ts';

const test = suite('input schema');
let ca: TestCa;
let upstream: Upstream;
let served: Spawned;

test.before(async () => {
  ca = createTestCa();
  upstream = await startUpstream(ca);
  served = await spawnStdio({
    caFile: ca.caFile,
    env: { IN_KEY: CANARY },
    schemas: [
      schema(
        'shape',
        [
          tool(
            'everything',
            'POST',
            [`${upstream.origin}/e`],
            [
              param('name', 'body', str, { min: 2, max: 5 }, [{ user: true }], 'a short name'),
              param('code', 'body', str, { length: 3, regex: '^[A-Z]+$' }),
              // The catalog's wrong-order shape: optional(), default(10), min(1), max(100) — normalised by the model.
              param('limit', 'body', num, { optional: true, default: 10, min: 1, max: 100 }),
              param('flag', 'body', bool, { optional: true, default: false }),
              param('side', 'body', oneOf('buy', 'sell')),
              param('ids', 'body', arr, { optional: true, min: 1, max: 2 }),
              param('filter', 'body', obj, { optional: true }),
              param('fixed', 'body', str, {}, ['constant']),
              param('key', 'body', str, {}, [{ server: 'IN_KEY' }]),
            ],
          ),
        ],
        { requiredServerParams: ['IN_KEY'] },
      ),
    ],
  });
});

test.after(async () => {
  await served?.close();
  await upstream?.close();
  assertNoCanary();
});

test('inputSchema lists only visible parameters, with constraints and typed defaults', async () => {
  const { tools } = await served.client.listTools();
  assert.is(tools.length, 1);
  const [t] = tools;
  assert.is(t!.name, 'everything_shape');
  assert.equal(t!.inputSchema, {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'code', 'side'],
    properties: {
      name: { type: 'string', minLength: 2, maxLength: 5, description: 'a short name' },
      code: { type: 'string', minLength: 3, maxLength: 3, pattern: '^[A-Z]+$' },
      limit: { type: 'number', minimum: 1, maximum: 100, default: 10 },
      flag: { type: 'boolean', default: false },
      side: { type: 'string', enum: ['buy', 'sell'] },
      ids: { type: 'array', minItems: 1, maxItems: 2 },
      filter: { type: 'object' },
    },
  });
});

test('valid input: defaults are applied with their types, objects pass through whole', async () => {
  const result = await served.client.callTool({
    name: 'everything_shape',
    arguments: { name: 'abc', code: 'XYZ', side: 'buy', filter: { a: { b: [1] } } },
  });
  assert.not.ok(result.isError, textOf(result));
  const body = JSON.parse(upstream.seen[upstream.seen.length - 1]!.body);
  assert.equal(body, {
    name: 'abc',
    code: 'XYZ',
    limit: 10,
    flag: false,
    side: 'buy',
    filter: { a: { b: [1] } },
    fixed: 'constant',
    key: CANARY,
  });
});

test('each constraint is enforced as a tool error the model can read, and nothing is sent', async () => {
  const before = upstream.seen.length;
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ name: 'a', code: 'XYZ', side: 'buy' }, /name: Too small/],
    [{ name: 'abcdef', code: 'XYZ', side: 'buy' }, /name: Too big/],
    [{ name: 'abc', code: 'XY', side: 'buy' }, /code: Too small/],
    [{ name: 'abc', code: 'xyz', side: 'buy' }, /code: Invalid string/],
    [{ name: 'abc', code: 'XYZ', side: 'hold' }, /side: Invalid option/],
    [{ name: 'abc', code: 'XYZ', side: 'buy', limit: 0 }, /limit: Too small/],
    [{ name: 'abc', code: 'XYZ', side: 'buy', limit: '10' }, /limit: Invalid input: expected number/],
    [{ name: 'abc', code: 'XYZ', side: 'buy', ids: [1, 2, 3] }, /ids: Too big/],
    [{ name: 'abc', code: 'XYZ', side: 'buy', flag: 'yes' }, /flag: Invalid input: expected boolean/],
    [{ code: 'XYZ', side: 'buy' }, /name: Invalid input/],
    [{ name: 'abc', code: 'XYZ', side: 'buy', fixed: 'other' }, /Unrecognized key: "fixed"/],
  ];
  for (const [args, expected] of cases) {
    const result = await served.client.callTool({ name: 'everything_shape', arguments: args });
    assert.ok(result.isError, JSON.stringify(args));
    const text = textOf(result);
    assert.match(text, /^invalid arguments for everything_shape: /);
    assert.match(text, expected);
  }
  assert.is(upstream.seen.length, before);
});

test('an unknown tool is a JSON-RPC error (InvalidParams), not a tool result', async () => {
  try {
    await served.client.callTool({ name: 'nope_shape', arguments: {} });
    assert.unreachable('should have thrown');
  } catch (error) {
    assert.instance(error, McpError);
    assert.is((error as McpError).code, -32602);
    assert.match((error as McpError).message, /Unknown tool: nope_shape/);
  }
});

test('arguments that are not an object are a JSON-RPC error from the protocol layer', async () => {
  try {
    await served.client.request(
      {
        method: 'tools/call',
        params: { name: 'everything_shape', arguments: [1, 2] as unknown as Record<string, unknown> },
      },
      (await import('@modelcontextprotocol/sdk/types.js')).CallToolResultSchema,
    );
    assert.unreachable('should have thrown');
  } catch (error) {
    assert.instance(error, McpError);
    assert.is((error as McpError).code, -32602);
  }
});

test.run();
