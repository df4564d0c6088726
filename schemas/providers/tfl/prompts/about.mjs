export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'tfl',
    description: 'How the Transport for London tools identify lines and stops and how to read their answers.',
    dependsOn: [ 'tfl.getModeStatus', 'tfl.getLineStatus', 'tfl.searchStops', 'tfl.getArrivals', 'tfl.planJourney' ],
    references: [],
    content: `Transport for London runs the Tube, buses, the Elizabeth line, Overground, DLR and trams. Its API
serves live data; without a key it allows 50 calls a minute.

Lines have lowercase ids (bakerloo, central, victoria, elizabeth, dlr; buses by number). In
{{tool:getModeStatus}} and {{tool:getLineStatus}} each line has lineStatuses with
statusSeverityDescription ("Good Service", "Minor Delays", "Severe Delays", "Part Closure") and a
reason text when disrupted.

Stops are named by NaPTAN ids: 940GZZLU… for Tube stations, 490… for bus stops, 910G… for rail.
Find them with {{tool:searchStops}} (matches[].id). {{tool:getArrivals}} lists predictions in no
particular order: sort by timeToStation (seconds). {{tool:planJourney}} returns journeys with
duration in minutes, legs (each with instruction.summary and mode.name) and fare when known.`
}
