// mempool.space: Bitcoin block explorer and fee estimates. No key.
export const main = {
    namespace: 'mempool',
    name: 'MempoolSpace',
    description: 'Bitcoin fee estimates, mempool and mining statistics, block height, addresses, transactions and the bitcoin price from the mempool.space explorer.',
    version: '3.0.0',
    docs: [ 'https://mempool.space/docs/api/rest' ],
    tags: [ 'crypto', 'bitcoin', 'block-explorer', 'fees', 'no-key' ],
    root: 'https://mempool.space',
    tools: {
        getRecommendedFees: {
            method: 'GET',
            path: '/api/v1/fees/recommended',
            description: 'Fee rates in sat/vB to be confirmed in the next block, within half an hour, within an hour, or economically.',
            parameters: [],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'object',
                    properties: {
                        fastestFee: { type: 'number' },
                        halfHourFee: { type: 'number' },
                        hourFee: { type: 'number' },
                        economyFee: { type: 'number' },
                        minimumFee: { type: 'number' }
                    }
                }
            },
            tests: [
                { _description: 'Fees right now' }
            ]
        },
        getBlockHeight: {
            method: 'GET',
            path: '/api/blocks/tip/height',
            description: 'The height of the latest Bitcoin block.',
            parameters: [],
            output: {
                mimeType: 'text/plain',
                schema: { type: 'string', description: 'The block height as a decimal number' }
            },
            tests: [
                { _description: 'The current tip' }
            ]
        },
        getMempoolStats: {
            method: 'GET',
            path: '/api/mempool',
            description: 'The unconfirmed transactions waiting: count, total virtual size, total fees and a fee-rate histogram.',
            parameters: [],
            tests: [
                { _description: 'The mempool now' }
            ]
        },
        getAddress: {
            method: 'GET',
            path: '/api/address/{{address}}',
            description: 'Funded and spent output counts and sums (in satoshis) and the transaction count of a Bitcoin address, confirmed and in the mempool.',
            parameters: [
                { position: { key: 'address', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(26)', 'max(90)' ] } }
            ],
            tests: [
                { _description: 'The genesis block address', address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa' }
            ]
        },
        getTransaction: {
            method: 'GET',
            path: '/api/tx/{{txid}}',
            description: 'A Bitcoin transaction by id: inputs, outputs, size, weight, fee and confirmation status.',
            parameters: [
                { position: { key: 'txid', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(64)', 'max(64)' ] } }
            ],
            tests: [
                { _description: 'The pizza transaction of 2010', txid: 'a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d' }
            ]
        },
        getDifficultyAdjustment: {
            method: 'GET',
            path: '/api/v1/difficulty-adjustment',
            description: 'Progress of the current difficulty epoch and the estimated next difficulty change.',
            parameters: [],
            tests: [
                { _description: 'The coming adjustment' }
            ]
        },
        getBitcoinPrice: {
            method: 'GET',
            path: '/api/v1/prices',
            description: 'The bitcoin price in USD, EUR, GBP, CAD, CHF, AUD and JPY.',
            parameters: [],
            tests: [
                { _description: 'The price now' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
