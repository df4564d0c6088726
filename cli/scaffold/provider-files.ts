/**
 * The files of a new provider, as text: a schema with one tool, its tests and an about prompt, in the
 * forms of `docs/schema-format.md` (no wild form, so it validates with no warning). Pure: the command
 * decides where they go and checks that nothing is overwritten.
 */
export interface ProviderSkeleton {
  /** Lowercase letters only, e.g. `openmeteo`. */
  readonly namespace: string;
  /** `https://` base URL of the API, without a trailing slash. */
  readonly root: string;
}

export interface SkeletonFile {
  /** Relative to the provider folder. */
  readonly path: string;
  readonly text: string;
}

const pascal = (namespace: string): string => namespace.charAt(0).toUpperCase() + namespace.slice(1);

export function providerFiles({ namespace, root }: ProviderSkeleton): SkeletonFile[] {
  const schema = `// ${pascal(namespace)}: describe the API in one line, and whether it needs a key.
export const main = {
    namespace: '${namespace}',
    name: '${pascal(namespace)}',
    description: 'What the tools of this provider return, in one or two sentences.',
    version: '3.0.0',
    docs: [ '${root}' ],
    tags: [ 'replace-me', 'no-key' ],
    root: '${root}',
    tools: {
        getItem: {
            method: 'GET',
            path: '/items/{{id}}',
            description: 'One item by id: say what the answer holds, so a model knows when to call this tool.',
            parameters: [
                { position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(1)' ] } },
                { position: { key: 'lang', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(en,de,fr)', options: [ 'default(en)' ] } }
            ],
            tests: [
                { _description: 'An item that exists', id: '1' },
                { _description: 'The same item in German', id: '1', lang: 'de' }
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
    content: \`Explain the provider to a model: what {{tool:getItem}} returns, the units and codes in its
answers, how often the API may be called, and what it cannot answer.\`
}
`;
  return [
    { path: `${namespace}.mjs`, text: schema },
    { path: 'prompts/about.mjs', text: about },
  ];
}
