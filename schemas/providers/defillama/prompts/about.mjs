export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'defillama',
    description: 'What total value locked means and how the DefiLlama tools trim their answers.',
    dependsOn: [ 'defillama.listProtocols', 'defillama.getProtocol', 'defillama.getProtocolTvl', 'defillama.listChains', 'defillama.getChainTvlHistory' ],
    references: [],
    content: `DefiLlama measures total value locked (TVL): the US dollar value of the assets deposited in DeFi
protocols, counted on chain by open-source adapters. It is a measure of size, not of revenue or safety.

Protocols are named by slug (aave, uniswap, lido, makerdao); {{tool:listProtocols}} shows the slug of
each entry, ranked by TVL, with change1d and change7d in percent. The category filter uses DefiLlama's
names (Dexs, Lending, Liquid Staking, Bridge, CDP, Yield, Derivatives, Restaking).
{{tool:getProtocol}} gives the TVL per chain and the last 30 days; {{tool:getProtocolTvl}} just the
current number.

{{tool:listChains}} ranks blockchains; use the name it shows (Ethereum, Arbitrum, Base, Solana) in
{{tool:getChainTvlHistory}}. The upstream lists are large, so these tools keep only the first entries
or the last days asked for.`
}
