/**
 * What a valid agent manifest amounts to: the catalog tools, resources and prompts it references,
 * and its own prompts and skills, ready for `toolkit build --agent`.
 */
import type { PromptModel, SkillModel } from '../../runtime/model.ts';

/** A `<namespace>/<type>/<name>` ID split up. */
export interface ExternalRef {
  readonly namespace: string;
  readonly name: string;
}

export interface AgentTest {
  readonly description: string;
  readonly input: string;
  readonly expectedTools: readonly string[];
  readonly expectedContent: readonly string[];
}

export interface AgentPlan {
  readonly name: string;
  readonly description: string;
  readonly model: string;
  readonly systemPrompt: string;
  /** External tools, in manifest order. */
  readonly tools: readonly ExternalRef[];
  /** Inline tool definitions (keys without `/`), by name. */
  readonly inlineTools: readonly string[];
  readonly resources: readonly ExternalRef[];
  readonly prompts: readonly ExternalRef[];
  /** The agent's own prompt and skill files, read and checked. */
  readonly ownPrompts: readonly PromptModel[];
  readonly ownSkills: readonly SkillModel[];
  readonly tests: readonly AgentTest[];
  readonly sharedLists: readonly string[];
}

/** The catalog an agent is checked against (a catalog index satisfies it). */
export interface AgentCatalog {
  readonly tools: readonly { readonly namespace: string; readonly tool: string }[];
  readonly schemas: readonly {
    readonly namespace: string;
    readonly resources: readonly string[];
    readonly prompts: readonly string[];
  }[];
}

export const AGENT_VERSION = 'toolkit/3.0.0';
export const MIN_AGENT_TESTS = 3;

/** `<namespace>/<type>/<name>`, the ID form of external references (namespace as in IDs: `^[a-z][a-z0-9-]*$`). */
export function parseId(id: string): { namespace: string; type: string; name: string } | undefined {
  const match = /^([a-z][a-z0-9-]*)\/([a-z]+)\/([A-Za-z][A-Za-z0-9_-]*)$/.exec(id);
  return match ? { namespace: match[1]!, type: match[2]!, name: match[3]! } : undefined;
}
