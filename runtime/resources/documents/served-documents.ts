/**
 * Format 4's markdown resources as MCP resources: each document at `toolkit://<namespace>/<name>`
 * (`text/markdown`, the whole text), and a template `…{?section,lines,search}` for one part of it
 * (`document-text.ts`). An inline document's text came with the model; a global or project one is
 * read from the user's data directory when asked for (at most 2 MiB of UTF-8). The section names of
 * a document are what `completion/complete` offers for `section`.
 */
import { readFileSync, statSync } from 'node:fs';
import { lazyBuiltin } from '../../lazy-builtin.ts';
import type { DocumentModel, SchemaModel } from '../../model.ts';
import {
  InvalidArgumentsError,
  ResourceNotFoundError,
  type ResourceEntry,
  type ResourceTemplateEntry,
} from '../../served-primitives.ts';
import { databasePath, shownPath, type DatabasePlaces } from '../database-location.ts';
import { ResourceReadError } from '../query-runner.ts';
import { URI_SCHEME } from '../resource-catalog.ts';
import { parseResourceUri } from '../resource-uri.ts';
import type { CachedReadResult } from '../served-resources.ts';
import { headingsOf, linesOf, MAX_DOCUMENT_BYTES, searchIn, sectionOf } from './document-text.ts';

/** Loaded on first use: a start that needs it for nothing does not load node:crypto. */
const crypto = lazyBuiltin<typeof import('node:crypto')>('node:crypto');

export const MARKDOWN_MIME = 'text/markdown';
export const PART_PARAMETERS = ['section', 'lines', 'search'] as const;
/** How long a client may reuse an inline document (it ships with the schema); a user's file may change at any time. */
const INLINE_TTL_MS = 60_000;

export interface CatalogDocument {
  readonly schema: SchemaModel;
  readonly document: DocumentModel;
  readonly uri: string;
  readonly name: string;
}

const shortHash = (text: string): string => crypto().createHash('sha256').update(text).digest('hex').slice(0, 6);
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The documents of `schemas`, each with its URI (clear of `taken`, the URIs of the SQLite resources). */
export function documentCatalog(
  schemas: readonly SchemaModel[],
  taken: ReadonlySet<string> = new Set(),
): CatalogDocument[] {
  const counts = new Map<string, number>();
  for (const schema of schemas)
    for (const document of schema.documents ?? [])
      counts.set(`${schema.namespace}/${document.name}`, (counts.get(`${schema.namespace}/${document.name}`) ?? 0) + 1);
  const out: CatalogDocument[] = [];
  for (const schema of schemas) {
    for (const document of schema.documents ?? []) {
      const key = `${schema.namespace}/${document.name}`;
      const plain = `${URI_SCHEME}://${key}`;
      const segment =
        counts.get(key) === 1 && !taken.has(plain)
          ? document.name
          : `${document.name}~${shortHash(`${key}@${schema.file}`)}`;
      out.push({
        schema,
        document,
        uri: `${URI_SCHEME}://${schema.namespace}/${segment}`,
        name: `${schema.namespace}.${segment}`,
      });
    }
  }
  return out;
}

/** The `resources/list` and `resources/templates/list` entries of the documents. */
export function listDocuments(catalog: readonly CatalogDocument[]): {
  resources: ResourceEntry[];
  templates: ResourceTemplateEntry[];
} {
  return {
    resources: catalog.map((d) => ({
      uri: d.uri,
      name: d.name,
      description: `${d.document.description} The whole document (markdown).`,
      mimeType: MARKDOWN_MIME,
    })),
    templates: catalog.map((d) => ({
      uriTemplate: `${d.uri}{?${PART_PARAMETERS.join(',')}}`,
      name: `${d.name}.part`,
      description:
        `One part of ${d.name}: section=<heading> (one section with its subsections), lines=<from-to> ` +
        `(e.g. 11-33), or search=<text> (matching lines with context). ${d.document.description}`,
      mimeType: MARKDOWN_MIME,
    })),
  };
}

export interface ServedDocuments {
  readonly catalog: readonly CatalogDocument[];
  /** True when `uri` (without its query) is one of these documents. */
  owns(uri: string): boolean;
  read(uri: string): Promise<CachedReadResult>;
  /** The section titles of a document, for `completion/complete`. */
  sections(document: CatalogDocument): Promise<string[]>;
}

/** The documents of `schemas` as served; `places` says where global and project documents are. */
export function createServedDocuments(
  schemas: readonly SchemaModel[],
  places: DatabasePlaces,
  taken: ReadonlySet<string>,
): ServedDocuments {
  const catalog = documentCatalog(schemas, taken);
  const byUri = new Map(catalog.map((d) => [d.uri, d]));

  const textOf = (entry: CatalogDocument): string => {
    if (entry.document.text !== undefined) return entry.document.text;
    const path = databasePath(entry.schema, { origin: entry.document.origin, database: entry.document.file }, places);
    const label = `resource ${entry.schema.namespace}/${entry.document.name}`;
    let size: number;
    try {
      size = statSync(path).size;
    } catch {
      throw new ResourceReadError(
        `${label} cannot be read: ${entry.document.file} (origin ${entry.document.origin}) not found at ` +
          `${shownPath(path, places.home)}`,
      );
    }
    if (size > MAX_DOCUMENT_BYTES)
      throw new ResourceReadError(
        `${label} cannot be read: ${entry.document.file} is ${size} bytes, more than the ${MAX_DOCUMENT_BYTES} served`,
      );
    try {
      return strictUtf8.decode(readFileSync(path));
    } catch {
      throw new ResourceReadError(`${label} cannot be read: ${entry.document.file} is not UTF-8 text`);
    }
  };

  return {
    catalog,
    owns: (uri) => byUri.has(parseResourceUri(uri).base),
    async read(uri) {
      const { base, parameters } = parseResourceUri(uri);
      const entry = byUri.get(base);
      if (!entry) throw new ResourceNotFoundError(uri);
      const given = [...parameters.keys()];
      const unknown = given.filter((name) => !(PART_PARAMETERS as readonly string[]).includes(name));
      if (unknown.length > 0)
        throw new InvalidArgumentsError(
          `${entry.name} takes section, lines or search, not ` +
            `${unknown.map((n) => JSON.stringify(n.slice(0, 40))).join(', ')}`,
        );
      if (given.length > 1)
        throw new InvalidArgumentsError(`give one of section, lines or search, not ${given.join(' and ')}`);
      const text = textOf(entry);
      const lines = text.split(/\r?\n/);
      const part = parameters.has('section')
        ? sectionOf(lines, parameters.get('section')!)
        : parameters.has('lines')
          ? linesOf(lines, parameters.get('lines')!)
          : parameters.has('search')
            ? searchIn(lines, parameters.get('search')!)
            : text;
      const ttlMs = entry.document.origin === 'inline' ? INLINE_TTL_MS : 0;
      return {
        contents: [{ uri, mimeType: parameters.has('search') ? 'text/plain' : MARKDOWN_MIME, text: part }],
        ttlMs,
        cacheScope: 'public',
      };
    },
    async sections(entry) {
      return headingsOf(textOf(entry).split(/\r?\n/)).map((h) => h.title);
    },
  };
}
