/**
 * Descriptions have a ceiling (VAL120–VAL122): they reach every client in `tools/list`, the toolset's
 * answers and the search index, so a 12 MB description would be sent whole on every listing. The
 * limits are far above any description in the shipped catalog or in schemas from the wild (the
 * longest are a few hundred characters; operation descriptions of large OpenAPI documents a few
 * thousand), and far below what could hurt a client or a server.
 */
import type { Reporter } from './reporter.ts';
import { isObject, isString, toolContainer, type Obj } from './checks.ts';

export const DESCRIPTION_LIMITS = {
  /** `main.description` (VAL120). */
  schema: 4096,
  /** A tool's `description` (VAL121). */
  tool: 16_384,
  /** A parameter's `description` or `z.description` (VAL122). */
  parameter: 4096,
} as const;

const over = (value: unknown, limit: number): value is string => isString(value) && value.length > limit;
const size = (text: string): string => `${text.length.toLocaleString('en-US')} characters`;

export function checkDescriptionLengths(main: Obj, r: Reporter): void {
  if (over(main.description, DESCRIPTION_LIMITS.schema)) {
    r.report(
      'VAL120',
      ['description'],
      `main.description is ${size(main.description)}, over the limit of ${DESCRIPTION_LIMITS.schema}; keep it to a ` +
        `sentence or two`,
    );
  }
  const { key, tools } = toolContainer(main);
  for (const [name, tool] of Object.entries(tools)) {
    if (!isObject(tool)) continue;
    if (over(tool.description, DESCRIPTION_LIMITS.tool)) {
      r.report(
        'VAL121',
        [key, name, 'description'],
        `tool ${name}: description is ${size(tool.description)}, over the limit of ${DESCRIPTION_LIMITS.tool}`,
      );
    }
    if (!Array.isArray(tool.parameters)) continue;
    tool.parameters.forEach((parameter: unknown, index: number) => {
      if (!isObject(parameter)) return;
      const at = [key, name, 'parameters', index];
      if (over(parameter.description, DESCRIPTION_LIMITS.parameter)) {
        r.report(
          'VAL122',
          [...at, 'description'],
          `tool ${name}: parameter ${index} description is ${size(parameter.description)}, over the limit of ` +
            `${DESCRIPTION_LIMITS.parameter}`,
        );
      }
      const z = parameter.z;
      if (isObject(z) && over(z.description, DESCRIPTION_LIMITS.parameter)) {
        r.report(
          'VAL122',
          [...at, 'z', 'description'],
          `tool ${name}: parameter ${index} z.description is ${size(z.description)}, over the limit of ` +
            `${DESCRIPTION_LIMITS.parameter}`,
        );
      }
    });
  }
}
