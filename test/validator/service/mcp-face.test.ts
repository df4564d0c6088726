/**
 * The validator's `/mcp` face with the real SDK Client over Streamable HTTP against the started
 * service: tools listed, `validate_endpoint` assessing a real loopback MCP peer, SSRF refusals and
 * lookup as readable `isError` results, and the same auth as the API.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startValidator, type RunningValidator } from '../../../validator-service/server.ts';
import { fixedLayer, mcpProbeLayer } from './support/fake-layers.ts';
import { startStreamableMcpServer, type StreamablePeer } from '../../peers/mcp-streamable-server.ts';

const TOKEN = 'face-token-0123456789abcdef';
let peer: StreamablePeer;
let open: RunningValidator;
let locked: RunningValidator;

test.before(async () => {
  peer = await startStreamableMcpServer({ name: 'face-peer', jsonResponse: true });
  const env = { VALIDATOR_ALLOW_HOSTS: new URL(peer.url).host };
  const layers = [mcpProbeLayer(), fixedLayer('http', 'pass')];
  open = await startValidator({ port: 0, env, layers });
  locked = await startValidator({ port: 0, env: { ...env, API_TOKEN: TOKEN }, layers });
});
test.after(async () => {
  await open.close();
  await locked.close();
  await peer.close();
});

async function connect(base: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'face-test', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));
  return client;
}

test('the face lists validate_endpoint and lookup_agent with their input schemas', async () => {
  const client = await connect(open.url);
  const { tools } = await client.listTools();
  assert.equal(tools.map((t) => t.name).sort(), ['lookup_agent', 'validate_endpoint']);
  const validate = tools.find((t) => t.name === 'validate_endpoint')!;
  assert.equal(validate.inputSchema.required, ['url']);
  await client.close();
});

test('validate_endpoint assesses a real loopback MCP peer and returns sections', async () => {
  const client = await connect(open.url);
  const result = (await client.callTool({ name: 'validate_endpoint', arguments: { url: peer.url } })) as CallToolResult;
  assert.not.ok(result.isError);
  const sections = result.structuredContent as Record<string, { status: string; summary: Record<string, unknown> }>;
  assert.is(sections['mcp']!.status, 'pass');
  assert.is(sections['mcp']!.summary['serverName'], 'face-peer');
  assert.is(sections['a2a']!.status, 'not_detected');
  const text = (result.content[0] as { text: string }).text;
  assert.match(text, /MCP: pass/);
  await client.close();
});

test('validate_endpoint refuses private targets with a readable isError result', async () => {
  const client = await connect(open.url);
  const result = (await client.callTool({
    name: 'validate_endpoint',
    arguments: { url: 'http://169.254.169.254/latest/' },
  })) as CallToolResult;
  assert.is(result.isError, true);
  assert.match((result.content[0] as { text: string }).text, /169\.254\.169\.254.*link-local/);
  const missing = (await client.callTool({ name: 'validate_endpoint', arguments: {} })) as CallToolResult;
  assert.is(missing.isError, true);
  await client.close();
});

test('lookup_agent validates its input and refuses private RPC URLs with a readable isError result', async () => {
  const client = await connect(open.url);
  const bad = (await client.callTool({
    name: 'lookup_agent',
    arguments: { agentId: 'x', chainId: 1 },
  })) as CallToolResult;
  assert.is(bad.isError, true);
  assert.match((bad.content[0] as { text: string }).text, /agentId/);
  const refused = (await client.callTool({
    name: 'lookup_agent',
    arguments: { agentId: 5, chainId: 'eip155:8453', rpcNodes: { base: 'http://10.0.0.1:8545/' } },
  })) as CallToolResult;
  assert.is(refused.isError, true);
  assert.match((refused.content[0] as { text: string }).text, /rpcNodes\.base: refused to contact 10\.0\.0\.1/);
  await client.close();
});

test('with API_TOKEN the face refuses a client without the token and serves one with it', async () => {
  try {
    await connect(locked.url);
    assert.unreachable('connect without token should fail');
  } catch (error) {
    assert.match(String((error as Error).message), /401|Unauthorized|unauthorized/);
  }
  const client = await connect(locked.url, { authorization: `Bearer ${TOKEN}` });
  assert.is((await client.listTools()).tools.length, 2);
  await client.close();
});

test.run();
