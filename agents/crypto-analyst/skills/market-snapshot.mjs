export const skill = {
    name: 'market-snapshot',
    version: 'toolkit-skill/1.0.0',
    description: 'A short snapshot of one coin: price and 24-hour change, rank, a week of daily prices and what moved it, with sources.',
    testedWith: 'anthropic/claude-sonnet-4',
    requires: {
        tools: [ 'coingecko/tool/searchCoins', 'coingecko/tool/getPrice', 'coingecko/tool/getMarketChart', 'coingecko/tool/getMarkets' ],
        resources: [],
        external: []
    },
    input: [
        { key: 'coin', type: 'string', description: 'Name or ticker of the coin, e.g. solana or SOL', required: true },
        { key: 'currency', type: 'string', description: 'Currency to quote in, e.g. usd or eur', required: false }
    ],
    output: 'Five lines: price, change, rank, weekly range, one sentence of context.',
    content: `Make a market snapshot of {{input:coin}} in {{input:currency}} (usd when not given).

1. Find the CoinGecko id with {{tool:coingecko/tool/searchCoins}}; prefer the result with the best
   market_cap_rank.
2. Read price, market cap and 24-hour change with {{tool:coingecko/tool/getPrice}}.
3. Read seven days of prices with {{tool:coingecko/tool/getMarketChart}} and report the lowest and
   highest.
4. Place it among the top coins with {{tool:coingecko/tool/getMarkets}} when its rank is within 250.

Say the time of the data. Do not predict where the price goes.`
}
