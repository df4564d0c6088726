export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'worldbank',
    description: 'How World Bank indicator answers are shaped and which codes to use.',
    dependsOn: [ 'worldbank.getIndicatorData', 'worldbank.getCountry', 'worldbank.getIndicator' ],
    references: [],
    content: `The World Bank publishes about 16,000 indicators, most from the World Development Indicators,
for 217 economies and aggregates (WLD world, EUU European Union, LCN Latin America & Caribbean).
Countries are ISO codes (DE or DEU); several are joined with ; and "all" means every country.

Every answer is an array of two elements: [paging information, records]. In
{{tool:getIndicatorData}} each record has country.value, date (the year) and value, which is null when
there is no data for that year. Values are in the unit of the indicator (current US$, people, years,
percent); {{tool:getIndicator}} tells it. Useful codes: NY.GDP.MKTP.CD GDP, NY.GDP.PCAP.CD GDP per
capita, SP.POP.TOTL population, SP.DYN.LE00.IN life expectancy, SL.UEM.TOTL.ZS unemployment, FP.CPI.TOTL.ZG
inflation. Recent years are often still empty: mrv = 1 returns the latest year that has a value.
{{tool:getCountry}} gives the region and income group.`
}
