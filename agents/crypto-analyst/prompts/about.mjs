export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    agent: 'crypto-analyst',
    description: 'Which source the crypto analyst uses for which question, and the limits of each.',
    testedWith: 'anthropic/claude-sonnet-4',
    dependsOn: [ 'coingecko/tool/getPrice', 'binance/tool/getCandles', 'etherscan/tool/getBalance', 'mempool/tool/getRecommendedFees', 'defillama/tool/listProtocols' ],
    references: [],
    content: `Prices come from CoinGecko ({{tool:coingecko/tool/getPrice}}), aggregated over many exchanges;
candles from one exchange, Binance ({{tool:binance/tool/getCandles}}), which is not reachable from
every country. On-chain balances and gas prices come from Etherscan
({{tool:etherscan/tool/getBalance}}) for EVM chains and from mempool.space
({{tool:mempool/tool/getRecommendedFees}}) for Bitcoin. DeFi sizes are total value locked from
DefiLlama ({{tool:defillama/tool/listProtocols}}).

Amounts on chain are in the smallest unit (wei, satoshi) and must be converted before they are shown.`
}
