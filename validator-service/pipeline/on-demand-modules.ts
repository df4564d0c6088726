/**
 * What the pipeline loads on first need rather than at start (viem, for ERC-8004 lookups and x402
 * address checks: about a thousand modules a one-shot `toolkit assess` should not pay for). A
 * long-running service loads them when it starts, so no assessment's deadline includes them.
 */
import { loadLookupClient } from '../erc8004/lookup.ts';
import { loadEvmAddresses } from '../layers/x402/evm-address.ts';

export async function loadOnDemandModules(): Promise<void> {
  await Promise.all([loadLookupClient(), loadEvmAddresses()]);
}
