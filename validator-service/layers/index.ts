/**
 * The protocol layers of this issue, in the order their cards are shown. A2A, x402 and ERC-8004
 * join this list in a later issue; the pipeline runs whatever is here, concurrently.
 */
import type { Layer } from './layer.ts';
import { a2aLayer } from './a2a.ts';
import { htmlLayer } from './html.ts';
import { httpLayer } from './http.ts';
import { mcpAppsLayer } from './mcp-apps.ts';
import { mcpLayer } from './mcp.ts';
import { oauthLayer } from './oauth.ts';
import { x402Layer } from './x402.ts';

/** Every layer the pipeline runs. */
export const layers: Layer[] = [httpLayer, mcpLayer, oauthLayer, mcpAppsLayer, htmlLayer, a2aLayer, x402Layer];

export { a2aLayer, htmlLayer, httpLayer, mcpAppsLayer, mcpLayer, oauthLayer, x402Layer };
export type { Layer, LayerContext, LayerMessage, LayerName, LayerResult, LayerStatus, TlsInfo } from './layer.ts';
