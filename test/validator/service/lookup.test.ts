/**
 * `POST /api/lookup` against real local chains (ganache) with ERC-8004 registries compiled by solc
 * and placed at the published addresses: numeric and CAIP-2 chain ids, `rpcNodes` by alias and by
 * id, registration files of every URI kind, OASF, reputation, domain proofs, and the errors a user
 * must be able to tell apart (unknown chain, unknown agent, unreachable / refused / wrong RPC).
 */
import { suite } from 'uvu';
import { getAddress } from 'viem';
import * as assert from 'uvu/assert';
import { startValidator, type RunningValidator } from '../../../validator-service/server.ts';
import { deadPortUrl } from '../../peers/dead-port.ts';
import { CID, startWorld, type World } from '../../peers/erc8004-world.ts';
import { startLoopback } from '../../peers/listen.ts';
import { registryStamp } from '../../../validator-service/checks/registry.ts';
import { expectCode } from '../support/expect-code.ts';

const test = suite('api/lookup');
let world: World;
let service: RunningValidator;
let dead: string;

test.before(async () => {
  world = await startWorld();
  dead = await deadPortUrl();
  service = await startValidator({
    port: 0,
    ca: world.ca.ca,
    env: {
      VALIDATOR_ALLOW_HOSTS: `${world.allowHosts},${new URL(dead).host}`,
      VALIDATOR_IPFS_GATEWAY: world.files.url,
      VALIDATOR_RATE_LIMIT: '1000',
    },
  });
});
test.after(async () => {
  await service?.close();
  await world?.close();
});

type Lookup = Record<string, any> & { messages: any[] };
const lookup = async (body: unknown): Promise<{ status: number; body: Lookup }> => {
  const response = await fetch(`${service.url}/api/lookup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Lookup };
};
const sepoliaNodes = () => ({ 'base-sepolia': world.sepolia.rpcUrl });

test(
  'numeric chain id: owner, URI, endpoints, OASF, reputation from getClients + getSummary; ' + 'a clean pass',
  async () => {
    const { status, body } = await lookup({
      agentId: Number(world.agents.data),
      chainId: 84532,
      rpcNodes: sepoliaNodes(),
    });
    assert.is(status, 200, JSON.stringify(body));
    assert.is(body.owner, getAddress(world.sepolia.accounts[1]!));
    assert.is(body.uriKind, 'data');
    assert.is(body.chain.caip2, 'eip155:84532');
    assert.equal(body.registries, {
      identity: '0x8004A818BFB912233c491871b3d84c89A494BD9e',
      reputation: '0x8004B663056A597Dffe9eCcC1965A193B7388713',
    });
    assert.equal(body.rpc, { origin: new URL(world.sepolia.rpcUrl).origin, source: 'rpcNodes' });
    assert.equal(
      body.endpoints.map((e: Lookup) => [e.name, e.domainVerified]),
      [
        ['MCP', true],
        ['A2A', true],
        ['OASF', null],
      ],
    );
    assert.equal(body.oasf.domains, ['retail/e_commerce']);
    assert.is(body.oasf.skills.length, 2);
    assert.equal(body.reputation, {
      clientCount: 2,
      feedbackCount: 2,
      averageValue: '89.885',
      summaryValue: '89885000000000000000',
      valueDecimals: 18,
    });
    assert.is(body.status, 'pass', JSON.stringify(body.messages));
    assert.ok(
      body.categories.isOnChainVerified && body.categories.isSpecCompliant && body.categories.hasOnChainReputation,
    );
    assert.equal(
      body.messages.filter((m: Lookup) => m.severity !== 'info'),
      [],
    );
    assert.ok(body.rpcCalls >= 5, 'eth_chainId, ownerOf, tokenURI, getClients, getSummary');
    assert.ok(body.rpcRequests < body.rpcCalls, 'batched');
    expectCode(body, 'ERC-001', /owned by .*inline data: URI/);
    expectCode(body, 'ERC-013');
    expectCode(body, 'ERC-017');
    expectCode(body, 'ERC-018', /2 feedback from 2 client/);
    expectCode(body, 'ERC-021');
    assert.equal(body.checks, registryStamp, 'the answer names the check registry');
  },
);

test('registration files that cannot be used are 200 with a finding, never an error status', async () => {
  // An https URL where nothing listens (the reported 500: TypeError Invalid URL), one that is no URL,
  // a file that is [].
  for (const [agent, pattern] of [
    [world.agents.unreachable, /could not fetch \(refused\)/],
    [world.agents.invalidUrl, /not a valid URL/],
  ] as const) {
    const { status, body } = await lookup({ agentId: Number(agent), chainId: 84532, rpcNodes: sepoliaNodes() });
    assert.is(status, 200, JSON.stringify(body));
    assert.is(body.status, 'fail');
    expectCode(body, 'ERC-002', pattern);
  }
  const { status, body } = await lookup({
    agentId: Number(world.agents.notObject),
    chainId: 84532,
    rpcNodes: sepoliaNodes(),
  });
  assert.is(status, 200);
  expectCode(body, 'ERC-003');
  const misnamed = await lookup({ agentId: Number(world.agents.misnamed), chainId: 84532, rpcNodes: sepoliaNodes() });
  expectCode(misnamed.body, 'ERC-012');
  expectCode(misnamed.body, 'ERC-022', /does not confirm the agent/);
});

test('a reputation registry the RPC node cannot read is a warning (ERC-020), the lookup still answers', async () => {
  // An RPC node that serves the chain but fails every call to the Reputation Registry.
  const reputation = '0x8004B663056A597Dffe9eCcC1965A193B7388713'.toLowerCase();
  const proxy = await startLoopback(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    const one = async (call: { id: unknown; method: string; params?: { to?: string }[] }) =>
      call.method === 'eth_call' && call.params?.[0]?.to?.toLowerCase() === reputation
        ? { jsonrpc: '2.0', id: call.id, error: { code: -32000, message: 'header not found' } }
        : (
            await fetch(world.sepolia.rpcUrl, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(call),
            })
          ).json();
    const answer = Array.isArray(body) ? await Promise.all(body.map(one)) : await one(body as never);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  const proxied = await startValidator({
    port: 0,
    ca: world.ca.ca,
    env: { VALIDATOR_ALLOW_HOSTS: `${world.allowHosts},127.0.0.1:${proxy.port}`, VALIDATOR_RATE_LIMIT: '1000' },
  });
  try {
    const response = await fetch(`${proxied.url}/api/lookup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        agentId: Number(world.agents.data),
        chainId: 84532,
        rpcNodes: { 'base-sepolia': proxy.url },
      }),
    });
    assert.is(response.status, 200);
    const body = (await response.json()) as Lookup;
    assert.is(body.reputation, null);
    expectCode(body, 'ERC-020');
  } finally {
    await proxied.close();
    await proxy.close();
  }
});

