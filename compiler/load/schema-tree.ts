/**
 * Finds and loads every schema under a directory. Content folders (`_lists`, `prompts`, `skills`,
 * `data`) are not schemas and are skipped; a broken schema never stops the walk.
 */
import { findSchemaFiles, skippedLink } from './find-schema-files.ts';
export { findSchemaFiles };
import { loadSchemaFile, type LoadSchemaOptions, type LoadSchemaResult } from './load-schema.ts';
import { toResult } from './result.ts';
import { namespaceOwnerClashes } from '../build/namespace-owners.ts';

export interface TreeEntry extends LoadSchemaResult {
  readonly file: string;
}

/** Loads every schema under `dir`; each gets its own result (a skipped symbolic link too, with PAR007). */
export function loadSchemaTreeSync(dir: string, options: LoadSchemaOptions = {}): TreeEntry[] {
  const skipped: TreeEntry[] = [];
  const files = findSchemaFiles(dir, undefined, (file, reason) =>
    skipped.push({ file, ...toResult([skippedLink(file, reason)]) }),
  );
  const loaded = files.map((file) => ({ file, ...loadSchemaFile(file, { treeRoot: dir, ...options }) }));
  // A namespace declared from two provider directories (VAL123): the files that may not have it lose their model.
  const clashes = namespaceOwnerClashes(
    loaded.flatMap((entry) => (entry.model ? [{ file: entry.file, namespace: entry.model.namespace }] : [])),
  );
  const checked = loaded.map((entry): TreeEntry => {
    const clash = clashes.get(entry.file);
    if (!clash) return entry;
    const { model: _taken, ...rest } = entry;
    return { ...rest, ...toResult([...entry.diagnostics, clash]) };
  });
  return [...checked, ...skipped].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}
