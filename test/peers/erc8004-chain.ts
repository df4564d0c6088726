/**
 * A real local EVM for ERC-8004 tests: ganache (npm) on loopback, the two registries in
 * `erc8004/*.sol` compiled with solc (npm, EVM target `paris`) and placed at the published vanity
 * addresses of the chain kind (mainnet or testnet table), agents registered and feedback given
 * through JSON-RPC transactions from ganache's unlocked accounts. viem talks to it over HTTP.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ganache from 'ganache';
import { createPublicClient, encodeDeployData, encodeFunctionData, http, parseAbi, type Address, type Hex } from 'viem';

const sourceDir = new URL('./erc8004/', import.meta.url);
const SOURCES = ['IdentityRegistry.sol', 'ReputationRegistry.sol'];

export interface Compiled {
  readonly identity: { abi: unknown[]; bytecode: Hex };
  readonly reputation: { abi: unknown[]; bytecode: Hex };
}

/** Compiles the registries once per source hash (cached in the OS temp dir). */
export async function compileRegistries(): Promise<Compiled> {
  const sources = Object.fromEntries(
    SOURCES.map((name) => [name, { content: readFileSync(new URL(name, sourceDir), 'utf8') }]),
  );
  const solcVersion = (
    JSON.parse(readFileSync(new URL('../../node_modules/solc/package.json', import.meta.url), 'utf8')) as {
      version: string;
    }
  ).version;
  const key = createHash('sha256').update(solcVersion).update(JSON.stringify(sources)).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), 'toolkit-erc8004-solc');
  const cache = join(dir, `${key}.json`);
  try {
    return JSON.parse(readFileSync(cache, 'utf8')) as Compiled;
  } catch {
    /* compile */
  }
  const solc = (await import('solc')).default as { compile(input: string): string };
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources,
        settings: {
          evmVersion: 'paris',
          viaIR: true,
          optimizer: { enabled: true, runs: 200 },
          outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
        },
      }),
    ),
  ) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const pick = (file: string, name: string) => {
    const c = output.contracts[file]![name]!;
    return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` as Hex };
  };
  const compiled = {
    identity: pick('IdentityRegistry.sol', 'IdentityRegistry'),
    reputation: pick('ReputationRegistry.sol', 'ReputationRegistry'),
  };
  mkdirSync(dir, { recursive: true });
  writeFileSync(cache, JSON.stringify(compiled));
  return compiled;
}

/** The published registry addresses (ERC-8004 deployments, vanity, per chain kind). */
export const REGISTRIES = {
  mainnet: {
    identity: '0x8004A169FB4a3325136EB29fA0ceB6D2e539a432',
    reputation: '0x8004BAa17C55a88189AE136b182e5fdA19dE9b63',
  },
  testnet: {
    identity: '0x8004A818BFB912233c491871b3d84c89A494BD9e',
    reputation: '0x8004B663056A597Dffe9eCcC1965A193B7388713',
  },
} as const satisfies Record<string, { identity: Address; reputation: Address }>;

const identityAbi = parseAbi([
  'function register(string agentURI) returns (uint256 agentId)',
  'event Registered(uint256 indexed agentId, string agentURI, address indexed owner)',
]);
const reputationAbi = parseAbi([
  'function giveFeedback(uint256 agentId, int128 value, uint8 valueDecimals, string tag1, string tag2, string endpoint, string feedbackURI, bytes32 feedbackHash)',
]);

export interface LocalChain {
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly accounts: readonly Address[];
  readonly registries: { readonly identity: Address; readonly reputation: Address };
  /** Registers an agent owned by `accounts[owner]`; returns its id. */
  register(agentUri: string, owner?: number): Promise<bigint>;
  /** Feedback on `agentId` from `accounts[client]`. */
  giveFeedback(agentId: bigint, value: bigint, decimals: number, client: number, tag1?: string): Promise<void>;
  /** Number of JSON-RPC requests the chain has answered (each element of a batch counts). */
  readonly requests: () => number;
  close(): Promise<void>;
}

/** Starts ganache as chain `chainId` with the registries at the `kind` addresses. */
export async function startLocalChain(chainId: number, kind: keyof typeof REGISTRIES): Promise<LocalChain> {
  const compiled = await compileRegistries();
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId, hardfork: 'shanghai' },
    wallet: { deterministic: true, totalAccounts: 5 },
    miner: { instamine: 'eager' },
  } as never);
  let requests = 0;
  server.on?.('request' as never, () => undefined);
  await server.listen(0, '127.0.0.1');
  const { port } = server.address() as { port: number };
  const rpcUrl = `http://127.0.0.1:${port}`;
  const countingFetch: typeof fetch = async (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : '';
    requests += body.trimStart().startsWith('[') ? (JSON.parse(body) as unknown[]).length : 1;
    return fetch(input, init);
  };
  void countingFetch;
  const chain = {
    id: chainId,
    name: `local-${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  } as const;
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl) });
  const accounts = (await publicClient.request({ method: 'eth_accounts' } as never)) as Address[];
  /** eth_sendTransaction from an unlocked ganache account, then the mined receipt. */
  const send = async (from: number, tx: { to?: Address; data: Hex }) => {
    const hash = (await publicClient.request({
      method: 'eth_sendTransaction',
      params: [{ from: accounts[from]!, gas: '0x989680', ...tx }],
    } as never)) as Hex;
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (receipt.status !== 'success') throw new Error('transaction reverted');
    return receipt;
  };
  const registries = REGISTRIES[kind];

  // Deploy normally, then place the runtime code at the published addresses (ganache evm_setAccountCode).
  const deploy = async (abi: unknown[], bytecode: Hex, args: unknown[]) => {
    const receipt = await send(0, {
      data: encodeDeployData({ abi, bytecode, args } as Parameters<typeof encodeDeployData>[0]),
    });
    return publicClient.getCode({ address: receipt.contractAddress! });
  };
  const identityCode = await deploy(compiled.identity.abi, compiled.identity.bytecode, []);
  const reputationCode = await deploy(compiled.reputation.abi, compiled.reputation.bytecode, [registries.identity]);
  await publicClient.request({ method: 'evm_setAccountCode', params: [registries.identity, identityCode] } as never);
  await publicClient.request({
    method: 'evm_setAccountCode',
    params: [registries.reputation, reputationCode],
  } as never);

  return {
    rpcUrl,
    chainId,
    accounts,
    registries,
    async register(agentUri, owner = 1) {
      const receipt = await send(owner, {
        to: registries.identity,
        data: encodeFunctionData({ abi: identityAbi, functionName: 'register', args: [agentUri] }),
      });
      const log = receipt.logs.find(
        (l) => l.topics[0] === '0xca52e62c367d81bb2e328eb795f7c7ba24afb478408a26c0e201d155c449bc4a',
      );
      if (!log?.topics[1]) throw new Error('no Registered event');
      return BigInt(log.topics[1]);
    },
    async giveFeedback(agentId, value, decimals, client, tag1 = 'successRate') {
      await send(client, {
        to: registries.reputation,
        data: encodeFunctionData({
          abi: reputationAbi,
          functionName: 'giveFeedback',
          args: [agentId, value, decimals, tag1, '', '', '', `0x${'00'.repeat(32)}`],
        }),
      });
    },
    requests: () => requests,
    close: () => server.close(),
  };
}
