export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'mempool',
    description: 'What the mempool.space tools report and the Bitcoin units they use.',
    dependsOn: [ 'mempool.getRecommendedFees', 'mempool.getBlockHeight', 'mempool.getMempoolStats', 'mempool.getAddress', 'mempool.getTransaction', 'mempool.getDifficultyAdjustment', 'mempool.getBitcoinPrice' ],
    references: [],
    content: `mempool.space is an open-source Bitcoin explorer. Amounts are in satoshis (100,000,000 sat = 1 BTC)
and fee rates in satoshis per virtual byte (sat/vB).

{{tool:getRecommendedFees}} is the answer to "what fee should I pay": fastestFee for the next block,
halfHourFee, hourFee, economyFee. {{tool:getMempoolStats}} shows how congested the network is.
{{tool:getBlockHeight}} answers a bare number as text.

{{tool:getAddress}} splits totals into chain_stats (confirmed) and mempool_stats (unconfirmed); the
balance is funded_txo_sum minus spent_txo_sum. {{tool:getTransaction}} has status.confirmed,
status.block_height and status.block_time (Unix seconds), and fee in satoshis.

{{tool:getDifficultyAdjustment}} gives the progress through the 2,016-block epoch and the expected
change in percent. {{tool:getBitcoinPrice}} is an indicative price, not an exchange quote.`
}
