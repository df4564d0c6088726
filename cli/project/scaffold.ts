/**
 * The files of a new provider (`toolkit init`): a format 3.0.0 schema with one tool written in the
 * spec's forms (placeholders, options, tests, an `about` prompt), every line a user changes marked.
 * It validates as written, with no warning, so the user starts from a clean state.
 */

/** PascalCase of a namespace (`weather` → `Weather`). */
const pascal = (namespace: string): string => namespace.charAt(0).toUpperCase() + namespace.slice(1);

export function scaffoldFiles(namespace: string, root: string): Record<string, string> {
  const schema =
    `// The ${namespace} provider. Fields and rules: docs/schema-format.md; check it with \`toolkit ` +
    `validate\`.
export const main = {
    namespace: '${namespace}',
    name: '${pascal(namespace)}',
    // One or two sentences: what the API offers.
    description: 'What the ${namespace} API offers, in one or two sentences.',
    version: '3.0.0',
    // The API's base URL: https, no trailing slash.
    root: '${root}',
    docs: [ '${root}' ],
    tags: [ '${namespace}' ],
    // API keys the calls need: read from ~/.toolkit/.env or the environment, never shown to clients.
    // requiredServerParams: [ '${namespace.toUpperCase()}_API_KEY' ],
    // headers: { Authorization: 'Bearer {{${namespace.toUpperCase()}_API_KEY}}' },
    tools: {
        // One entry per endpoint (at most 8), keyed by a camelCase tool name.
        getItem: {
            method: 'GET',
            // {{id}} is filled by the parameter with key 'id' and location 'insert'.
            path: '/items/{{id}}',
            description: 'One item by its id.',
            parameters: [
                { position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', ` +
    `options: [ 'min(1)' ] } },
                { position: { key: 'lang', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: ` +
    `'enum(en,de,fr)', options: [ 'optional()', 'default(en)' ] } }
            ],
            // Calls \`toolkit test single\` makes live: the user parameters of each, and what it checks.
            tests: [
                { _description: 'An item in English', id: '1' },
                { _description: 'An item in German', id: '2', lang: 'de' },
                { _description: 'Another item', id: '3', lang: 'fr' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
`;
  const about = `export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: '${namespace}',
    description: 'What the ${namespace} tools return and where their limits are.',
    dependsOn: [ '${namespace}.getItem' ],
    references: [],
    content: \`The ${namespace} provider explains itself here: what {{tool:getItem}} returns, which ids exist,
and what the API does not cover. Prompts explain; they do not instruct.\`
}
`;
  return { [`${namespace}.mjs`]: schema, 'prompts/about.mjs': about };
}
