export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'coingecko',
    description: 'How to name coins for CoinGecko and how to read its numbers.',
    dependsOn: [ 'coingecko.getPrice', 'coingecko.getMarkets', 'coingecko.searchCoins', 'coingecko.getMarketChart', 'coingecko.getTrending', 'coingecko.getGlobal' ],
    references: [],
    content: `CoinGecko tracks more than 15,000 coins on hundreds of exchanges. The public API needs no key but
allows only a few calls a minute; HTTP 429 means wait a minute.

Coins are named by CoinGecko id, not by ticker: bitcoin, ethereum, solana, usd-coin, chainlink.
Several coins can share a ticker, so find the id with {{tool:searchCoins}} first (the first result is
usually the one with the best market_cap_rank).

{{tool:getPrice}} answers { "<id>": { "<currency>": price, "<currency>_market_cap": …,
"<currency>_24h_change": percent } }. {{tool:getMarkets}} lists coins by market cap with
current_price, market_cap_rank, total_volume and price_change_percentage_24h.
{{tool:getMarketChart}} gives prices as [milliseconds since 1970, price] pairs. {{tool:getTrending}}
and {{tool:getGlobal}} describe the market as a whole; market_cap_percentage.btc is bitcoin
dominance in percent.

Prices are aggregated across exchanges and refresh about every minute; they are not quotes to trade at.`
}
