export const main = {
    namespace: 'pricealerts',
    name: 'PriceAlerts',
    description: 'Creates, lists, updates and deletes price alerts on stocks and crypto assets for the account behind the API token.',
    version: '3.0.2',
    docs: [ 'https://developer.pricealerts.example/reference' ],
    tags: [ 'finance', 'alerts', 'write' ],
    root: 'https://api.pricealerts.example',
    requiredServerParams: [ 'PRICEALERTS_TOKEN' ],
    headers: { Authorization: 'Token {{PRICEALERTS_TOKEN}}' },
    tools: {
        listAlerts: {
            method: 'GET',
            path: '/v1/alerts',
            description: 'Lists the alerts of the account, newest first.',
            parameters: [
                { position: { key: 'status', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(active,triggered,paused)', options: [ 'optional()' ] } },
                { position: { key: 'page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(1)', 'min(1)' ] } }
            ]
        },
        createAlert: {
            method: 'POST',
            path: '/v1/alerts',
            description: 'Creates an alert that fires when the asset price crosses the threshold in the given direction.',
            parameters: [
                { position: { key: 'asset', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'string()', options: [ 'min(1)', 'max(20)' ] } },
                { position: { key: 'direction', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'enum(above,below)', options: [] } },
                { position: { key: 'threshold', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'number()', options: [ 'min(0)' ] } },
                { position: { key: 'repeat', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'boolean()', options: [ 'default(false)' ] } },
                { position: { key: 'channels', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'array()', options: [ 'optional()', 'min(1)', 'max(3)' ] } },
                { position: { key: 'source', value: 'mcp', location: 'body' }, z: { primitive: 'string()', options: [] } }
            ]
        },
        updateAlert: {
            method: 'PUT',
            path: '/v1/alerts/:alertId',
            description: 'Replaces the threshold, direction or pause state of an existing alert.',
            parameters: [
                { position: { key: 'alertId', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'regex(^alr_[a-z0-9]{12}$)' ] } },
                { position: { key: 'threshold', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'number()', options: [ 'optional()', 'min(0)' ] } },
                { position: { key: 'direction', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'enum(above,below)', options: [ 'optional()' ] } },
                { position: { key: 'paused', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'boolean()', options: [ 'optional()' ] } }
            ]
        },
        deleteAlert: {
            method: 'DELETE',
            path: '/v1/alerts/:alertId',
            description: 'Deletes an alert permanently.',
            parameters: [
                { position: { key: 'alertId', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'regex(^alr_[a-z0-9]{12}$)' ] } }
            ]
        }
    }
}
