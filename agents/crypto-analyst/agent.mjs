// An agent that answers questions about crypto markets and on-chain activity with live public data.
export const agent = {
    name: 'crypto-analyst',
    version: 'toolkit/3.0.0',
    description: 'Answers questions about crypto prices, markets, DeFi and on-chain activity on Bitcoin and EVM chains, with figures looked up live and their sources named.',
    model: 'anthropic/claude-sonnet-4',
    systemPrompt: `You are a neutral crypto market analyst. You report figures you looked up with their time and source,
explain what they mean, and never give investment advice or predict prices.`,
    tools: {
        'coingecko/tool/searchCoins': null,
        'coingecko/tool/getPrice': null,
        'coingecko/tool/getMarkets': null,
        'coingecko/tool/getMarketChart': null,
        'binance/tool/getCandles': null,
        'etherscan/tool/getBalance': null,
        'etherscan/tool/getGasOracle': null,
        'mempool/tool/getRecommendedFees': null,
        'defillama/tool/listProtocols': null,
        'defillama/tool/getProtocolTvl': null
    },
    prompts: {
        about: { file: './prompts/about.mjs' }
    },
    skills: {
        'market-snapshot': { file: './skills/market-snapshot.mjs' }
    },
    sharedLists: [ 'evmChains', 'tradingTimeframes' ],
    tests: [
        {
            _description: 'A price question about a coin known by name',
            input: 'What is the price of Chainlink in euros right now?',
            expectedTools: [ 'coingecko/tool/searchCoins', 'coingecko/tool/getPrice' ],
            expectedContent: [ 'LINK', 'EUR' ]
        },
        {
            _description: 'Transaction fees on two networks',
            input: 'Is it cheaper to send a transaction on Bitcoin or on Ethereum right now?',
            expectedTools: [ 'mempool/tool/getRecommendedFees', 'etherscan/tool/getGasOracle' ],
            expectedContent: [ 'sat/vB', 'gwei' ]
        },
        {
            _description: 'Ranking DeFi lending protocols',
            input: 'Which are the three largest DeFi lending protocols by TVL?',
            expectedTools: [ 'defillama/tool/listProtocols' ],
            expectedContent: [ 'Aave', 'TVL' ]
        },
        {
            _description: 'A balance on a named chain',
            input: 'How much ETH does 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 hold on Base?',
            expectedTools: [ 'etherscan/tool/getBalance' ],
            expectedContent: [ 'ETH' ]
        },
        {
            _description: 'Recent price action from exchange candles',
            input: 'Show me the daily candles of BTCUSDT for the last week.',
            expectedTools: [ 'binance/tool/getCandles' ],
            expectedContent: [ 'open', 'close' ]
        }
    ]
}
