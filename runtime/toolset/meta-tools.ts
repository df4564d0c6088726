/**
 * The toolset mode: a large catalog served as three tools whose listing stays a few KB whatever the
 * catalog's size. `search_tools` ranks the catalog's search index against words, `describe_tool`
 * gives one tool's full entry (input and output schemas, annotations), and `call_tool` calls any
 * tool by name. The catalog's tools stay callable directly under their own names too (a client
 * that learned a name from `search_tools` may call it as it is), they are only not listed.
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import { toolCountOf, type ServedTools } from '../create-runtime.ts';
import type { RuntimeTool, ToolDescription } from '../runtime-tool.ts';
import { DEFAULT_SEARCH_LIMIT, searchTools, type SearchIndex } from '../search/index.ts';

export const SEARCH_TOOLS = 'search_tools';
export const DESCRIBE_TOOL = 'describe_tool';
export const CALL_TOOL = 'call_tool';

/** The most hits one `search_tools` call returns. */
export const MAX_SEARCH_LIMIT = 50;

/** A hit's description is a summary: longer ones are cut (the whole one is `describe_tool`'s). */
export const MAX_HIT_DESCRIPTION = 2000;
/** `describe_tool`'s description: the validator's ceiling for a tool description (VAL121). */
export const MAX_DESCRIBED_DESCRIPTION = 16_384;

/** `text` cut to `max` characters with a note of how long it was; the same text when it fits. */
const shortened = (text: string, max: number): string =>
  text.length <= max
    ? text
    : `${text.slice(0, max)}… [cut: the description is ${text.length.toLocaleString('en-US')} characters]`;

type Json = Record<string, unknown>;

const failure = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });
const structured = (data: Json): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(data) }],
  structuredContent: data,
});
const asObject = (args: unknown): Json =>
  args !== null && typeof args === 'object' && !Array.isArray(args) ? (args as Json) : {};

/** The arguments as the tool's schema allows them, or the reason they are not. */
function readArgs(tool: string, args: unknown, allowed: readonly string[]): Json | string {
  if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args)))
    return `invalid arguments for ${tool}: expected an object`;
  const extra = Object.keys(asObject(args)).filter((key) => !allowed.includes(key));
  return extra.length > 0
    ? `invalid arguments for ${tool}: unknown ${extra.map((key) => JSON.stringify(key)).join(', ')} (allowed: ` +
        `${allowed.join(', ')})`
    : asObject(args);
}

function nameArg(tool: string, args: Json): string | CallToolResult {
  return typeof args.name === 'string' && args.name.length > 0
    ? args.name
    : failure(`invalid arguments for ${tool}: name must be a tool name (search_tools finds them)`);
}

const unknownTool = (name: string): CallToolResult =>
  failure(`no tool is named ${JSON.stringify(name)}; search_tools finds tool names by words`);

/** The three tools' definitions as listed (also their `RuntimeTool` descriptions). */
export function toolsetListing(toolCount: number): Tool[] {
  return [
    {
      name: SEARCH_TOOLS,
      title: 'Search tools',
      description:
        `Find tools among the ${toolCount} this server offers, by words (what you want to do, an API or ` +
        `service name, a topic). Returns the best matches, best first, with their names and descriptions; then call ` +
        `describe_tool for a tool's arguments, and call_tool to call it.`,
      inputSchema: {
        type: 'object',
        properties: {
          query: {
            type: 'string',
            minLength: 1,
            description: 'Words to search for, e.g. "weather forecast" or "erc20 balance".',
          },
          limit: {
            type: 'integer',
            minimum: 1,
            maximum: MAX_SEARCH_LIMIT,
            default: DEFAULT_SEARCH_LIMIT,
            description: 'How many matches to return.',
          },
        },
        required: ['query'],
        additionalProperties: false,
      },
      outputSchema: {
        type: 'object',
        properties: {
          tools: {
            type: 'array',
            items: {
              type: 'object',
              properties: { name: { type: 'string' }, title: { type: 'string' }, description: { type: 'string' } },
              required: ['name', 'description'],
            },
          },
        },
        required: ['tools'],
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    {
      name: DESCRIBE_TOOL,
      title: 'Describe a tool',
      description:
        'The full definition of one tool found with search_tools: its input schema (the arguments call_tool needs), ' +
        'its output schema when it has one, and whether it only reads.',
      inputSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', minLength: 1, description: 'The tool name, as search_tools returned it.' },
        },
        required: ['name'],
        additionalProperties: false,
      },
      outputSchema: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          title: { type: 'string' },
          description: { type: 'string' },
          inputSchema: { type: 'object' },
          outputSchema: { type: 'object' },
          annotations: { type: 'object' },
        },
        required: ['name', 'inputSchema'],
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    {
      name: CALL_TOOL,
      title: 'Call a tool',
      description:
        'Call one tool of this server by name with its arguments (see describe_tool for them); returns that ' +
        "tool's own result.",
      inputSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', minLength: 1, description: 'The tool name, as search_tools returned it.' },
          arguments: { type: 'object', description: "The tool's arguments, as its input schema describes them." },
        },
        required: ['name'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: false, openWorldHint: true },
    },
  ] as Tool[];
}