test('CAIP-2 chain id and rpcNodes keyed by chain id give the same answer', async () => {
  const a = await lookup({
    agentId: String(world.agents.data),
    chainId: 'eip155:84532',
    rpcNodes: { 84532: world.sepolia.rpcUrl },
  });
  const b = await lookup({
    agentId: Number(world.agents.data),
    chainId: 84532,
    rpcNodes: { 'eip155:84532': world.sepolia.rpcUrl },
  });
  assert.is(a.status, 200);
  for (const key of ['owner', 'agentUri', 'endpoints', 'oasf', 'reputation', 'status'])
    assert.equal(a.body[key], b.body[key], key);
});

test(
  'each URI kind: https (guarded, test CA), ipfs (gateway), inline JSON (legacy fields flagged), gzip ' +
    'data, plain http',
  async () => {
    const https = await lookup({ agentId: Number(world.agents.https), chainId: 84532, rpcNodes: sepoliaNodes() });
    assert.is(https.body.uriKind, 'https');
    assert.is(https.body.status, 'pass', JSON.stringify(https.body.messages));
    assert.match(https.body.registrationUrl, /^https:\/\/localhost:\d+\/agents\/1\.json$/);
    const ipfs = await lookup({ agentId: Number(world.agents.ipfs), chainId: 84532, rpcNodes: sepoliaNodes() });
    assert.is(ipfs.body.uriKind, 'ipfs');
    assert.is(ipfs.body.registrationUrl, `${world.files.url}/ipfs/${CID}`);
    assert.is(ipfs.body.registration.name, 'Lamp agent 2');
    const json = await lookup({ agentId: Number(world.agents.json), chainId: 84532, rpcNodes: sepoliaNodes() });
    assert.is(json.body.uriKind, 'json');
    const codes = json.body.messages.map((m: Lookup) => m.code);
    for (const code of ['ERC-004', 'ERC-006', 'ERC-008', 'ERC-014', 'ERC-013']) assert.ok(codes.includes(code), code);
    expectCode(json.body, 'ERC-004');
    expectCode(json.body, 'ERC-006');
    expectCode(json.body, 'ERC-008');
    expectCode(json.body, 'ERC-014');
    assert.equal(json.body.oasf, { skills: ['analytical_skills/coding_skills'], domains: [], source: 'top-level' });
    assert.is(json.body.status, 'pass', 'warnings only');
    assert.is(json.body.categories.isSpecCompliant, false);
    const gzip = await lookup({ agentId: Number(world.agents.gzip), chainId: 84532, rpcNodes: sepoliaNodes() });
    assert.is(gzip.body.registration.name, 'Lamp agent 4');
    const http = await lookup({ agentId: Number(world.agents.http), chainId: 84532, rpcNodes: sepoliaNodes() });
    assert.is(http.body.uriKind, 'http');
    assert.is(http.body.registration.name, 'Lamp agent 6');
    expectCode(http.body, 'ERC-023');
  },
);

