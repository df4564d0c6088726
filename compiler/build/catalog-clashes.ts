/**
 * Catalog-wide clashes the per-schema analysis cannot see: two schemas defining the same
 * `namespace/tool`, or two files whose generated modules would have the same name. The later
 * schema (in file order) is left out with a one-line problem; the earlier one still builds.
 */
import type { AnalysedSchema, FailedSchema } from './analyse-schemas.ts';

export function leaveOutClashes(analysed: readonly AnalysedSchema[]): { built: AnalysedSchema[]; problems: string[]; failed: FailedSchema[] } {
  const built: AnalysedSchema[] = [];
  const problems: string[] = [];
  const failed: FailedSchema[] = [];
  const owners = new Map<string, string>();
  const modulePaths = new Map<string, string>();
  for (const item of analysed) {
    const sameModule = modulePaths.get(item.emitted.path);
    const clash = item.model.tools.map((tool) => `${item.model.namespace}/${tool.name}`).find((id) => owners.has(id));
    if (sameModule) problems.push(`${item.source.file}: its generated module ${item.emitted.path} would overwrite that of ${sameModule}; rename one of the files`);
    else if (clash) problems.push(`${item.source.file}: tool ${clash} is already defined by ${owners.get(clash)}; this schema is left out`);
    if (sameModule || clash) {
      failed.push({ source: item.source.file, key: item.key });
      continue;
    }
    modulePaths.set(item.emitted.path, item.source.file);
    for (const tool of item.model.tools) owners.set(`${item.model.namespace}/${tool.name}`, item.source.file);
    built.push(item);
  }
  return { built, problems, failed };
}
