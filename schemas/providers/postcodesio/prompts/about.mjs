export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'postcodesio',
    description: 'What postcodes.io knows about a UK postcode and how its answers are shaped.',
    dependsOn: [ 'postcodesio.lookupPostcode', 'postcodesio.validatePostcode', 'postcodesio.nearestPostcodes', 'postcodesio.autocompletePostcode', 'postcodesio.lookupOutcode' ],
    references: [],
    content: `postcodes.io serves the Office for National Statistics postcode directory: every UK postcode in
England, Scotland, Wales and Northern Ireland, updated quarterly.

Every answer is { status, result }. {{tool:lookupPostcode}} gives result.latitude and
result.longitude, country, region, admin_district (the local authority), admin_ward,
parliamentary_constituency and statistical areas (lsoa, msoa). An unknown postcode answers 404
"Invalid postcode"; use {{tool:validatePostcode}} to check input without an error (result true or
false) and {{tool:autocompletePostcode}} to complete a partial one.

{{tool:nearestPostcodes}} takes lon and lat in the UK and a radius up to 2,000 m; each result has a
distance in metres. {{tool:lookupOutcode}} describes the area of an outward code (the part before
the space).`
}