test('a registration file that is not JSON fails with ERC-002', async () => {
  const { status, body } = await lookup({
    agentId: Number(world.agents.broken),
    chainId: 84532,
    rpcNodes: sepoliaNodes(),
  });
  assert.is(status, 200);
  assert.is(body.status, 'fail');
  expectCode(body, 'ERC-002');
});

test('mainnet chain: the mainnet registry addresses are used (not the testnet ones)', async () => {
  const { status, body } = await lookup({ agentId: 0, chainId: 8453, rpcNodes: { base: world.base.rpcUrl } });
  assert.is(status, 200, JSON.stringify(body));
  assert.is(body.registries.identity, '0x8004A169FB4a3325136EB29fA0ceB6D2e539a432');
  assert.is(body.registration.name, 'Base lamp agent');
  assert.is(body.reputation.feedbackCount, 0);
  expectCode(body, 'ERC-019');
});

test('unknown chain: 400 naming chainId and the known chains', async () => {
  const { status, body } = await lookup({ agentId: 1, chainId: 'eip155:999999' });
  assert.is(status, 400);
  assert.is(body.error.field, 'chainId');
  assert.match(body.error.message, /unknown chain 999999 \(known: 1 \(ethereum\), 8453 \(base\)/);
  const alias = await lookup({ agentId: 1, chainId: 84532, rpcNodes: { 'moon-chain': world.sepolia.rpcUrl } });
  assert.is(alias.status, 400);
  assert.is(alias.body.error.field, 'rpcNodes.moon-chain');
});

test('unknown agent: 404 agent_not_found naming the registry and chain', async () => {
  const { status, body } = await lookup({ agentId: 4242, chainId: 84532, rpcNodes: sepoliaNodes() });
  assert.is(status, 404);
  assert.is(body.error.code, 'agent_not_found');
  assert.match(
    body.error.message,
    new RegExp(
      'Agent 4242 is not registered in the Identity Registry 0x8004A818BFB912233c491871b3d84c89A494BD9e on Base ' +
        'Sepolia \\(84532\\)',
    ),
  );
});

test('unreachable RPC node: 502 rpc_unreachable; an RPC of another chain: 502 rpc_wrong_chain', async () => {
  const down = await lookup({ agentId: 0, chainId: 84532, rpcNodes: { 'base-sepolia': dead } });
  assert.is(down.status, 502);
  assert.is(down.body.error.code, 'rpc_unreachable');
  assert.match(down.body.error.message, /did not answer/);
  const wrong = await lookup({ agentId: 0, chainId: 8453, rpcNodes: { base: world.sepolia.rpcUrl } });
  assert.is(wrong.status, 502);
  assert.is(wrong.body.error.code, 'rpc_wrong_chain');
  assert.match(wrong.body.error.message, /serves chain 84532, not Base \(8453\)/);
});

test('a caller-given RPC URL goes through the SSRF guard: private and metadata addresses are refused', async () => {
  for (const rpc of ['http://10.1.2.3:8545/', 'http://169.254.169.254/', 'http://[::ffff:0:7f00:1]:8545/']) {
    const { status, body } = await lookup({ agentId: 0, chainId: 84532, rpcNodes: { 'base-sepolia': rpc } });
    assert.is(status, 400, rpc);
    assert.is(body.error.code, 'target_not_allowed');
    assert.is(body.error.field, 'rpcNodes.base-sepolia');
  }
});

test('the RPC URL path (where API keys live) never appears in the answer', async () => {
  const keyed = `${world.sepolia.rpcUrl}/v3/${process.env['TOOLKIT_TEST_CANARY'] ?? 'secret-key'}`;
  const { body } = await lookup({
    agentId: Number(world.agents.data),
    chainId: 84532,
    rpcNodes: { 'base-sepolia': keyed },
  });
  assert.not.match(JSON.stringify(body), /\/v3\//);
});

test('the MCP face: lookup_agent returns the same lookup', async () => {
  const response = await fetch(`${service.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'lookup_agent',
        arguments: { agentId: Number(world.agents.data), chainId: 'eip155:84532', rpcNodes: sepoliaNodes() },
      },
    }),
  });
  const text = await response.text();
  const sse = /event-stream/.test(response.headers.get('content-type') ?? '');
  const payload = JSON.parse(
    sse
      ? text
          .split('\n')
          .find((l) => l.startsWith('data: '))!
          .slice(6)
      : text,
  ) as { result: { structuredContent: Lookup; content: { text: string }[] } };
  assert.is(payload.result.structuredContent.owner, getAddress(world.sepolia.accounts[1]!));
  assert.match(payload.result.content[0]!.text, /reputation: average 89\.885 from 2 feedback/);
});

test.run();
