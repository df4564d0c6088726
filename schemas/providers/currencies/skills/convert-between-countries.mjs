export const skill = {
    name: 'convert-between-countries',
    version: 'toolkit-skill/1.0.0',
    description: 'Converts an amount from the currency of one country to the currency of another at the latest ECB reference rate, rounded to the target currency\'s minor units.',
    testedWith: 'anthropic/claude-sonnet-4',
    requires: {
        tools: [ 'frankfurter/tool/getLatestRates' ],
        resources: [ 'iso' ],
        external: []
    },
    input: [
        { key: 'amount', type: 'number', description: 'The amount to convert', required: true },
        { key: 'fromCountry', type: 'string', description: 'ISO 3166-1 alpha-2 code of the country the money is from, e.g. CH', required: true },
        { key: 'toCountry', type: 'string', description: 'ISO 3166-1 alpha-2 code of the country to convert for, e.g. JP', required: true }
    ],
    output: 'One sentence with both amounts, both currency codes and the date of the rate.',
    content: `Convert {{input:amount}} from the currency of {{input:fromCountry}} to the currency of {{input:toCountry}}.

1. Find each country's currency in {{resource:iso}} with the currencyOfCountry query. If a country is not
   in the table, say so and stop.
2. If both countries use the same currency, the amount does not change: say so.
3. If either currency has no ECB reference rate (ecb_reference is 0), say that it cannot be converted here.
4. Otherwise call {{tool:frankfurter/tool/getLatestRates}} with the first currency as from, the second as
   to and {{input:amount}} as amount.
5. Round the result to the minor units of the target currency (from the table) and answer with both
   amounts, both codes and the date the rate is for.`
}
