export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'etherscan',
    description: 'How the Etherscan V2 tools take a chain, and how to read wei, gwei and hex answers.',
    dependsOn: [ 'etherscan.getBalance', 'etherscan.getTransactions', 'etherscan.getTokenTransfers', 'etherscan.getContractAbi', 'etherscan.getGasOracle', 'etherscan.getLatestBlockNumber' ],
    references: [],
    content: `Etherscan is the block explorer of Ethereum; its V2 API serves Ethereum and more than 50 other EVM
chains with one API key (server param ETHERSCAN_API_KEY; the free plan allows 5 calls a second, and
some chains, such as Base, BNB Smart Chain and OP Mainnet, need a paid plan). Each tool takes chain by
name from the shared list evmChains (ethereum, base, arbitrum, polygon, …); the tools send its chain id.

Answers look like { status: "1", message: "OK", result }. status "0" with message "No transactions
found" is an empty result, not a failure; "NOTOK" with a text in result is an error (invalid address,
rate limit, missing key).

Amounts are integers as strings in the token's smallest unit: divide a native balance by 10^18 for
ETH, and a token transfer's value by 10^tokenDecimal. Gas prices from {{tool:getGasOracle}} are in
gwei. {{tool:getLatestBlockNumber}} answers a hexadecimal string ("0x1546c1f"). timeStamp fields are
Unix seconds. {{tool:getContractAbi}} returns the ABI as JSON text inside result; only verified
contracts have one.

{{tool:getBalance}}, {{tool:getTransactions}} and {{tool:getTokenTransfers}} take a 42-character
0x address; ENS names must be resolved first.`
}
