export const main = {
    namespace: 'elevation',
    name: 'TerrainElevation',
    description: 'Ground elevation in metres above sea level for points and paths, from global digital elevation models.',
    version: '3.0.0',
    docs: [ 'https://elevation.example/docs/api' ],
    tags: [ 'geo', 'terrain' ],
    root: 'https://api.elevation.example/v1',
    tools: {
        getPointElevation: {
            method: 'GET',
            path: '/:dataset',
            description: 'Elevation of up to 100 points given as lat,lon pairs separated by |.',
            parameters: [
                { position: { key: 'dataset', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum(srtm30m,aster30m,etopo1,mapzen)', options: [ 'default(srtm30m)' ] } },
                { position: { key: 'locations', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(3)', 'max(4000)' ] } },
                { position: { key: 'interpolation', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(nearest,bilinear,cubic)', options: [ 'optional()', 'default(bilinear)' ] } }
            ]
        },
        getPathProfile: {
            method: 'POST',
            path: '/:dataset/profile',
            description: 'Elevation profile sampled along a path of coordinates, with total ascent and descent.',
            parameters: [
                { position: { key: 'dataset', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum(srtm30m,aster30m,etopo1,mapzen)', options: [ 'default(srtm30m)' ] } },
                { position: { key: 'path', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'array()', options: [ 'min(2)', 'max(512)' ] } },
                { position: { key: 'samples', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'number()', options: [ 'optional()', 'default(100)', 'min(2)', 'max(1024)' ] } },
                { position: { key: 'options', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'object()', options: [ 'optional()' ] } }
            ]
        }
    }
}

export const handlers = ( { sharedLists, libraries } ) => ( {
    getPathProfile: {
        postRequest: async ( { response, struct, payload } ) => {
            const heights = ( response?.results ?? [] ).map( ( point ) => point.elevation ).filter( ( value ) => typeof value === 'number' )
            let ascent = 0
            let descent = 0
            for( let index = 1; index < heights.length; index += 1 ) {
                const step = heights[ index ] - heights[ index - 1 ]
                if( step > 0 ) { ascent += step } else { descent -= step }
            }
            return { response: { samples: heights.length, ascent: Math.round( ascent ), descent: Math.round( descent ), heights } }
        }
    }
} )
