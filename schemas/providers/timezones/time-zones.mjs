export const main = {
    namespace: 'timezones',
    name: 'TimeZones',
    description: 'Current local time, UTC offset and daylight-saving rules for IANA time zones and coordinates.',
    version: '3.0.0',
    docs: [ 'https://timezones.example/api/docs' ],
    tags: [ 'time', 'geo' ],
    root: 'https://api.timezones.example',
    tools: {
        getZoneTime: {
            method: 'GET',
            path: '/api/timezone/{{area}}/{{location}}',
            description: 'Local time, UTC offset and DST state of a zone such as Europe/Berlin.',
            parameters: [
                { position: { key: 'area', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum(Africa,America,Antarctica,Asia,Atlantic,Australia,Europe,Indian,Pacific)', options: [] } },
                { position: { key: 'location', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)', 'regex(^[A-Za-z_]+(\\/[A-Za-z_]+)?$)' ] } }
            ]
        },
        listZones: {
            method: 'GET',
            path: '/api/timezone',
            description: 'All IANA time zone names.',
            parameters: []
        },
        getZoneForCoordinate: {
            method: 'GET',
            path: '/api/coordinate',
            description: 'Time zone and local time at a coordinate.',
            parameters: [
                { position: { key: 'latitude', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-90)', 'max(90)' ] } },
                { position: { key: 'longitude', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-180)', 'max(180)' ] } }
            ]
        },
        convertTime: {
            method: 'POST',
            path: '/api/conversion/convert',
            description: 'Converts a local date-time from one zone to another.',
            parameters: [
                { position: { key: 'fromTimeZone', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'dateTime', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'string()', options: [ 'regex(^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}(:\\d{2})?$)' ] } },
                { position: { key: 'toTimeZone', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'dstAmbiguity', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'enum(earlier,later)', options: [ 'optional()' ] } }
            ]
        }
    }
}
