export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'currencies',
    description: 'What the ISO currency table holds and how it pairs with the frankfurter exchange rates.',
    dependsOn: [],
    references: [],
    content: `The currencies provider is an offline ISO 4217 table; it has no tools and fetches nothing.

{{resource:iso}} is a read-only SQLite table served with the server: fifty-two currencies with their
alphabetic and numeric codes, ISO names and minor units (how many decimals an amount has: 0 for the yen,
3 for the Kuwaiti dinar), and seventy-six countries with the currency each uses. Its queries look a
currency up by code or name, give the currency of a country or the countries using a currency, and list
the currencies that have a euro reference rate of the European Central Bank; getSchema shows the tables
and freeQuery runs any read-only SELECT on them.

Exchange rates are not here: the frankfurter provider serves the ECB's daily reference rates for the
currencies whose ecb_reference flag is 1. Those are reference rates published once per working day
around 16:00 CET, not the rates a bank or card will charge.`
}
