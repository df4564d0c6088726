/**
 * The validator's two MCP tools, as runtime tools (`{ name, description, inputSchema, call }`).
 * They go through the same input rules and the same core as the HTTP API, so MCP callers get the
 * same SSRF guard and deadline; failures come back as `isError` results the model can read.
 */
import type { CallToolResult } from '@modelcontextprotocol/client';
import { ApiError } from '../api/api-error.ts';
import { enterCall } from '../api/call-gate.ts';
import { CHAINS } from '../api/chains.ts';
import { readAssessInput, readLookupInput } from '../api/inputs.ts';
import { LAYER_NAMES, LAYER_TITLES } from '../pipeline/layer-names.ts';
import { toSections } from '../pipeline/sectioned.ts';
import type { RuntimeTool } from '../../runtime/index.ts';
import type { ValidatorCore } from '../validator-core.ts';

const failure = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

/** Runs one tool call under the request's admission (`api/call-gate.ts`); refused calls are `isError`. */
async function admitted(run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  const ticket = enterCall();
  if (!ticket.ok) return failure(ticket.message);
  try {
    return await run();
  } finally {
    ticket.release();
  }
}

const asObject = (args: unknown): Record<string, unknown> =>
  args !== null && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {};

/** `validate_endpoint` and `lookup_agent` bound to `core`. */
export function createValidatorTools(core: ValidatorCore): RuntimeTool[] {
  const validateEndpoint: RuntimeTool = {
    name: 'validate_endpoint',
    description:
      'Assess one agent endpoint URL across the protocol layers (HTTP, HTML, MCP, OAuth, MCP Apps, A2A, ' +
      'x402, ERC-8004, commerce: UCP/ACP) and return a verdict per layer. ' +
      'Read-only: never calls tools on the endpoint.',
    inputSchema: {
      type: 'object',
      properties: {
        url: { type: 'string', description: 'The http(s) URL of the agent endpoint.' },
        timeout: {
          type: 'integer',
          minimum: 1,
          description: 'Overall deadline in milliseconds (capped by the service).',
        },
      },
      required: ['url'],
      additionalProperties: false,
    },
    call: (args) =>
      admitted(async () => {
        try {
          const input = readAssessInput(asObject(args));
          const sections = toSections(await core.assess(input));
          const lines = LAYER_NAMES.map((name) => `${LAYER_TITLES[name]}: ${sections[name].status}`);
          return {
            content: [
              { type: 'text', text: `Assessment of ${sections.url} (grade ${sections.grade})\n${lines.join('\n')}` },
            ],
            structuredContent: sections as unknown as Record<string, unknown>,
          };
        } catch (error) {
          if (error instanceof ApiError) return failure(error.message);
          throw error;
        }
      }),
  };

  const lookupAgent: RuntimeTool = {
    name: 'lookup_agent',
    description:
      'Look up an agent in the ERC-8004 on-chain registry by agent id and chain: owner, registration file, ' +
      'endpoints, OASF classification, reputation.',
    inputSchema: {
      type: 'object',
      properties: {
        agentId: { type: ['integer', 'string'], description: 'Agent token id (number or decimal string).' },
        chainId: {
          type: ['integer', 'string'],
          description: `Chain id or CAIP-2 "eip155:<id>"; known: ${CHAINS.map((c) => c.id).join(', ')}.`,
        },
        rpcNodes: {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'Optional RPC URL per chain alias (e.g. {"base": "https://…"}).',
        },
      },
      required: ['agentId', 'chainId'],
      additionalProperties: false,
    },
    call: (args) =>
      admitted(async () => {
        try {
          const result = await core.lookup(readLookupInput(asObject(args)));
          const s = result.summary;
          const text = [
            `Agent ${result.agentId} on ${String(s['chain'])}: ${result.status}`,
            `owner ${result.owner}`,
            ...(s['agentName'] ? [`name ${String(s['agentName'])}`] : []),
            ...result.endpoints.map((e) => `endpoint ${e.name}: ${e.endpoint}`),
            ...(s['reputation'] ? [`reputation: ${String(s['reputation'])}`] : []),
          ].join('\n');
          return { content: [{ type: 'text', text }], structuredContent: result as unknown as Record<string, unknown> };
        } catch (error) {
          if (error instanceof ApiError) return failure(error.message);
          throw error;
        }
      }),
  };

  return [validateEndpoint, lookupAgent];
}
