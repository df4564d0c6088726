/**
 * One schema to load, as it travels to a worker thread and back: the path as given, the text the
 * cache key was made from (the load reads exactly that text), the options (no file system: each
 * side uses the disk), and what the load gave with the disk questions it asked.
 */
import type { SchemaModel } from '../../../runtime/model.ts';
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { nodeFileSystem } from '../file-system.ts';
import type { LoadSchemaOptions, LoadSchemaResult } from '../load-schema.ts';
import { recordingFileSystem, type RecordedCall } from './recorded-file-system.ts';

export interface LoadJob {
  readonly index: number;
  readonly file: string;
  /**
   * The schema's text, read when its key was made; undefined when the file is loaded without the cache (a link, an
   * unreadable file).
   */
  readonly text: string | undefined;
  readonly options: Omit<LoadSchemaOptions, 'fs'>;
}

export interface LoadAnswer {
  readonly index: number;
  readonly diagnostics: Diagnostic[];
  readonly model?: SchemaModel;
  /** The disk questions of a load with a known text (what its cache entry depends on). */
  readonly calls?: readonly RecordedCall[];
}

export type LoadSchemaFile = (path: string, options: LoadSchemaOptions) => LoadSchemaResult;

/** Loads one job; a job with a text is loaded from that text, its disk questions recorded. */
export function runJob(job: LoadJob, loadSchemaFile: LoadSchemaFile): LoadAnswer {
  const model = (result: LoadSchemaResult) => (result.model ? { model: result.model } : {});
  if (job.text === undefined) {
    const result = loadSchemaFile(job.file, job.options);
    return { index: job.index, diagnostics: result.diagnostics, ...model(result) };
  }
  const recorded = recordingFileSystem(nodeFileSystem(), new Map([[job.file, job.text]]));
  const result = loadSchemaFile(job.file, { ...job.options, fs: recorded.fs });
  return { index: job.index, diagnostics: result.diagnostics, ...model(result), calls: recorded.calls };
}
