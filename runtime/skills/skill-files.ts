/**
 * The skills' files as a build stores them in a bundle's data file: each file of each skill folder
 * (`<skill path>/SKILL.md`, its own files) by path, text as text and bytes as base64. A bundle
 * serves the skills from them (`skillFileRecordOf`) without reading or rendering any schema.
 */
import type { SkillDocument } from './skill-documents.ts';

export type StoredSkillFiles = Readonly<Record<string, { readonly text: string } | { readonly base64: string }>>;

/** The files of `documents` as stored. */
export function storedSkillFiles(documents: readonly SkillDocument[]): StoredSkillFiles {
  const files: Record<string, { text: string } | { base64: string }> = {};
  for (const document of documents)
    for (const [path, contents] of document.files)
      files[`${document.path}/${path}`] =
        typeof contents === 'string' ? { text: contents } : { base64: Buffer.from(contents).toString('base64') };
  return files;
}

/** Stored files as the record of path → contents the SDK's catalog reads (`skillFileRecord`'s form). */
export function skillFileRecordOf(files: StoredSkillFiles): Record<string, string | Uint8Array> {
  const record: Record<string, string | Uint8Array> = {};
  for (const [path, file] of Object.entries(files))
    record[path] = 'text' in file ? file.text : new Uint8Array(Buffer.from(file.base64, 'base64'));
  return record;
}
