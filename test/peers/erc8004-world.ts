/**
 * Everything an ERC-8004 test looks at, on loopback: two local chains (Base Sepolia 84532 with the
 * testnet registries, Base 8453 with the mainnet ones), agents registered with a registration file of
 * each URI kind, feedback from two clients, an HTTPS file host that is also the IPFS gateway, an
 * agent site whose `/.well-known/agent-registration.json` confirms its agents, and a stranger site
 * that claims an agent whose registration does not list it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { createTestCa, type TestCa } from '../support/tls.ts';
import { startLocalChain, type LocalChain } from './erc8004-chain.ts';
import { startLoopback, type LoopbackPeer } from './listen.ts';
import { deadPortUrl } from './dead-port.ts';

export const REGISTRATION_TYPE = 'https://eips.ethereum.org/EIPS/eip-8004#registration-v1';
export const CID = 'bafkreih5aznjvttude6c3wbvqeebb6rlx5wkbzyppv7garjiubll2ceym4';

export interface World {
  readonly ca: TestCa;
  readonly sepolia: LocalChain;
  readonly base: LocalChain;
  readonly files: LoopbackPeer;
  readonly site: LoopbackPeer;
  readonly stranger: LoopbackPeer;
  /** Agent ids on Base Sepolia by URI kind. */
  readonly agents: {
    readonly data: bigint;
    readonly https: bigint;
    readonly ipfs: bigint;
    readonly json: bigint;
    readonly gzip: bigint;
    readonly broken: bigint;
    readonly http: bigint;
    /**
     * Registration URL on a port where nothing listens (allowlisted), one that is no URL, a file that
     * is `[]`, one naming another agent with an endpoint on the stranger site.
     */
    readonly unreachable: bigint;
    readonly invalidUrl: bigint;
    readonly notObject: bigint;
    readonly misnamed: bigint;
  };
  /** Agent id on Base (mainnet registries). */
  readonly baseAgent: bigint;
  /** Every host a test must allowlist. */
  readonly allowHosts: string;
  close(): Promise<void>;
}

/** A registration file for agent `id` on chain `chainId` (registry `registry`) served by `site`. */
export function registrationFile(opts: {
  id: bigint;
  chainId: number;
  registry: string;
  site: string;
  name?: string;
}): Record<string, unknown> {
  return {
    type: REGISTRATION_TYPE,
    name: opts.name ?? `Lamp agent ${opts.id}`,
    description: 'Sells lamps over MCP and A2A.',
    image: `${opts.site}/logo.png`,
    services: [
      { name: 'MCP', endpoint: `${opts.site}/mcp`, version: '2025-06-18' },
      { name: 'A2A', endpoint: `${opts.site}/.well-known/agent-card.json`, version: '0.3.0' },
      {
        name: 'OASF',
        endpoint: 'https://github.com/agntcy/oasf/',
        version: '0.8',
        skills: [
          'natural_language_processing/natural_language_generation/text_completion',
          'tool_interaction/api_schema_understanding',
        ],
        domains: ['retail/e_commerce'],
      },
    ],
    x402Support: true,
    active: true,
    registrations: [{ agentId: Number(opts.id), agentRegistry: `eip155:${opts.chainId}:${opts.registry}` }],
    supportedTrust: ['reputation'],
  };
}

const json = (res: ServerResponse, body: unknown, status = 200) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

