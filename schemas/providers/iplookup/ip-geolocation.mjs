export const main = {
    namespace: 'iplookup',
    name: 'IpGeolocation',
    description: 'Approximate location, network owner and time zone of IPv4 and IPv6 addresses.',
    version: '3.0.0',
    docs: [ 'https://iplookup.example/developers' ],
    tags: [ 'network', 'geo' ],
    root: 'https://api.iplookup.example',
    requiredServerParams: [ 'IPLOOKUP_TOKEN' ],
    tools: {
        lookupAddress: {
            method: 'GET',
            path: '/{{ip}}/json',
            description: 'City, region, country, coordinates, ASN and organisation of an IP address.',
            parameters: [
                { position: { key: 'ip', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(3)', 'max(45)' ] } },
                { position: { key: 'token', value: '{{SERVER_PARAM:IPLOOKUP_TOKEN}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        },
        batchLookup: {
            method: 'POST',
            path: '/batch',
            description: 'Looks up to 1000 addresses in one call.',
            parameters: [
                { position: { key: 'ips', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'array()', options: [ 'min(1)', 'max(1000)' ] } },
                { position: { key: 'token', value: '{{SERVER_PARAM:IPLOOKUP_TOKEN}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        },
        getAsnDetails: {
            method: 'GET',
            path: '/AS{{asn}}/json',
            description: 'Owner, country, prefixes and type (ISP, hosting, business) of an autonomous system.',
            parameters: [
                { position: { key: 'asn', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(4294967295)' ] } },
                { position: { key: 'token', value: '{{SERVER_PARAM:IPLOOKUP_TOKEN}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        }
    }
}
