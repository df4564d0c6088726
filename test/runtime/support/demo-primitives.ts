/**
 * A small resource and prompt provider written for the tests (the real SQLite and prompt providers
 * live elsewhere): what the MCP server must serve through `runtime/served-primitives.ts`.
 */
import {
  InvalidArgumentsError,
  PromptNotFoundError,
  ResourceNotFoundError,
  type ServedPrompts,
  type ServedResources,
} from '../../../runtime/served-primitives.ts';

const cities: Record<string, { name: string; country: string }> = {
  oslo: { name: 'Oslo', country: 'NO' },
  lima: { name: 'Lima', country: 'PE' },
};

export const demoResources: ServedResources = {
  resources: [
    {
      uri: 'toolkit://cities/all',
      name: 'all-cities',
      title: 'All cities',
      description: 'Every city.',
      mimeType: 'application/json',
    },
  ],
  templates: [
    {
      uriTemplate: 'toolkit://cities/{key}',
      name: 'city',
      description: 'One city by key.',
      mimeType: 'application/json',
    },
  ],
  async read(uri) {
    if (uri === 'toolkit://cities/all')
      return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(Object.values(cities)) }] };
    const key = /^toolkit:\/\/cities\/([^/]+)$/.exec(uri)?.[1];
    if (key === 'broken') throw new Error('the database cities.db cannot be opened');
    if (key !== undefined && !/^[a-z]+$/.test(key))
      throw new InvalidArgumentsError(`key must be lower-case letters, got "${key}"`);
    const city = key === undefined ? undefined : cities[key];
    if (!city) throw new ResourceNotFoundError(uri);
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(city) }] };
  },
};

export const demoPrompts: ServedPrompts = {
  prompts: [
    {
      name: 'describe_city',
      title: 'Describe a city',
      description: 'Asks for a short description of a city.',
      arguments: [{ name: 'city', description: 'The city.', required: true }],
    },
  ],
  async get(name, args) {
    if (name !== 'describe_city') throw new PromptNotFoundError(name);
    if (!args?.city) throw new InvalidArgumentsError('describe_city needs the argument "city"');
    return {
      description: 'Asks for a short description of a city.',
      messages: [{ role: 'user', content: { type: 'text', text: `Describe ${args.city} in two sentences.` } }],
    };
  },
};

/** A provider with nothing in it: the server must not declare the capability for it. */
export const emptyResources: ServedResources = {
  resources: [],
  templates: [],
  read: async (uri) => Promise.reject(new ResourceNotFoundError(uri)),
};
export const emptyPrompts: ServedPrompts = {
  prompts: [],
  get: async (name) => Promise.reject(new PromptNotFoundError(name)),
};
