/**
 * Validator service benchmark, bounded (~2 min), side by side in one run:
 *  1. one full 9-layer assessment next to its slowest layer run alone (bar: full ≤ 1.1× slowest
 *     alone), each in its own service process, the peer in a third: on bare loopback and with a
 *     network-like server time per request (`BENCH_VALIDATOR_DELAYS`, default `0,30` ms); medians of
 *     `BENCH_VALIDATOR_PAIRS` (21) alternating runs after warm-up, with the CPU each process spent;
 *  2. an ERC-8004 lookup (`POST /api/lookup`) against a local chain (ganache, solc-compiled
 *     registries) next to the raw `eth_call` round trips it needs, sent by hand with fetch
 *     (sequentially, and as the two batches the lookup itself sends);
 *  3. load: 200 assessments at concurrency 20 against loopback peers — throughput, p50/p99 latency,
 *     and the service process's peak RSS (VmHWM of a separate child process).
 *  4. redaction of hostile text: the linear scanners next to the backtracking patterns they replaced.
 * `BENCH_VALIDATOR_SECTIONS=1,3` runs only some sections.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { encodeFunctionData, parseAbi } from 'viem';
import type { Layer } from '../validator-service/layers/layer.ts';
import { startValidator } from '../validator-service/server.ts';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const post = async (base: string, path: string, body: unknown) => {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
};

/** A child process of this file in one of its modes; it prints its URL on the first line of stdout. */
interface Child {
  readonly url: string;
  readonly pid: number;
  stop(): Promise<void>;
}
async function startChild(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, ...args], {
    env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      if (out.includes('\n')) resolve(out.split('\n')[0]!.trim());
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}`)));
  });
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      child.stdin.end();
      await new Promise((resolve) => child.on('exit', resolve));
    },
  };
}

/** CPU time (user + system) a process has used so far, in ms (clock ticks of 10 ms). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** Per-request server time of the two rows: bare loopback, and an endpoint across a network. */
const DELAYS = (process.env['BENCH_VALIDATOR_DELAYS'] ?? '0,30').split(',').map(Number);
const PAIRS = Number(process.env['BENCH_VALIDATOR_PAIRS'] ?? 21);
const BAR = 1.1;
const SECTIONS = (process.env['BENCH_VALIDATOR_SECTIONS'] ?? '1,2,3,4').split(',').map(Number);

async function main(): Promise<void> {
  const { startStreamableMcpServer } = await import('../test/peers/mcp-streamable-server.ts');
  const { startHttpWebsite } = await import('../test/peers/websites.ts');
  const { startWorld } = await import('../test/peers/erc8004-world.ts');
  const rows: string[][] = [];

  // 1. One full assessment vs its slowest layer alone. The target is an MCP server with paid tools,
  // so MCP, MCP Apps and x402 need the MCP conversation and the other layers probe HTTP (commerce
  // asks its five discovery paths, the MCP layer its Origin probe beside the rest). Three
  // processes, so no one's CPU is counted against another's: the peer (a real endpoint is another
  // machine), the full service (9 layers), the service with the slowest layer only; this process only
  // sends `/api/assess` and times it. Runs alternate full / alone (so load drift hits both), after
  // warm-up; medians of PAIRS each. Rows: bare loopback, and DELAY ms of server time per request.
  for (const delayMs of SECTIONS.includes(1) ? DELAYS : []) {
    const peer = await startChild(['--paid-peer', String(delayMs)]);
    const env = {
      ...process.env,
      VALIDATOR_ALLOW_HOSTS: new URL(peer.url).host,
      VALIDATOR_RATE_LIMIT: '100000',
      VALIDATOR_MAX_CONCURRENT: '100',
      API_TOKEN: '',
    };
    const full = await startChild(['--serve'], env);
    const warm: Record<string, number[]> = {};
    for (let i = 0; i < 5; i++) {
      const { layers } = (await post(full.url, '/api/assess', { url: peer.url })) as {
        layers: Record<string, { durationMs: number }>;
      };
      for (const [name, layer] of Object.entries(layers)) (warm[name] ??= []).push(layer.durationMs);
    }
    const [slowestName] = Object.entries(warm).sort((a, b) => median(b[1]) - median(a[1]))[0]!;
    const layerCount = Object.keys(warm).length;
    const alone = await startChild(['--serve', '--layers', slowestName], env);
    for (let i = 0; i < 5; i++) await post(alone.url, '/api/assess', { url: peer.url });
    const fullMs: number[] = [];
    const aloneMs: number[] = [];
    const cpu = { full: 0, alone: 0, peerFull: 0, peerAlone: 0 };
    for (let i = 0; i < PAIRS; i++) {
      for (const [which, service, into] of [
        ['full', full, fullMs],
        ['alone', alone, aloneMs],
      ] as const) {
        const serviceCpu = cpuMs(service.pid);
        const peerCpu = cpuMs(peer.pid);
        const started = performance.now();
        await post(service.url, '/api/assess', { url: peer.url });
        into.push(performance.now() - started);
        cpu[which] += cpuMs(service.pid) - serviceCpu;
        cpu[which === 'full' ? 'peerFull' : 'peerAlone'] += cpuMs(peer.pid) - peerCpu;
      }
    }
    await Promise.all([full.stop(), alone.stop(), peer.stop()]);
    const ratio = median(fullMs) / median(aloneMs);
    const per = (ms: number) => (ms / PAIRS).toFixed(0);
    rows.push([
      `${layerCount} layers vs slowest alone, MCP + x402 peer, ` +
        `${delayMs ? `${delayMs} ms per request` : 'bare loopback'}` +
        ` (median of ${PAIRS}, alternating)`,
      `full ${median(fullMs).toFixed(1)} ms`,
      `${slowestName} alone ${median(aloneMs).toFixed(1)} ms`,
      `${ratio.toFixed(2)}× (bar ≤ ${BAR.toFixed(2)}×: ${ratio <= BAR ? 'met' : 'NOT met'})`,
      `CPU per assessment: service ${per(cpu.full)} vs ${per(cpu.alone)} ms, peer ${per(cpu.peerFull)} vs ` +
        `${per(cpu.peerAlone)} ms`,
    ]);
  }

  // 2. Lookup vs raw eth_call round trips on a local chain.
  if (SECTIONS.includes(2)) {
    const world = await startWorld();
    const svc = await startValidator({
      port: 0,
      ca: world.ca.ca,
      env: {
        VALIDATOR_RATE_LIMIT: '100000',
        VALIDATOR_ALLOW_HOSTS: world.allowHosts,
        VALIDATOR_IPFS_GATEWAY: world.files.url,
      },
    });
    const rpc = world.sepolia.rpcUrl;
    const body = { agentId: Number(world.agents.data), chainId: 84532, rpcNodes: { 'base-sepolia': rpc } };
    const ids = world.sepolia.registries;
    const abi = parseAbi([
      'function ownerOf(uint256) view returns (address)',
      'function tokenURI(uint256) view returns (string)',
      'function getClients(uint256) view returns (address[])',
      'function getSummary(uint256,address[],string,string) view returns (uint64,int128,uint8)',
    ]);
    const agentId = world.agents.data;
    const clients = [world.sepolia.accounts[2]!, world.sepolia.accounts[3]!];
    const call = (to: string, data: string, id: number) => ({
      jsonrpc: '2.0',
      id,
      method: 'eth_call',
      params: [{ to, data }, 'latest'],
    });
    const calls = [
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
      call(ids.identity, encodeFunctionData({ abi, functionName: 'ownerOf', args: [agentId] }), 2),
      call(ids.identity, encodeFunctionData({ abi, functionName: 'tokenURI', args: [agentId] }), 3),
      call(ids.reputation, encodeFunctionData({ abi, functionName: 'getClients', args: [agentId] }), 4),
      call(
        ids.reputation,
        encodeFunctionData({ abi, functionName: 'getSummary', args: [agentId, clients, '', ''] }),
        5,
      ),
    ];
    const rpcPost = async (payload: unknown) =>
      (
        await fetch(rpc, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        })
      ).json();
    const lookupMs: number[] = [];
    const sequentialMs: number[] = [];
    const batchedMs: number[] = [];
    let rpcCalls = 0;
    let rpcRequests = 0;
    for (let i = 0; i < 15; i++) {
      let started = performance.now();
      const result = (await post(svc.url, '/api/lookup', body)) as { rpcCalls: number; rpcRequests: number };
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
      `raw eth_call: 5 sequential ${median(sequentialMs).toFixed(1)} ms, 3 requests (1 batch + 2) ` +
        `${median(batchedMs).toFixed(1)} ms`,
      `lookup / raw batched ${(median(lookupMs) / median(batchedMs)).toFixed(2)}×`,
      '',
    ]);
  }

  // 3. Load against a separate service process (the peers are in this one).
  if (SECTIONS.includes(3)) {
    const mcp = await startStreamableMcpServer({ name: 'bench-peer' });
    const site = await startHttpWebsite();
    const allow = `${new URL(mcp.url).host},${new URL(site.url).host}`;
    const targets = [mcp.url, site.url];
    const child = spawn(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, '--serve'], {
      env: {
        ...process.env,
        VALIDATOR_ALLOW_HOSTS: allow,
        VALIDATOR_RATE_LIMIT: '100000',
        VALIDATOR_MAX_CONCURRENT: '100',
        API_TOKEN: '',
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const base = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (c) => {
        out += c;
        const line = out.split('\n')[0];
        if (out.includes('\n')) resolve(line!.trim());
      });
      child.on('exit', (code) => reject(new Error(`service exited ${code}`)));
    });
    const total = 200;
    const concurrency = 20;
    const latencies: number[] = [];
    let next = 0;
    let failures = 0;
    const loadStarted = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          const i = next++;
          const started = performance.now();
          const response = await fetch(`${base}/api/assess`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ url: targets[i % targets.length], timeout: 10_000 }),
          });
          await response.arrayBuffer();
          if (response.status !== 200) failures++;
          latencies.push(performance.now() - started);
        }
      }),
    );
    const elapsed = (performance.now() - loadStarted) / 1000;
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const peakKb = Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? NaN);
    child.stdin.end();
    await new Promise((resolve) => child.on('exit', resolve));
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]!;
    rows.push([
      `${total} assessments (9 layers), concurrency ${concurrency}`,
      `${(total / elapsed).toFixed(1)} /s`,
      `p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms`,
      `service peak RSS ${(peakKb / 1024).toFixed(0)} MiB${failures ? `, ${failures} non-200` : ''}`,
      '',
    ]);
    await mcp.close();
    await site.close();
  }

  // 4. Redaction of hostile text: the linear scanners next to the patterns they replaced (which
  // backtrack cubically; run on a shorter input so the row finishes).
  if (SECTIONS.includes(4)) {
    const { redactText } = await import('../validator-service/layers/shared/redact.ts');
    const oldUserinfo = new RegExp('(\\b[a-z][a-z0-9+.-]*:\\/\\/)[^\\s/?#@]+@', 'gi');
    const words = 'token|key|secret|password|passwd|pwd|auth|signature|sig|credential|session|code';
    const oldParam = new RegExp(`([?&][^=&\\s#"]*(?:${words})[^=&\\s#"]*=)[^&\\s#"]+`, 'gi');
    const time = (fn: () => void, runs: number) => {
      const started = performance.now();
      for (let i = 0; i < runs; i += 1) fn();
      return (performance.now() - started) / runs;
    };
    // Ending in `=v` so the scanner cannot skip the text (a string without `=` needs no scan).
    const header = `${'?key'.repeat(2000)}=v`;
    const large = `${'?key'.repeat(250_000)}=v`;
    // The old patterns backtrack where no `=` ends the run, as in the real header.
    const shortHeader = '?key'.repeat(100);
    const linear8k = time(() => redactText(header), 200);
    const linear1m = time(() => redactText(large), 5);
    const old400 = time(() => shortHeader.replace(oldUserinfo, '$1***@').replace(oldParam, '$1***'), 5);
    rows.push([
      'redaction of `?key?key…` (hostile Server header)',
      `linear: 8 KB ${linear8k.toFixed(3)} ms, 1 MB ${linear1m.toFixed(1)} ms`,
      `old patterns: 400 B ${old400.toFixed(1)} ms (cubic: 8 KB took ~20 s)`,
      `old on 400 B / linear on 8 KB: ${(old400 / linear8k).toFixed(0)}×`,
      '',
    ]);
  }

  const widths = [0, 1, 2, 3, 4].map((c) => Math.max(...rows.map((r) => r[c]!.length)));
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
  // `--layers a,b`: only those layers (the "slowest layer alone" service of section 1).
  const only = process.argv.includes('--layers')
    ? process.argv[process.argv.indexOf('--layers') + 1]!.split(',')
    : null;
  const { layers: allLayers } = await import('../validator-service/layers/index.ts');
  const running = await startValidator({
    port: 0,
    env: process.env,
    ...(only ? { layers: allLayers.filter((l: Layer) => only.includes(l.name)) } : {}),
  });
  process.stdout.write(`${running.url}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => void running.close().then(() => process.exit(0)));
} else {
  await main();
}
