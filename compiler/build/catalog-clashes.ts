/**
 * Catalog-wide clashes the per-schema analysis cannot see: two files whose generated modules would
 * have the same name. The later schema (in file order) is left out with a one-line problem; the
 * earlier one still builds. Two files of one namespace that declare the same tool are not a clash:
 * both are served, the later file's tool under a name with its file name as suffix
 * (`runtime/wire-name.ts`, `duplicateSuffixes`).
 */
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { AnalysedSchema, FailedSchema } from './analyse-schemas.ts';
import { namespaceOwnerClashes } from './namespace-owners.ts';

/**
 * Also a namespace declared from two provider directories (VAL123, `namespace-owners.ts`): the files
 * that may not have it fail like a schema with errors (left out with --skip-invalid).
 */
export function leaveOutClashes(analysed: readonly AnalysedSchema[]): {
  built: AnalysedSchema[];
  problems: string[];
  failed: FailedSchema[];
  diagnostics: Diagnostic[];
} {
  const built: AnalysedSchema[] = [];
  const problems: string[] = [];
  const failed: FailedSchema[] = [];
  const modulePaths = new Map<string, string>();
  const owners = namespaceOwnerClashes(
    analysed.map((item) => ({ file: item.source.file, namespace: item.model.namespace, text: item.source.text })),
  );
  for (const item of analysed) {
    if (owners.has(item.source.file)) {
      failed.push({ source: item.source.file, key: item.key });
      continue;
    }
    const sameModule = modulePaths.get(item.emitted.path);
    if (sameModule) {
      problems.push(
        `${item.source.file}: its generated module ${item.emitted.path} would overwrite that of ${sameModule}; ` +
          `rename one of the files`,
      );
      failed.push({ source: item.source.file, key: item.key });
      continue;
    }
    modulePaths.set(item.emitted.path, item.source.file);
    built.push(item);
  }
  return { built, problems, failed, diagnostics: [...owners.values()] };
}
