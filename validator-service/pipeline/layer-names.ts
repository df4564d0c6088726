/** The nine protocol layers, in the order the API and the UI present them. */
import type { LayerName } from '../layers/layer.ts';

export const LAYER_NAMES: readonly LayerName[] = [
  'http',
  'html',
  'mcp',
  'oauth',
  'ui',
  'a2a',
  'x402',
  'erc8004',
  'commerce',
];

/** Human titles for cards and docs. */
export const LAYER_TITLES: Readonly<Record<LayerName, string>> = {
  http: 'HTTP',
  html: 'HTML',
  mcp: 'MCP',
  oauth: 'OAuth',
  ui: 'MCP Apps',
  a2a: 'A2A / AP2',
  x402: 'x402',
  erc8004: 'ERC-8004',
  commerce: 'Commerce (UCP / ACP)',
};
