/** The small catalog the CLI tests work with (format 3.0.0, on the loopback upstream). */

/** `forecast`: currentWeather (a server param in a header, an enum with a default) and brokenCall (500). */
export const forecastSchema = (root: string): string =>
  `// Weather for the CLI tests.
export const main = {
  namespace: 'forecast',
  name: 'Forecast',
  description: 'Current weather for a city, from a test upstream.',
  version: '3.0.0',
  root: '${root}',
  tags: ['weather', 'climate'],
  requiredServerParams: ['FORECAST_KEY'],
  headers: { 'x-api-key': '{{FORECAST_KEY}}' },
  tools: {
    currentWeather: {
      method: 'GET',
      path: '/current',
      description: 'Current weather conditions (temperature, sky) in a city.',
      parameters: [
        { position: { key: 'city', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', ` +
  `options: ['min(1)'] } },
        { position: { key: 'units', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: ` +
  `'enum(metric,imperial)', options: ['optional()', 'default(metric)'] } }
      ]
    },
    brokenCall: {
      method: 'GET',
      path: '/fail',
      description: 'A call whose upstream always fails.',
      parameters: []
    }
  }
};
`;

/** \`items\`: getItem (a path insert) and listItems, no server params. */
export const itemsSchema = (root: string): string =>
  `export const main = {
  namespace: 'items',
  name: 'Items',
  description: 'Items of a shop.',
  version: '3.0.0',
  root: '${root}',
  tags: ['shop'],
  tools: {
    getItem: {
      method: 'GET',
      path: '/items/{{id}}',
      description: 'One item by its id.',
      parameters: [
        { position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: ` +
  `['min(1)'] } }
      ]
    },
    listItems: {
      method: 'GET',
      path: '/items',
      description: 'Every item of the shop.',
      parameters: []
    }
  }
};
`;

/** A provider with \`count\` widget tools (for the 10-result cap of search). */
export const widgetSchema = (namespace: string, count: number): string => `export const main = {
  namespace: '${namespace}',
  name: 'Widgets',
  description: 'Widgets.',
  version: '3.0.0',
  root: 'https://api.${namespace}.example',
  tools: {
${Array.from(
  { length: count },
  (_, i) =>
    `    widget${i}: { method: 'GET', path: '/w${i}', description: 'Widget ` + `number ${i}.', parameters: [] }`,
).join(',\n')}
  }
};
`;
