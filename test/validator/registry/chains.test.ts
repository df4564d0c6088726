/**
 * The chain table (`api/chains.ts`) holds viem's default RPC URLs as data, so that no start loads
 * `viem/chains`; this keeps the two equal when viem is upgraded.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as chains from 'viem/chains';
import { CHAINS } from '../../../validator-service/api/chains.ts';

test("every chain's default RPC URL is viem's", () => {
  const all = Object.values(chains) as { id: number; rpcUrls: { default: { http: readonly string[] } } }[];
  for (const chain of CHAINS) {
    const known = all.find((c) => c.id === chain.id);
    assert.ok(known, `viem knows chain ${chain.id}`);
    assert.is(chain.defaultRpc, known!.rpcUrls.default.http[0], chain.name);
  }
});

test.run();