/** What a client learns in `instructions` about a server in toolset mode. */
export const toolsetInstructions = (toolCount: number): string =>
  `This server offers ${toolCount} tools through three: search_tools finds tools by words, describe_tool shows one ` +
  `tool's arguments, and call_tool calls it by name.`;

/**
 * `served` as the toolset: three listed tools over its search index; its own tools still callable by
 * name. The index may be given as a function, called on the first search (not at start-up).
 */
export function createToolset(served: ServedTools, index: SearchIndex | (() => SearchIndex)): ServedTools {
  const listing = toolsetListing(toolCountOf(served));
  let built: SearchIndex | undefined = typeof index === 'function' ? undefined : index;
  const indexOf = (): SearchIndex => (built ??= (index as () => SearchIndex)());
  let entries: Map<string, Tool> | undefined;
  const entryOf = (name: string): Tool | undefined =>
    (entries ??= new Map(served.listing.map((entry) => [entry.name, entry]))).get(name);
  const described = (name: string) => listing.find((entry) => entry.name === name) as unknown as ToolDescription;

  const search: RuntimeTool = {
    ...described(SEARCH_TOOLS),
    async call(args) {
      const input = readArgs(SEARCH_TOOLS, args, ['query', 'limit']);
      if (typeof input === 'string') return failure(input);
      if (typeof input.query !== 'string' || input.query.trim() === '')
        return failure(`invalid arguments for ${SEARCH_TOOLS}: query must be words to search for`);
      const limit = input.limit ?? DEFAULT_SEARCH_LIMIT;
      if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT)
        return failure(`invalid arguments for ${SEARCH_TOOLS}: limit must be an integer from 1 to ${MAX_SEARCH_LIMIT}`);
      const tools = searchTools(indexOf(), input.query, limit).map(({ entry }) => {
        const title = entryOf(entry.name)?.title;
        const description = shortened(entry.description, MAX_HIT_DESCRIPTION);
        return title ? { name: entry.name, title, description } : { name: entry.name, description };
      });
      return structured({ tools });
    },
  };

  const describe: RuntimeTool = {
    ...described(DESCRIBE_TOOL),
    async call(args) {
      const input = readArgs(DESCRIBE_TOOL, args, ['name']);
      if (typeof input === 'string') return failure(input);
      const name = nameArg(DESCRIBE_TOOL, input);
      if (typeof name !== 'string') return name;
      const entry = entryOf(name);
      if (!entry) return unknownTool(name);
      const description =
        typeof entry.description === 'string' ? shortened(entry.description, MAX_DESCRIBED_DESCRIPTION) : undefined;
      return structured((description === entry.description ? entry : { ...entry, description }) as unknown as Json);
    },
  };

  const call: RuntimeTool = {
    ...described(CALL_TOOL),
    async call(args, extra) {
      const input = readArgs(CALL_TOOL, args, ['name', 'arguments']);
      if (typeof input === 'string') return failure(input);
      const name = nameArg(CALL_TOOL, input);
      if (typeof name !== 'string') return name;
      if (
        input.arguments !== undefined &&
        (input.arguments === null || typeof input.arguments !== 'object' || Array.isArray(input.arguments))
      ) {
        return failure(`invalid arguments for ${CALL_TOOL}: arguments must be an object`);
      }
      const tool = served.tool(name);
      return tool ? tool.call(input.arguments ?? {}, extra) : unknownTool(name);
    },
  };

  const meta = new Map([search, describe, call].map((tool) => [tool.name, tool]));
  return { listing, tool: (name) => meta.get(name) ?? served.tool(name) };
}
