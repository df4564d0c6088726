/**
 * Loads the protocol layers (`layers/index.ts`) on demand, so tests and tools that inject their own
 * layers do not pay for importing the real ones. Asked for some layers (`toolkit assess --layers`), it
 * imports only their modules: `--layers http` does not load the MCP client.
 */
import type { Layer, LayerName } from '../layers/layer.ts';

/** Each layer's own module, in the order `layers/index.ts` lists them. */
const LAYER_MODULES: readonly (readonly [LayerName, () => Promise<Layer>])[] = [
  ['http', async () => (await import('../layers/http.ts')).httpLayer],
  ['mcp', async () => (await import('../layers/mcp.ts')).mcpLayer],
  ['oauth', async () => (await import('../layers/oauth.ts')).oauthLayer],
  ['ui', async () => (await import('../layers/mcp-apps.ts')).mcpAppsLayer],
  ['html', async () => (await import('../layers/html.ts')).htmlLayer],
  ['a2a', async () => (await import('../layers/a2a.ts')).a2aLayer],
  ['x402', async () => (await import('../layers/x402.ts')).x402Layer],
  ['erc8004', async () => (await import('../layers/erc8004.ts')).erc8004Layer],
  ['commerce', async () => (await import('../layers/commerce.ts')).commerceLayer],
];

/** The implemented layers; with `only`, just those of them. */
export async function loadLayers(only?: readonly LayerName[]): Promise<Layer[]> {
  if (only === undefined) {
    const module = await import('../layers/index.ts');
    return [...module.layers];
  }
  const wanted = LAYER_MODULES.filter(([name]) => only.includes(name));
  const loaded = await Promise.all(wanted.map(([, load]) => load()));
  return loaded.filter((layer) => only.includes(layer.name));
}
