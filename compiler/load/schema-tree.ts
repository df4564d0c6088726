/**
 * Finds and loads every schema under a directory. Content folders (`_lists`, `prompts`, `skills`,
 * `data`) are not schemas and are skipped; a broken schema never stops the walk.
 */
import { findSchemaFiles } from './find-schema-files.ts';
export { findSchemaFiles };
import { loadSchemaFile, type LoadSchemaOptions, type LoadSchemaResult } from './load-schema.ts';

export interface TreeEntry extends LoadSchemaResult {
  readonly file: string;
}

/** Loads every schema under `dir`; each gets its own result. */
export function loadSchemaTreeSync(dir: string, options: LoadSchemaOptions = {}): TreeEntry[] {
  return findSchemaFiles(dir).map((file) => ({ file, ...loadSchemaFile(file, options) }));
}
