export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'dbtransport',
    description: 'How the Deutsche Bahn tools name stations and report delays.',
    dependsOn: [ 'dbtransport.searchStations', 'dbtransport.getDepartures', 'dbtransport.getArrivals', 'dbtransport.findJourneys' ],
    references: [],
    content: `db-rest is a free community service (not run by Deutsche Bahn) over DB's public timetable and
realtime data. It covers trains in Germany and many local buses, trams and S-Bahn; it allows about
100 calls a minute.

Stations are named by IBNR numbers: 8011160 Berlin Hbf, 8000261 München Hbf, 8002549 Hamburg Hbf,
8000105 Frankfurt (Main) Hbf. Find them with {{tool:searchStations}}.

{{tool:getDepartures}} and {{tool:getArrivals}} answer { departures } or { arrivals }: plannedWhen is
the timetable, when the current forecast (null when cancelled), delay is in seconds (null without
realtime data), platform and plannedPlatform show a change of platform, and line.name is the train
(ICE 1005, S 7). {{tool:findJourneys}} answers journeys of legs with origin, destination, departure,
arrival and line; a walking leg has walking: true. Times are ISO 8601 with the German offset.`
}
