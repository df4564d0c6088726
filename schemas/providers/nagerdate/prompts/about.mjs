export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'nagerdate',
    description: 'How to read Nager.Date holidays and long weekends.',
    dependsOn: [ 'nagerdate.getPublicHolidays', 'nagerdate.getNextPublicHolidays', 'nagerdate.getLongWeekends', 'nagerdate.isTodayPublicHoliday', 'nagerdate.getCountryInfo' ],
    references: [],
    content: `Nager.Date is an open-source holiday database. Countries are ISO 3166-1 alpha-2 codes in
capitals (DE, US, JP); the tools offer the countries of the shared list isoCountryCodes.

Each holiday from {{tool:getPublicHolidays}} or {{tool:getNextPublicHolidays}} has date
(YYYY-MM-DD), localName, name (English), global (true when nationwide) and counties (the ISO 3166-2
subdivisions such as DE-BY when it is regional), and types: Public, Bank, School, Authorities,
Optional or Observance. Only Public means a day off for most people.

{{tool:getLongWeekends}} lists startDate, endDate, dayCount and needBridgeDay with bridgeDays: the
working days to take off to get the whole weekend. {{tool:isTodayPublicHoliday}} answers with HTTP 200
when today is a public holiday and HTTP 204 when it is not, with no body either way; "today" is the
country's own date. {{tool:getCountryInfo}} names a country and its neighbours.`
}
