// Candlestick intervals as exchanges name them (Binance spelling). Pure data.
export const list = {
    meta: {
        name: 'tradingTimeframes',
        version: '3.0.0',
        description: 'Candlestick (kline) intervals with their length in seconds, spelled as Binance and most exchanges accept them.',
        fields: [
            { key: 'alias', type: 'string', description: 'Interval code as sent to the exchange, e.g. 15m, 4h, 1d' },
            { key: 'seconds', type: 'number', description: 'Length of one candle in seconds (a month counted as 30 days)' },
            { key: 'label', type: 'string', description: 'Human-readable interval' }
        ]
    },
    entries: [
        { alias: '1s', seconds: 1, label: '1 second' },
        { alias: '1m', seconds: 60, label: '1 minute' },
        { alias: '3m', seconds: 180, label: '3 minutes' },
        { alias: '5m', seconds: 300, label: '5 minutes' },
        { alias: '15m', seconds: 900, label: '15 minutes' },
        { alias: '30m', seconds: 1800, label: '30 minutes' },
        { alias: '1h', seconds: 3600, label: '1 hour' },
        { alias: '2h', seconds: 7200, label: '2 hours' },
        { alias: '4h', seconds: 14400, label: '4 hours' },
        { alias: '6h', seconds: 21600, label: '6 hours' },
        { alias: '8h', seconds: 28800, label: '8 hours' },
        { alias: '12h', seconds: 43200, label: '12 hours' },
        { alias: '1d', seconds: 86400, label: '1 day' },
        { alias: '3d', seconds: 259200, label: '3 days' },
        { alias: '1w', seconds: 604800, label: '1 week' },
        { alias: '1M', seconds: 2592000, label: '1 month' }
    ]
}
