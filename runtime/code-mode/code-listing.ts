/**
 * The two tools of code mode as listed: `search_api` answers with TypeScript declarations of the
 * catalog's typed API, `run_program` runs a program against it. Their listing says nothing per
 * tool, so it stays the same few hundred tokens whatever the catalog's size.
 */
import type { Tool } from '@modelcontextprotocol/server';
import { budgetsLine, type RunBudgets } from './run-budgets.ts';

export const SEARCH_API = 'search_api';
export const RUN_PROGRAM = 'run_program';

/** The most declarations one `search_api` answer holds. */
export const MAX_API_HITS = 20;
export const DEFAULT_API_HITS = 5;
/** The longest program `run_program` takes, characters. */
export const MAX_PROGRAM_CHARS = 100_000;

export function codeListing(toolCount: number, budgets: RunBudgets): Tool[] {
  return [
    {
      name: SEARCH_API,
      title: 'Search the API',
      description:
        `Find tools among the ${toolCount} of this server's typed API, by words or by name. Answers with ` +
        `TypeScript: each tool's call (tools.<namespace>.<tool>), its input and output types and its description. ` +
        `Without arguments, lists the namespaces.`,
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'Words to search for, e.g. "weather forecast".' },
          tools: {
            type: 'array',
            items: { type: 'string' },
            description: 'Tools to describe by name, e.g. ["geo.getCoordinates"].',
          },
          limit: {
            type: 'integer',
            minimum: 1,
            maximum: MAX_API_HITS,
            default: DEFAULT_API_HITS,
            description: 'How many matches of query to describe.',
          },
        },
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    {
      name: RUN_PROGRAM,
      title: 'Run a program',
      description:
        `Run JavaScript (or TypeScript) against the API in a sandbox and get one answer. The code is an ` +
        `async function body: call tools with \`await tools.<namespace>.<tool>(input)\` (resolves to the tool's ` +
        `output, throws on a tool error), combine results, and \`return\` what you need. Checked first: an unknown ` +
        `tool or input of the wrong type is refused with line and column, before anything runs. console.log lines ` +
        `come back too. No network or timers beyond the tools. Budgets: ${budgetsLine(budgets)}.`,
      inputSchema: {
        type: 'object',
        properties: {
          code: {
            type: 'string',
            minLength: 1,
            maxLength: MAX_PROGRAM_CHARS,
            description:
              "The body of an async function, e.g. \"const a = await tools.geo.getCoordinates({ address: 'Oslo' }); " +
              'return a.lat;"',
          },
        },
        required: ['code'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: false, openWorldHint: true },
    },
  ] as Tool[];
}

/** What a client learns in `instructions` about a server in code mode. */
export const codeInstructions = (toolCount: number): string =>
  `This server offers ${toolCount} tools as a typed API: search_api finds them and shows their TypeScript ` +
  `signatures, run_program runs a short program that calls them (tools.<namespace>.<tool>) and returns one answer.`;
