export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'restcountries',
    description: 'What REST Countries returns and the shape of a country record.',
    dependsOn: [ 'restcountries.searchCountries', 'restcountries.getCountry', 'restcountries.listByRegion', 'restcountries.listByCurrency' ],
    references: [],
    content: `REST Countries is a community-maintained data set of about 250 countries and territories.

{{tool:getCountry}} takes an ISO code (de, DEU or 276) and answers one record; the other tools answer
an array. {{tool:searchCountries}} matches parts of names ("guinea" finds four countries), so use
fullText = true for one exact name. {{tool:listByRegion}} and {{tool:listByCurrency}} list countries.

In a record, name.common is the everyday name and name.official the formal one; cca2 and cca3 are
the ISO codes; capital is an array (some countries have several); population is a recent estimate
and area is in km². currencies is keyed by ISO 4217 code ({ "EUR": { "name": "Euro", "symbol": "€" } })
and languages by ISO 639-3 code. borders lists the alpha-3 codes of neighbouring countries.
An unknown name or code answers 404.`
}
