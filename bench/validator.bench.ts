/**
 * Validator service benchmark, bounded (~1–2 min), side by side in one run:
 *  1. one full 8-layer assessment (real layers, over HTTP) next to its slowest layer run alone in the
 *     same service (bar: full ≤ 1.1× slowest alone), median of N, alternating so drift hits both;
 *  2. an ERC-8004 lookup (`POST /api/lookup`) against a local chain (ganache, solc-compiled
 *     registries) next to the raw `eth_call` round trips it needs, sent by hand with fetch
 *     (sequentially, and as the two batches the lookup itself sends);
 *  3. load: 200 assessments at concurrency 20 against loopback peers — throughput, p50/p99 latency,
 *     and the service process's peak RSS (VmHWM of a separate child process).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { encodeFunctionData, parseAbi } from 'viem';
import type { Layer } from '../validator-service/layers/layer.ts';
import { startValidator } from '../validator-service/server.ts';


const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const post = async (base: string, path: string, body: unknown) => {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await response.json() as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
};

async function main(): Promise<void> {
  const { layers: allLayers } = await import('../validator-service/layers/index.ts');
  const { startStreamableMcpServer } = await import('../test/peers/mcp-streamable-server.ts');
  const { startHttpWebsite } = await import('../test/peers/websites.ts');
  const { startWorld } = await import('../test/peers/erc8004-world.ts');
  const rows: string[][] = [];

  // 1. Full assessment vs the slowest layer alone. Target: an MCP server with paid tools (in its own
  // process), so MCP, MCP Apps and x402 each hold an MCP conversation and the other five layers probe
  // HTTP. Twice: on bare loopback (every layer's CPU shares the service's one thread) and with 25 ms
  // of server time per request (closer to an endpoint on the internet).
  for (const delayMs of [0, 25]) {
    const peer = spawn(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, '--paid-peer', String(delayMs)], { stdio: ['pipe', 'pipe', 'inherit'] });
    const peerUrl = await new Promise<string>((resolve, reject) => {
      let out = '';
      peer.stdout.on('data', (c) => { out += c; if (out.includes('\n')) resolve(out.split('\n')[0]!.trim()); });
      peer.on('exit', (code) => reject(new Error(`peer exited ${code}`)));
    });
    const env = { VALIDATOR_ALLOW_HOSTS: new URL(peerUrl).host, VALIDATOR_RATE_LIMIT: '100000', VALIDATOR_MAX_CONCURRENT: '100' };
    const full = await startValidator({ port: 0, env });
    const first = await post(full.url, '/api/assess', { url: peerUrl }) as { layers: Record<string, { durationMs: number }> };
    const [slowestName] = Object.entries(first.layers).sort((a, b) => b[1].durationMs - a[1].durationMs)[0]!;
    const alone = await startValidator({ port: 0, env, layers: allLayers.filter((l: Layer) => l.name === slowestName) });
    const fullMs: number[] = [];
    const aloneMs: number[] = [];
    for (let i = 0; i < 11; i++) {
      for (const [base, into] of [[full.url, fullMs], [alone.url, aloneMs]] as const) {
        const started = performance.now();
        await post(base, '/api/assess', { url: peerUrl });
        into.push(performance.now() - started);
      }
    }
    await Promise.all([full.close(), alone.close()]);
    peer.stdin.end();
    await new Promise((resolve) => peer.on('exit', resolve));
    const ratio = median(fullMs) / median(aloneMs);
    rows.push([`8-layer assessment, MCP + x402 peer, ${delayMs ? `${delayMs} ms per request` : 'bare loopback'} (median of 11)`, `${median(fullMs).toFixed(1)} ms`, `slowest layer (${slowestName}) alone ${median(aloneMs).toFixed(1)} ms`, `${ratio.toFixed(2)}× (bar ≤ 1.10×: ${ratio <= 1.1 ? 'met' : 'NOT met'})`]);
  }

  // 2. Lookup vs raw eth_call round trips on a local chain.
  const world = await startWorld();
  const svc = await startValidator({ port: 0, ca: world.ca.ca, env: { VALIDATOR_RATE_LIMIT: '100000', VALIDATOR_ALLOW_HOSTS: world.allowHosts, VALIDATOR_IPFS_GATEWAY: world.files.url } });
  const rpc = world.sepolia.rpcUrl;
  const body = { agentId: Number(world.agents.data), chainId: 84532, rpcNodes: { 'base-sepolia': rpc } };
  const ids = world.sepolia.registries;
  const abi = parseAbi([
    'function ownerOf(uint256) view returns (address)', 'function tokenURI(uint256) view returns (string)',
    'function getClients(uint256) view returns (address[])', 'function getSummary(uint256,address[],string,string) view returns (uint64,int128,uint8)',
  ]);
  const agentId = world.agents.data;
  const clients = [world.sepolia.accounts[2]!, world.sepolia.accounts[3]!];
  const call = (to: string, data: string, id: number) => ({ jsonrpc: '2.0', id, method: 'eth_call', params: [{ to, data }, 'latest'] });
  const calls = [
    { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
    call(ids.identity, encodeFunctionData({ abi, functionName: 'ownerOf', args: [agentId] }), 2),
    call(ids.identity, encodeFunctionData({ abi, functionName: 'tokenURI', args: [agentId] }), 3),
    call(ids.reputation, encodeFunctionData({ abi, functionName: 'getClients', args: [agentId] }), 4),
    call(ids.reputation, encodeFunctionData({ abi, functionName: 'getSummary', args: [agentId, clients, '', ''] }), 5),
  ];
  const rpcPost = async (payload: unknown) => (await fetch(rpc, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) })).json();
  const lookupMs: number[] = [];
  const sequentialMs: number[] = [];
  const batchedMs: number[] = [];
  let rpcCalls = 0;
  let rpcRequests = 0;
  for (let i = 0; i < 15; i++) {
    let started = performance.now();
    const result = await post(svc.url, '/api/lookup', body) as { rpcCalls: number; rpcRequests: number };
    lookupMs.push(performance.now() - started);
    rpcCalls = result.rpcCalls;
    rpcRequests = result.rpcRequests;
    started = performance.now();
    for (const c of calls) await rpcPost(c);
    sequentialMs.push(performance.now() - started);
    started = performance.now();
    await rpcPost(calls.slice(0, 3));
    await rpcPost(calls[3]);
    await rpcPost(calls[4]);
    batchedMs.push(performance.now() - started);
  }
  await svc.close();
  await world.close();
  rows.push([
    `ERC-8004 lookup (data: URI, 2 feedback), median of 15`,
    `${median(lookupMs).toFixed(1)} ms (${rpcCalls} RPC calls in ${rpcRequests} requests)`,
    `raw eth_call: 5 sequential ${median(sequentialMs).toFixed(1)} ms, 3 requests (1 batch + 2) ${median(batchedMs).toFixed(1)} ms`,
    `lookup / raw batched ${(median(lookupMs) / median(batchedMs)).toFixed(2)}×`,
  ]);

  // 3. Load against a separate service process.
  const mcp = await startStreamableMcpServer({ name: 'bench-peer' });
  const site = await startHttpWebsite();
  const allow = `${new URL(mcp.url).host},${new URL(site.url).host}`;
  const targets = [mcp.url, site.url];
  const child = spawn(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, '--serve'], {
    env: { ...process.env, VALIDATOR_ALLOW_HOSTS: allow, VALIDATOR_RATE_LIMIT: '100000', VALIDATOR_MAX_CONCURRENT: '100', API_TOKEN: '' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => { out += c; const line = out.split('\n')[0]; if (out.includes('\n')) resolve(line!.trim()); });
    child.on('exit', (code) => reject(new Error(`service exited ${code}`)));
  });
  const total = 200;
  const concurrency = 20;
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const loadStarted = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < total) {
      const i = next++;
      const started = performance.now();
      const response = await fetch(`${base}/api/assess`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: targets[i % targets.length], timeout: 10_000 }) });
      await response.arrayBuffer();
      if (response.status !== 200) failures++;
      latencies.push(performance.now() - started);
    }
  }));
  const elapsed = (performance.now() - loadStarted) / 1000;
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const peakKb = Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? NaN);
  child.stdin.end();
  await new Promise((resolve) => child.on('exit', resolve));
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]!;
  rows.push([`${total} assessments (8 layers), concurrency ${concurrency}`, `${(total / elapsed).toFixed(1)} /s`, `p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms`, `service peak RSS ${(peakKb / 1024).toFixed(0)} MiB${failures ? `, ${failures} non-200` : ''}`]);
  await mcp.close();
  await site.close();

  const widths = [0, 1, 2, 3].map((c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const row of rows) process.stdout.write(`| ${row.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |\n`);
}

// Child modes: the service under load, in its own process so its RSS is its own; the paid MCP peer.
if (process.argv.includes('--paid-peer')) {
  const { startPaidMcpServer } = await import('../test/peers/x402-mcp.ts');
  const peer = await startPaidMcpServer({ delayMs: Number(process.argv[process.argv.indexOf('--paid-peer') + 1]) });
  process.stdout.write(`${peer.url}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => void peer.close().then(() => process.exit(0)));
} else if (process.argv.includes('--serve')) {
  const running = await startValidator({ port: 0, env: process.env });
  process.stdout.write(`${running.url}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => void running.close().then(() => process.exit(0)));
} else {
  await main();
}
