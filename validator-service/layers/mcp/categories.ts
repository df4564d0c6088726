/** The MCP layer's category booleans, derived from declared capabilities and what was listed. */

/** All categories false: the starting point of every MCP-layer result. */
export const emptyMcpCategories = {
  isReachable: false,
  supportsMcp: false,
  requiresAuth: false,
  usesLegacySse: false,
  isStateless: false,
  speaksModernEra: false,
  speaksLegacyEra: false,
  hasTools: false,
  hasResources: false,
  hasPrompts: false,
  supportsLogging: false,
  supportsCompletions: false,
  supportsResourceSubscription: false,
  supportsResourceListChanged: false,
  supportsPromptListChanged: false,
  supportsToolListChanged: false,
  supportsTasks: false,
  hasExperimentalCapabilities: false,
  hasExtensions: false,
  hasServerCard: false,
};

type Caps = Record<string, unknown>;
const flag = (caps: Caps, group: string, key: string) =>
  (caps[group] as Record<string, unknown> | undefined)?.[key] === true;

/** Categories that follow from the capability object alone. */
export function capabilityCategories(caps: Caps) {
  const experimental = caps.experimental as Record<string, unknown> | undefined;
  return {
    supportsLogging: caps.logging !== undefined,
    supportsCompletions: caps.completions !== undefined,
    supportsResourceSubscription: flag(caps, 'resources', 'subscribe'),
    supportsResourceListChanged: flag(caps, 'resources', 'listChanged'),
    supportsPromptListChanged: flag(caps, 'prompts', 'listChanged'),
    supportsToolListChanged: flag(caps, 'tools', 'listChanged'),
    supportsTasks: caps.tasks !== undefined,
    hasExperimentalCapabilities: experimental !== undefined && Object.keys(experimental).length > 0,
    hasExtensions: typeof caps.extensions === 'object' && caps.extensions !== null,
  };
}
