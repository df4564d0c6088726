export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'zippopotam',
    description: 'What the Zippopotam tools return and the shape of their answers.',
    dependsOn: [ 'zippopotam.lookupPostalCode', 'zippopotam.findPostalCodes' ],
    references: [],
    content: `Zippopotam.us maps postal codes to places and back. Country codes are lowercase ISO codes.

{{tool:lookupPostalCode}} answers with "post code", "country" and a places array; each place has
"place name", "state", "state abbreviation", "latitude" and "longitude" (as strings). Note the
spaces in these keys. For Great Britain, Canada and a few others only the first part of a postal code
is known (SW1A, not SW1A 2AA; for Canada the first three characters).

{{tool:findPostalCodes}} goes the other way for a city in a state, for example us / ca / palo alto.
An unknown code or place answers 404 with an empty object.`
}
