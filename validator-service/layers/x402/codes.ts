/**
 * Message codes of the x402 layer (x402 v1 and v2 over HTTP; the x402 MCP transport; the schemes
 * exact, upto, batch-settlement and auth-capture; Bazaar discovery metadata). The rendered table
 * with every requirement: docs/validator-checks.md.
 */
import { spec } from '../../checks/spec-refs.ts';
import { check, type CodeEntry } from '../shared/findings.ts';

const v2 = (section: string) => spec.x402v2(section);
const requirements = v2('§5.1 PaymentRequirements');
const bazaar = (section: string) => spec.bazaar(section);

export const x402Codes = {
  'X402-001': check(
    'info',
    'the URL answers 402 with an x402 PaymentRequired (version, placement)',
    v2('§4 HTTP transport: 402 Payment Required'),
  ),
  'X402-002': check(
    'info',
    'payment-gated MCP tools found from their listing metadata, and what they answered',
    spec.x402Mcp('Payment required result'),
  ),
  'X402-003': check(
    'info',
    'no x402: no 402 on the URL and no payment-gated MCP tool',
    v2('§4 HTTP transport: 402 Payment Required'),
  ),
  'X402-004': check(
    'error',
    'a 402 without a readable PaymentRequired',
    v2('§4 HTTP transport: PAYMENT-REQUIRED header'),
  ),
  'X402-005': check(
    'error',
    'the PAYMENT-REQUIRED header is not base64-encoded JSON',
    v2('§4 HTTP transport: PAYMENT-REQUIRED header'),
  ),
  'X402-006': check(
    'warning',
    'v2 PaymentRequired only in the body (v2 puts it in the header)',
    v2('§4 HTTP transport: PAYMENT-REQUIRED header'),
  ),
  'X402-007': check(
    'warning',
    'MCP payment signalled as a JSON-RPC error (code 402; the superseded draft form)',
    spec.x402Mcp('Payment required result (isError + structuredContent)'),
  ),
  'X402-008': check('error', 'x402Version missing or not 1 or 2', v2('§5 PaymentRequired: x402Version')),
  'X402-009': check('error', 'accepts missing, not an array or empty', v2('§5 PaymentRequired: accepts')),
  'X402-010': check(
    'error',
    'resource missing or invalid (v2: object with url; v1: URL string per offer)',
    v2('§5 PaymentRequired: resource'),
  ),
  'X402-011': check('error', 'an offer field is missing or has the wrong type', requirements),
  'X402-012': check(
    'warning',
    'unknown payment scheme (known: exact, upto, batch-settlement, auth-capture)',
    v2('§6 Schemes'),
  ),
  'X402-013': check(
    'warning',
    'unknown network, or a network name in the wrong form for the version',
    spec.caip2('CAIP-2 chain id (v2); v1 network names'),
  ),
  'X402-014': check('error', 'amount is not a positive integer string in atomic units', requirements),
  'X402-015': check('error', "payTo or asset is not an address of the offer's network", requirements),
  'X402-016': check('warning', 'EVM payTo not EIP-55 checksummed', spec.eip55('Specification')),
  'X402-017': check('info', 'one offer, in words: amount and token, network, scheme, payee', requirements),
  'X402-018': check('warning', 'maxTimeoutSeconds not a positive number', requirements),
  'X402-019': check(
    'info',
    'EVM exact offer without extra.name / extra.version (EIP-712 domain)',
    spec.x402Scheme('exact')('extra: name and version (EIP-3009)'),
  ),
  'X402-020': check('info', "asset not in the validator's token table (shown as an address)", requirements),
  'X402-021': check(
    'warning',
    'a tool marked payment-gated answered without asking for payment',
    spec.x402Mcp('Payment required result'),
  ),
  'X402-022': check(
    'error',
    'an MCP payment result breaks the transport rules',
    spec.x402Mcp('Payment required result: structuredContent and content[0].text'),
  ),
  'X402-023': check(
    'info',
    'not checked: the endpoint could not be reached',
    spec.validator('The x402 layer', '#the-a2a--ap2-x402-and-erc-8004-layers'),
  ),
  'X402-024': check(
    'warning',
    'a tool marked payment-gated could not be called (error other than payment)',
    spec.x402Mcp('Payment required result'),
  ),
  'X402-025': check(
    'error',
    "a field the offer's scheme requires in extra is missing or invalid",
    v2('§6 Schemes: scheme-specific extra (exact, upto, batch-settlement, auth-capture)'),
    '0.2.0',
  ),
  'X402-026': check(
    'info',
    'discovery metadata a marketplace (Bazaar) can list',
    bazaar('Declaring discovery (v2 extensions.bazaar, v1 outputSchema)'),
    '0.2.0',
  ),
  'X402-027': check(
    'info',
    'no discovery metadata: Bazaar will not list the resource',
    bazaar('Declaring discovery (v2 extensions.bazaar, v1 outputSchema)'),
    '0.2.0',
  ),
  'X402-028': check(
    'error',
    'extensions.bazaar is not an object with info and schema',
    bazaar('extensions.bazaar = { info, schema }'),
    '0.2.0',
  ),
  'X402-029': check(
    'error',
    'bazaar info.input is missing or invalid (type, method, bodyType, body, toolName, inputSchema)',
    bazaar('info.input (http or mcp)'),
    '0.2.0',
  ),
  'X402-030': check(
    'error',
    'bazaar schema does not describe info (it must define input)',
    bazaar('schema: JSON Schema 2020-12 describing info'),
    '0.2.0',
  ),
  'X402-031': check(
    'error',
    'bazaar schema has external $ref/$id (facilitators reject it)',
    bazaar('schema: self-contained (no external references)'),
    '0.2.0',
  ),
  'X402-032': check(
    'error',
    'bazaar info does not satisfy its own schema',
    bazaar('facilitator validates info against schema'),
    '0.2.0',
  ),
  'X402-033': check(
    'warning',
    'a v1 PaymentRequired declares discovery in extensions.bazaar, which v1 indexing never reads',
    bazaar('v1 sellers: accepts[].outputSchema'),
    '0.2.0',
  ),
  'X402-034': check(
    'warning',
    'resource listing metadata the facilitator drops (routeTemplate, serviceName, tags, iconUrl)',
    bazaar('routeTemplate and resource service metadata'),
    '0.2.0',
  ),
  'X402-035': check(
    'warning',
    'no description: a marketplace lists the resource without one',
    bazaar('resource.description (v2), accepts[].description (v1)'),
    '0.2.0',
  ),
  'X402-036': check(
    'info',
    'no output example: buyers do not see what the resource returns',
    bazaar('info.output (v2), outputSchema.output (v1)'),
    '0.2.0',
  ),
} as const satisfies Record<string, CodeEntry>;

export type X402Code = keyof typeof x402Codes;
