// Transport for London Unified API: status, stops, live arrivals and journeys in London. No key needed at low volume.
export const main = {
    namespace: 'tfl',
    name: 'TransportForLondon',
    description: 'London public transport from Transport for London: line status of the Tube, Overground, Elizabeth line, DLR, trams and buses, stop search, live arrivals and journey planning.',
    version: '3.0.0',
    docs: [ 'https://api.tfl.gov.uk/', 'https://api-portal.tfl.gov.uk/api-details#api=Line', 'https://api-portal.tfl.gov.uk/api-details#api=StopPoint', 'https://api-portal.tfl.gov.uk/api-details#api=Journey' ],
    tags: [ 'public-transport', 'london', 'united-kingdom', 'realtime', 'no-key' ],
    root: 'https://api.tfl.gov.uk',
    tools: {
        getModeStatus: {
            method: 'GET',
            path: '/Line/Mode/{{mode}}/Status',
            description: 'Current service status of every line of a mode (Good Service, Minor Delays, Part Closure, …) with the reason for disruptions.',
            parameters: [
                { position: { key: 'mode', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum(tube,elizabeth-line,overground,dlr,tram,bus,national-rail,river-bus,cable-car)', options: [ 'default(tube)' ] } }
            ],
            tests: [
                { _description: 'Status of the Tube' }
            ]
        },
        getLineStatus: {
            method: 'GET',
            path: '/Line/{{lineId}}/Status',
            description: 'Current status of one or more lines by id (victoria, central, elizabeth, 25; several comma-separated).',
            parameters: [
                { position: { key: 'lineId', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(1)' ] } }
            ],
            tests: [
                { _description: 'The Victoria line', lineId: 'victoria' }
            ]
        },
        searchStops: {
            method: 'GET',
            path: '/StopPoint/Search/{{query}}',
            description: "Stations and stops whose name matches, with their id, zone, modes and coordinates; modes narrows (tube, bus, national-rail).",
            parameters: [
                { position: { key: 'query', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'modes', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } }
            ],
            tests: [
                { _description: "King's Cross on the Tube", query: 'kings cross', modes: 'tube' }
            ]
        },
        getArrivals: {
            method: 'GET',
            path: '/StopPoint/{{stopId}}/Arrivals',
            description: 'Live predicted arrivals at a stop (NaPTAN id such as 940GZZLUKSX), with line, platform, destination and seconds to arrival.',
            parameters: [
                { position: { key: 'stopId', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(4)' ] } }
            ],
            tests: [
                { _description: "Arrivals at King's Cross St. Pancras", stopId: '940GZZLUKSX' }
            ]
        },
        planJourney: {
            method: 'GET',
            path: '/Journey/JourneyResults/{{from}}/to/{{to}}',
            description: 'Journey options between two places in London given as stop ids, postcodes or "latitude,longitude", with legs, durations and fares.',
            parameters: [
                { position: { key: 'from', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'to', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)' ] } }
            ],
            tests: [
                { _description: 'From Waterloo to Paddington', from: '940GZZLUWLO', to: '940GZZLUPAC' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