export async function startWorld(): Promise<World> {
  const ca = createTestCa();
  const [sepolia, base] = await Promise.all([startLocalChain(84532, 'testnet'), startLocalChain(8453, 'mainnet')]);
  const routes = new Map<string, unknown>();
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (routes.has(path)) return json(res, routes.get(path));
    json(res, { error: 'not found' }, 404);
  };
  const siteRoutes = new Map<string, unknown>();
  const strangerRoutes = new Map<string, unknown>();
  const [files, site, stranger] = await Promise.all([
    startLoopback(handler, { key: ca.key, cert: ca.cert }),
    startLoopback((req, res) => {
      const p = new URL(req.url ?? '/', 'http://x').pathname;
      if (siteRoutes.has(p)) json(res, siteRoutes.get(p));
      else json(res, { error: 'not found' }, 404);
    }),
    startLoopback((req, res) => {
      const p = new URL(req.url ?? '/', 'http://x').pathname;
      if (strangerRoutes.has(p)) json(res, strangerRoutes.get(p));
      else json(res, { error: 'not found' }, 404);
    }),
  ]);
  const reg = sepolia.registries.identity;
  const file = (id: bigint) => registrationFile({ id, chainId: 84532, registry: reg, site: site.url });
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');

  // Agent ids are sequential from 0, so each file can name its own id before registration.
  const data = await sepolia.register(`data:application/json;base64,${b64(file(0n))}`);
  routes.set('/agents/1.json', file(1n));
  const https = await sepolia.register(`${files.url.replace('127.0.0.1', 'localhost')}/agents/1.json`);
  routes.set(`/ipfs/${CID}`, file(2n));
  const ipfs = await sepolia.register(`ipfs://${CID}`);
  // Plain JSON in the URI, in the pre-2026 shape real mainnet files still use.
  const legacy = {
    name: 'Legacy agent',
    description: 'Old field names.',
    endpoints: [{ name: 'mcp', endpoint: `${site.url}/mcp` }],
    x402support: true,
    oasf_skills: ['analytical_skills/coding_skills'],
    registrations: [{ agentId: 3, agentRegistry: `eip155:84532:${reg}` }],
  };
  const json3 = await sepolia.register(JSON.stringify(legacy));
  const gzip = await sepolia.register(
    `data:application/json;enc=gzip;level=6;base64,${gzipSync(JSON.stringify(file(4n))).toString('base64')}`,
  );
  const broken = await sepolia.register(
    'data:application/json;base64,' + Buffer.from('{"name": "cut off').toString('base64'),
  );
  siteRoutes.set('/agents/6.json', file(6n));
  const http = await sepolia.register(`${site.url}/agents/6.json`);
  const dead = new URL(await deadPortUrl());
  const unreachable = await sepolia.register(`https://localhost:${dead.port}/agents/7.json`);
  const invalidUrl = await sepolia.register('https://exa mple.invalid/agents/8.json');
  const notObject = await sepolia.register(`data:application/json;base64,${b64([])}`);
  const misnamedFile = {
    ...registrationFile({ id: 999n, chainId: 84532, registry: reg, site: stranger.url }),
    name: 'Misnamed',
  };
  const misnamed = await sepolia.register(`data:application/json;base64,${b64(misnamedFile)}`);
  // Feedback on the data agent from two clients (owner is account 1; clients are 2 and 3).
  await sepolia.giveFeedback(data, 9977n, 2, 2);
  await sepolia.giveFeedback(data, 80n, 0, 3);
  const registry = base.registries.identity;
  const baseFile = registrationFile({ id: 0n, chainId: 8453, registry, site: site.url, name: 'Base lamp agent' });
  const baseAgent = await base.register(`data:application/json;base64,${b64(baseFile)}`);

  siteRoutes.set('/.well-known/agent-registration.json', {
    registrations: [0, 1, 2, 3, 4].map((id) => ({ agentId: id, agentRegistry: `eip155:84532:${reg}` })),
  });
  strangerRoutes.set('/.well-known/agent-registration.json', {
    registrations: [{ agentId: 0, agentRegistry: `eip155:84532:${reg}` }],
  });
  const hosts = [sepolia.rpcUrl, base.rpcUrl, files.url, site.url, stranger.url].map((u) => new URL(u).host);
  return {
    ca,
    sepolia,
    base,
    files,
    site,
    stranger,
    agents: { data, https, ipfs, json: json3, gzip, broken, http, unreachable, invalidUrl, notObject, misnamed },
    baseAgent,
    allowHosts: [...hosts, `localhost:${new URL(files.url).port}`, `localhost:${dead.port}`].join(','),
    async close() {
      await Promise.all([sepolia.close(), base.close(), files.close(), site.close(), stranger.close()]);
    },
  };
}
