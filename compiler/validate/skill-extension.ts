/**
 * Every skill is also served through the MCP skills extension, which asks more of its name and
 * description than the schema format does (`runtime/skills/servable.ts`). A skill that misses it
 * stays a prompt but is not listed by `skills/list` (SKL030, SKL034), so the author hears it here.
 */
import type { SkillModel } from '../../runtime/model.ts';
import { EXTENSION_DESCRIPTION_MAX, EXTENSION_NAME_MAX, EXTENSION_SKILL_NAME } from '../../runtime/skills/servable.ts';
import type { Reporter } from './reporter.ts';

/** Warns, in the skill's file, when the skills extension cannot serve `skill` as it is. */
export function checkExtensionSkill(skill: SkillModel, r: Reporter): void {
  if (skill.name.length > EXTENSION_NAME_MAX || !EXTENSION_SKILL_NAME.test(skill.name)) {
    r.report(
      'SKL030',
      ['name'],
      `skill ${skill.name}: the skills extension needs a name of 1–${EXTENSION_NAME_MAX} lowercase letters and ` +
        `digits in words joined by single hyphens; it is served as a prompt only`,
    );
  }
  if (skill.description.length > EXTENSION_DESCRIPTION_MAX) {
    r.report(
      'SKL034',
      ['description'],
      `skill ${skill.name}: its description as served is ${skill.description.length} characters; the skills ` +
        `extension takes at most ${EXTENSION_DESCRIPTION_MAX}, so it is served as a prompt only`,
    );
  }
}
