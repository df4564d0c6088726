/**
 * Format 4's markdown resources as the model carries them. An inline document (`data/<name>.md`
 * beside the schema, as inline databases are) is read now and travels in the model, so a build
 * serves it without the schema's folder and its hash covers the text (RES051 when it is missing or a
 * link out of the schema's directory, RES053 when it is not UTF-8 or over 2 MiB). A global or project
 * document is the user's file, read when served; a warning names where it was looked for (RES052).
 */
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { DocumentModel } from '../../runtime/model.ts';
import { databasePath, shownPath } from '../../runtime/resources/database-location.ts';
import { MAX_DOCUMENT_BYTES } from '../../runtime/resources/documents/document-text.ts';
import { isObject, isString, type Obj } from '../validate/checks.ts';
import { linkOutside } from './content-files.ts';
import type { LoadContext } from './load-context.ts';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export interface DocumentPlaces {
  readonly home?: string;
  readonly cwd?: string;
  /** The schema's namespace: global and project documents live in its own directory. */
  readonly namespace?: string;
}

/** The markdown resources of a format-4 schema (`documents` of its served view), in declaration order. */
export function loadDocuments(
  { schemaFile, fs, report: r }: LoadContext,
  documents: unknown,
  places: DocumentPlaces,
): DocumentModel[] {
  if (!isObject(documents)) return [];
  const out: DocumentModel[] = [];
  for (const [name, value] of Object.entries(documents)) {
    const declared = value as Obj;
    const origin = declared.origin as DocumentModel['origin'];
    const file = String(declared.name);
    const at = ['resources', name, 'name'];
    const base: DocumentModel = {
      name,
      description: isString(declared.description) ? declared.description : '',
      origin,
      file,
    };
    if (origin !== 'inline') {
      const home = places.home ?? homedir();
      const path = databasePath(
        { file: resolve(schemaFile), namespace: places.namespace ?? '' },
        { origin, database: file },
        { home, projectDir: places.cwd ?? process.cwd() },
      );
      if (!fs.exists(path))
        r.report(
          'RES052',
          at,
          `resource ${name}: ${file} (origin ${origin}) is not at ${shownPath(path, home)} now; it is read from ` +
            `there when served`,
        );
      out.push(base);
      continue;
    }
    const path = join(dirname(schemaFile), 'data', file);
    const escapes = linkOutside(path, schemaFile, fs);
    if (escapes !== undefined) {
      r.report(
        'RES051',
        at,
        `resource ${name}: data/${file} is a link to ${escapes}, outside the schema's directory: not read`,
      );
      continue;
    }
    const bytes =
      fs.readBytes?.(path) ??
      (() => {
        const text = fs.readText(path);
        return text === undefined ? undefined : new TextEncoder().encode(text);
      })();
    if (bytes === undefined) {
      r.report('RES051', at, `resource ${name}: the inline document data/${file} does not exist beside the schema`);
      continue;
    }
    if (bytes.byteLength > MAX_DOCUMENT_BYTES) {
      r.report(
        'RES053',
        at,
        `resource ${name}: data/${file} is ${bytes.byteLength} bytes; a markdown resource may have at most ` +
          `${MAX_DOCUMENT_BYTES} (2 MiB): split it into two resources`,
      );
      continue;
    }
    let text: string;
    try {
      text = strictUtf8.decode(bytes);
    } catch {
      r.report('RES053', at, `resource ${name}: data/${file} is not UTF-8 text`);
      continue;
    }
    out.push({ ...base, text });
  }
  return out;
}
