/**
 * The schema models an agent's bundle serves: each catalog schema it uses, narrowed to exactly the
 * tools, resources and prompts the agent references, and one model holding the agent's own prompts
 * and skills. `toolkit build --agent` emits and bundles these like any schema.
 */
import { hashValue } from '../../runtime/hash.ts';
import type { SchemaModel } from '../../runtime/model.ts';
import type { AgentPlan, ExternalRef } from './agent-plan.ts';

export interface AgentModel {
  readonly model: SchemaModel;
  /** Names the generated module (`agents/<agent>/<schema file>`), apart from the catalog's modules. */
  readonly source: string;
}

const has = (refs: readonly ExternalRef[], namespace: string, name: string): boolean =>
  refs.some((r) => r.namespace === namespace && r.name === name);

/** The agent's models over `catalog` (models whose `file` is relative to the catalog directory). */
export function agentModels(plan: AgentPlan, catalog: readonly SchemaModel[]): AgentModel[] {
  const out: AgentModel[] = [];
  for (const model of catalog) {
    const tools = model.tools.filter((t) => has(plan.tools, model.namespace, t.name));
    const resources = model.resources.filter((r) => has(plan.resources, model.namespace, r.name));
    const prompts = model.prompts.filter((p) => has(plan.prompts, model.namespace, p.name));
    if (tools.length + resources.length + prompts.length === 0) continue;
    const selection = {
      tools: tools.map((t) => t.name),
      resources: resources.map((r) => r.name),
      prompts: prompts.map((p) => p.name),
    };
    out.push({
      model: {
        ...model,
        tools,
        resources,
        prompts,
        skills: [],
        hash: hashValue({ agent: plan.name, schema: model.hash, selection }),
      },
      source: `agents/${plan.name}/${model.file}`,
    });
  }
  if (plan.ownPrompts.length + plan.ownSkills.length > 0) {
    const file = `agents/${plan.name}/agent.mjs`;
    const own = { namespace: plan.name, prompts: plan.ownPrompts, skills: plan.ownSkills };
    out.push({
      model: {
        namespace: plan.name,
        name: plan.name,
        description: plan.description,
        version: '3.0.0',
        docs: [],
        tags: [],
        requiredServerParams: [],
        requiredLibraries: [],
        headers: {},
        tools: [],
        resources: [],
        prompts: plan.ownPrompts,
        skills: plan.ownSkills,
        sharedLists: {},
        file,
        hash: hashValue(own),
      },
      source: file,
    });
  }
  return out;
}
