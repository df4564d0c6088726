/**
 * Agent manifests (`agents/<name>/agent.mjs`): static validation against a catalog, and the models an agent bundle
 * serves.
 */
export { validateAgent, findAgentDirs, type AgentValidation } from './validate-agent.ts';
export { agentModels, type AgentModel } from './agent-models.ts';
export {
  AGENT_VERSION,
  MIN_AGENT_TESTS,
  parseId,
  type AgentCatalog,
  type AgentPlan,
  type AgentTest,
  type ExternalRef,
} from './agent-plan.ts';
