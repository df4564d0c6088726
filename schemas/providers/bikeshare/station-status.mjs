export const main = {
    namespace: 'bikeshare',
    name: 'StationStatus',
    description: 'Docking stations of a city bike-sharing system with live counts of bikes and free docks.',
    version: '3.0.0',
    docs: [ 'https://bikeshare.example/open-data' ],
    tags: [ 'mobility', 'realtime', 'open-data' ],
    root: 'https://feeds.bikeshare.example/v2/en',
    tools: {
        listStations: {
            method: 'GET',
            path: '/station_information.json',
            description: 'Every station with id, name, coordinate and capacity.',
            parameters: []
        },
        getStationStatus: {
            method: 'GET',
            path: '/station_status.json',
            description: 'Bikes, e-bikes and free docks available now, for one station or all.',
            parameters: [
                { position: { key: 'stationId', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } }
            ]
        }
    }
}

export const handlers = ( { sharedLists, libraries } ) => ( {
    getStationStatus: {
        postRequest: async ( { response, struct, payload } ) => {
            const stations = response?.data?.stations ?? []
            const wanted = payload.stationId ? stations.filter( ( station ) => station.station_id === payload.stationId ) : stations
            return { response: wanted.map( ( station ) => ( {
                stationId: station.station_id,
                bikes: station.num_bikes_available,
                docks: station.num_docks_available,
                renting: station.is_renting === 1
            } ) ) }
        }
    }
} )
