export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'frankfurter',
    description: 'What the European Central Bank reference rates are and how Frankfurter returns them.',
    dependsOn: [ 'frankfurter.getLatestRates', 'frankfurter.getHistoricalRates', 'frankfurter.getTimeSeries', 'frankfurter.listCurrencies' ],
    references: [],
    content: `Frankfurter republishes the euro foreign exchange reference rates of the European Central Bank:
one rate per currency per working day, set around 16:00 Central European Time. They are reference
values for information, not the rates a bank or card network charges.

Only the currencies of the shared list ecbCurrencies exist (about 30: USD, GBP, JPY, CHF, CNY, …);
{{tool:listCurrencies}} names them. Any of them can be the base (from); rates between two non-euro
currencies are computed through the euro. to takes a comma-separated list (USD,GBP).

{{tool:getLatestRates}} and {{tool:getHistoricalRates}} answer { amount, base, date, rates }, where
rates maps each currency to what amount of the base is worth in it. date is the working day the rates
belong to, which may be earlier than the day asked for. {{tool:getTimeSeries}} answers
{ start_date, end_date, rates: { "<date>": { "<currency>": rate } } }.`
}
