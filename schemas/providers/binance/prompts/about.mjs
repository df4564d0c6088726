export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'binance',
    description: 'How to name Binance pairs and read their market data.',
    dependsOn: [ 'binance.getPrice', 'binance.get24hStats', 'binance.getCandles', 'binance.getOrderBook', 'binance.getAveragePrice' ],
    references: [],
    content: `Binance is the largest crypto exchange by volume. Its market data is public; the API answers
HTTP 451 from countries where Binance does not operate (including the United States, which has
Binance.US instead).

A pair is the base asset followed by the quote asset in capitals, without a separator: BTCUSDT
(bitcoin priced in Tether), ETHBTC, SOLEUR. Prices and quantities come as decimal strings
("67123.45000000") to keep their precision.

{{tool:getPrice}} is the last trade, {{tool:getAveragePrice}} a five-minute average and
{{tool:get24hStats}} a rolling day (priceChangePercent, highPrice, lowPrice, volume in the base asset,
quoteVolume in the quote asset). {{tool:getCandles}} returns candles already turned into objects with
an ISO openTime and numbers; intervals are the shared list tradingTimeframes (1m, 15m, 1h, 4h, 1d,
1w, 1M; the month is 1M with a capital M). {{tool:getOrderBook}} lists bids (buyers, best first) and
asks (sellers, best first).`
}
