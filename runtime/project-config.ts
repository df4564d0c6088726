/**
 * The project configuration, `.toolkit/config.json` in the project directory (the spec's local
 * project state). Every key is optional:
 *
 * ```json
 * {
 *   "groups": { "weather": { "description": "…", "tools": ["openmeteo", "geo/reverseGeocode"] } },
 *   "security": { "allowedLibraries": ["lodash"] },
 *   "tools": ["simple_price_coingecko"],
 *   "grants": { "coingecko": ["COINGECKO_API_KEY"] },
 *   "mode": "agent"
 * }
 * ```
 *
 * A group entry is a namespace (all of its tools) or `namespace/toolName` (one tool). `grants`
 * names, per namespace, the server params the user gives that schema (`secrets/grants.ts`; the CLI
 * reads it in `cli/project/grants.ts`).
 */
import { readFileSync } from 'node:fs';
import * as z from 'zod';
import { projectConfigPath } from './project-config-path.ts';

const GroupSchema = z.strictObject({
  description: z.string().optional(),
  tools: z
    .array(
      z.string().regex(/^[a-z]+(\/[A-Za-z][A-Za-z0-9]*)?$/, 'a group entry is "namespace" or "namespace/toolName"'),
    )
    .min(1),
});

const ProjectConfigSchema = z.looseObject({
  groups: z
    .record(z.string().regex(/^[a-z][a-z0-9-]*$/, 'group names are lowercase words joined by hyphens'), GroupSchema)
    .optional(),
  security: z.looseObject({ allowedLibraries: z.array(z.string()).optional() }).optional(),
  tools: z.array(z.string()).optional(),
  grants: z.record(z.string(), z.array(z.string())).optional(),
  mode: z.enum(['agent', 'dev']).optional(),
});

export type ProjectConfig = z.infer<typeof ProjectConfigSchema>;
export type GroupConfig = z.infer<typeof GroupSchema>;

/** A project configuration that cannot be used; the message names the file and the field. */
export class ProjectConfigError extends Error {
  override readonly name = 'ProjectConfigError';
}

export { projectConfigPath };

/** Reads `.toolkit/config.json`; a missing file is an empty configuration, a broken one an error. */
export function readProjectConfig(projectDir: string): ProjectConfig {
  const file = projectConfigPath(projectDir);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new ProjectConfigError(`${file}: cannot be read (${(error as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ProjectConfigError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  const parsed = ProjectConfigSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ProjectConfigError(`${file}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return parsed.data;
}
