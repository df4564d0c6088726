/**
 * Loads the protocol layers (`layers/index.ts`) on demand, so tests and tools that inject their own
 * layers do not pay for importing the real ones.
 */
import type { Layer } from '../layers/layer.ts';

/** The implemented layers. */
export async function loadLayers(): Promise<Layer[]> {
  const module = await import('../layers/index.ts');
  return [...module.layers];
}
