/** The nine protocol layers; the pipeline runs whatever is here, concurrently. */
import type { Layer } from './layer.ts';
import { a2aLayer } from './a2a.ts';
import { commerceLayer } from './commerce.ts';
import { erc8004Layer } from './erc8004.ts';
import { htmlLayer } from './html.ts';
import { httpLayer } from './http.ts';
import { mcpAppsLayer } from './mcp-apps.ts';
import { mcpLayer } from './mcp.ts';
import { oauthLayer } from './oauth.ts';
import { x402Layer } from './x402.ts';

/** Every layer the pipeline runs. */
export const layers: Layer[] = [
  httpLayer,
  mcpLayer,
  oauthLayer,
  mcpAppsLayer,
  htmlLayer,
  a2aLayer,
  x402Layer,
  erc8004Layer,
  commerceLayer,
];

export { a2aLayer, commerceLayer, erc8004Layer, htmlLayer, httpLayer, mcpAppsLayer, mcpLayer, oauthLayer, x402Layer };
export type { Layer, LayerContext, LayerMessage, LayerName, LayerResult, LayerStatus, TlsInfo } from './layer.ts';
