/**
 * What the MCP skills extension asks of a skill (SEP-2640; the SDK's `validateSkillEntry` checks
 * it): a name of 1–64 lowercase letters and digits in hyphen-joined words, which is also the last
 * segment of its URI, and a description of 1–1024 characters. The compiler warns about a skill
 * that misses it (SKL030, SKL034); the runtime serves such a skill as a prompt only.
 */
import type { SkillModel } from '../model.ts';

export const EXTENSION_SKILL_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const EXTENSION_NAME_MAX = 64;
export const EXTENSION_DESCRIPTION_MAX = 1024;

/** True when the skills extension can serve this skill as it is. */
export const servableAsExtensionSkill = (skill: Pick<SkillModel, 'name' | 'description'>): boolean =>
  skill.name.length <= EXTENSION_NAME_MAX &&
  EXTENSION_SKILL_NAME.test(skill.name) &&
  skill.description.length > 0 &&
  skill.description.length <= EXTENSION_DESCRIPTION_MAX;
