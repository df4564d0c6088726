/**
 * What loading the files a schema names needs (its shared lists, prompts, skills, documents): the
 * schema, the disk they are read through, and the one reporter every finding goes to, whichever file
 * it is about.
 */
import type { Reporter } from '../validate/reporter.ts';
import type { FileSystem } from './file-system.ts';

export interface LoadContext {
  /** The schema file whose named files are read (they are found beside it). */
  readonly schemaFile: string;
  readonly fs: FileSystem;
  /** Where findings go: about the schema by path, about another file with that file and its position. */
  readonly report: Reporter;
}
