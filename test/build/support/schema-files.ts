/**
 * Real schema files (format 3.0.0) written by the tests, read by the real front end: a price API
 * on a loopback HTTPS upstream and a few small providers.
 */

/** `getPrice({ ids, days? })` and `listCoins()` against `root` (an https URL on loopback). */
export const priceSchema = (root: string): string =>
  `export const main = {
    namespace: 'coinprices',
    name: 'CoinPrices',
    description: 'Coin prices from a test upstream.',
    version: '3.0.0',
    root: '${root}',
    tools: {
        getPrice: {
            method: 'GET',
            path: '/price',
            description: 'Price of one or more coins.',
            parameters: [
                { position: { key: 'ids', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', ` +
  `options: [ 'min(1)' ] } },
                { position: { key: 'days', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', ` +
  `options: [ 'optional()', 'default(7)', 'min(1)', 'max(30)' ] } }
            ]
        },
        listCoins: {
            method: 'GET',
            path: '/coins',
            description: 'Every coin the upstream knows.',
            parameters: []
        }
    }
}
`;

/** A provider with `count` simple tools named `tool0`, `tool1`, … (namespace letters only). */
export const simpleSchema = (
  namespace: string,
  count = 1,
  description = 'A small test provider.',
): string => `export const main = {
    namespace: '${namespace}',
    name: 'SmallProvider',
    description: '${description}',
    version: '3.0.0',
    root: 'https://api.${namespace}.example',
    tools: {
${Array.from(
  { length: count },
  (_, i) =>
    `        tool${i}: {
            method: 'GET',
            path: '/item${i}',
            description: 'Item ${i} of ${namespace}.',
            parameters: [
                { position: { key: 'query', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: ` +
    `'string()', options: [] } }
            ]
        }`,
).join(',\n')}
    }
}
`;

/** A schema that fails validation (namespace with digits and an unknown primitive). */
export const brokenSchema =
  `export const main = {
    namespace: 'Broken42',
    name: 'Broken',
    description: 'Does not validate.',
    version: '3.0.0',
    root: 'https://api.broken.example',
    tools: {
        getThing: { method: 'GET', path: '/thing', description: 'A thing.', parameters: [
            { position: { key: 'x', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'float()', ` +
  `options: [] } }
        ] }
    }
}
`;
