/**
 * A card is a JSON object. An endpoint whose well-known card locations answer 200 with JSON that is
 * not one (`[]`, an array holding a good card, `null`, a string, a number, `true`) has no agent card
 * and no server card: the A2A layer says not detected (A2A-029 names the location) and the MCP
 * server-card lookup finds nothing. The same locations serving the object itself are found, so the
 * refusal is the shape's, not the path's.
 */
import { createServer } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { a2aLayer } from '../../../validator-service/layers/a2a.ts';
import { findServerCard, serverCardSchema } from '../../../validator-service/layers/mcp/server-card.ts';
import { closeServer, listen } from '../../peers/listen.ts';
import { expectCode, expectNoCode } from '../support/expect-code.ts';
import { runLayer, testContext } from './support.ts';

let origin = '';
/** What every card location answers (200, `application/json`). */
let served = '';
const CARD_PATHS = new Set([
  '/.well-known/agent-card.json',
  '/.well-known/agent.json',
  '/mcp/server-card',
  '/.well-known/mcp/server-card.json',
  '/.well-known/mcp.json',
  '/.well-known/mcp',
]);
const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (req.method === 'GET' && CARD_PATHS.has(path)) {
    res.writeHead(200, { 'content-type': 'application/json' }).end(served);
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
});
test.before(async () => {
  origin = `http://127.0.0.1:${await listen(server)}`;
});
test.after(() => closeServer(server));

const agentCard = (url: string) => ({
  protocolVersion: '0.3.0',
  name: 'Card agent',
  description: 'An agent.',
  url,
  version: '1.0.0',
  capabilities: {},
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 'echo', name: 'Echo', description: 'Echoes.', tags: ['echo'] }],
});
const serverCard = (url: string) => ({
  $schema: serverCardSchema,
  name: 'example/card',
  version: '1.0.0',
  description: 'A server.',
  remotes: [{ type: 'streamable-http', url }],
});

const NOT_OBJECTS: readonly [string, (url: string) => string][] = [
  ['an empty array', () => '[]'],
  ['an array holding a good agent card', (url) => JSON.stringify([agentCard(url)])],
  ['an array holding a good server card', (url) => JSON.stringify([serverCard(url)])],
  ['null', () => 'null'],
  ['a string', () => JSON.stringify('{"name":"card"}')],
  ['a number', () => '42'],
  ['true', () => 'true'],
];

for (const [name, body] of NOT_OBJECTS) {
  test(`${name} at the card locations is no card: A2A not detected (A2A-029), no MCP server card`, async () => {
    const endpoint = `${origin}/mcp`;
    served = body(endpoint);
    const a2a = await runLayer(a2aLayer, testContext(endpoint));
    assert.is(a2a.status, 'not_detected', JSON.stringify(a2a.messages));
    expectCode(a2a, 'A2A-029', /agent-card\.json answers 200 with JSON that is not an object/);
    expectNoCode(a2a, 'A2A-001');
    assert.is(await findServerCard(testContext(endpoint)), null);
  });
}

test('the same locations serving objects are found (the control)', async () => {
  const endpoint = `${origin}/mcp`;
  served = JSON.stringify({ ...agentCard(endpoint), ...serverCard(endpoint) });
  const a2a = await runLayer(a2aLayer, testContext(endpoint));
  expectCode(a2a, 'A2A-001');
  expectNoCode(a2a, 'A2A-029');
  const card = await findServerCard(testContext(endpoint));
  assert.ok(card, 'the server card is found');
  assert.is(card.convention, 'sep-2127');
  assert.ok(card.listsEndpoint);
});

test.run();
