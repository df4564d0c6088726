export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'currencies',
    description: 'What the ISO currency table and the Frankfurter exchange-rate tools cover, and how they fit together.',
    dependsOn: [ 'currencies.latestRates', 'currencies.ratesOnDate', 'currencies.listCurrencies' ],
    references: [],
    content: `The currencies provider pairs an offline ISO 4217 table with the euro reference rates of the
European Central Bank.

{{resource:iso}} is a read-only SQLite table served with the server: fifty-two currencies with their
alphabetic and numeric codes, ISO names and minor units (how many decimals an amount has: 0 for the yen,
3 for the Kuwaiti dinar), and seventy-six countries with the currency each uses. A flag tells whether
the ECB publishes a reference rate for the currency, i.e. whether the tools below can convert it.

{{tool:latestRates}} returns the latest reference rates from a base currency (the euro unless another is
given), optionally for an amount; {{tool:ratesOnDate}} does the same for a past day since 1999-01-04;
{{tool:listCurrencies}} lists the currencies that have rates. Rates are published once per working day
around 16:00 CET and are reference rates, not the rates a bank or card will charge.`
}
