export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'nominatim',
    description: 'What Nominatim returns, how to read it and the usage policy it runs under.',
    dependsOn: [ 'nominatim.searchPlaces', 'nominatim.reverseGeocode', 'nominatim.lookupOsmObjects' ],
    references: [],
    content: `Nominatim searches OpenStreetMap. The public service allows at most one request per second and
no bulk geocoding; results carry the licence "Data © OpenStreetMap contributors, ODbL 1.0", which an
answer that shows them should credit.

{{tool:searchPlaces}} takes free text in any language; a country code list such as "de,at" in
countrycodes narrows it. lat and lon come back as strings. category and type say what was found
(boundary/administrative, amenity/restaurant, building/yes) and importance ranks results.
address holds the parts (road, house_number, postcode, city, state, country, country_code).

{{tool:reverseGeocode}} turns a coordinate into the nearest object at the chosen zoom: 18 building,
16 street, 10 city, 5 state, 3 country. {{tool:lookupOsmObjects}} reads objects whose OpenStreetMap
ids are known, such as the osm_type and osm_id of an earlier answer (relation 146656 is R146656).`
}
