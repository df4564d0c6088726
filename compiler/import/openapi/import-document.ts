/**
 * `toolkit import openapi` without the terminal: a document in, the schema files to write out,
 * each validated with the full front end (security scan included) as it would be read from disk.
 * A tool whose text does not validate is taken out of its file (IMP009) and the file written
 * again, so every planned file has no error. Nothing is written here.
 */
import { join } from 'node:path';
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { nodeFileSystem, type FileSystem } from '../../load/file-system.ts';
import { loadSchemaFile } from '../../load/load-schema.ts';
import { firstSentences, plainText } from './descriptions.ts';
import { ImportError } from './import-error.ts';
import { placeTools } from './layout.ts';
import { loadDocument, type Dialect } from './load-document.ts';
import { mapOperation, type MappedTool } from './map-operation.ts';
import { kebabCase, namespaceFrom, pascalCase } from './naming.ts';
import { readOperations, type Json } from './operations.ts';
import { IMPORT_MARK, readPreviousImport } from './previous-import.ts';
import type { ImportWarning, LeftOut } from './reasons.ts';
import { renderSchema, type RenderedMain } from './render-schema.ts';
import { rootOf } from './root.ts';
import { SecurityMapper } from './security-mapping.ts';
import { isObject } from '../../../runtime/is-object.ts';

export interface ImportOptions {
  readonly document: string;
  /** The folder the schema files go to. Default: `schemas/providers/<namespace>` under `cwd`. */
  readonly outDir?: string;
  readonly cwd: string;
  readonly namespace?: string;
  readonly format: 3 | 4;
  readonly include?: readonly string[];
  readonly root?: string;
  readonly allowedLibraries?: readonly string[];
}

export interface PlannedFile {
  /** File name (`repos.mjs`). */
  readonly name: string;
  readonly path: string;
  readonly text: string;
  readonly tools: number;
  /** Validation findings on the file as written (warnings only). */
  readonly diagnostics: readonly Diagnostic[];
}

export interface ImportPlan {
  readonly title: string;
  readonly dialect: Dialect;
  readonly namespace: string;
  readonly root: string;
  readonly outDir: string;
  readonly found: number;
  readonly notIncluded: number;
  readonly imported: number;
  readonly leftOut: readonly LeftOut[];
  readonly warnings: readonly ImportWarning[];
  readonly files: readonly PlannedFile[];
  /** Files of a previous import that the document no longer fills. */
  readonly stale: readonly string[];
  /** Every `.mjs` file already in the output folder, by name. */
  readonly existing: ReadonlyMap<string, string>;
}

const NAMESPACE = { 3: /^[a-z]+$/, 4: /^[a-z][a-z0-9-]*$/ } as const;
const httpsUrl = (value: unknown): string | undefined =>
  typeof value === 'string' && /^https:\/\/[^\s]+$/.test(value) ? value : undefined;

export async function planImport(options: ImportOptions): Promise<ImportPlan> {
  const document = await loadDocument(options.document);
  const info = isObject(document.root.info) ? document.root.info : {};
  const title = typeof info.title === 'string' && info.title.trim() !== '' ? plainText(info.title) : document.fileName;
  const version = typeof info.version === 'string' ? info.version : '';
  const root = rootOf(document, options.root);
  const namespace = options.namespace ?? namespaceFrom(title, new URL(root).hostname, options.format);
  if (!NAMESPACE[options.format].test(namespace)) {
    throw new ImportError(
      `--namespace ${JSON.stringify(namespace)}: format ${options.format} namespaces are ` +
        `${options.format === 3 ? 'lowercase letters only' : 'a lowercase letter, then letters, digits and hyphens'}`,
      2,
    );
  }
  const outDir = options.outDir ?? join(options.cwd, 'schemas', 'providers', namespace);

  const all = readOperations(document);
  const include = options.include?.map((t) => kebabCase(t));
  const chosen =
    include && include.length > 0 ? all.filter((o) => o.tags.some((t) => include.includes(kebabCase(t)))) : all;
  const security = new SecurityMapper(document, namespace);
  const leftOut: LeftOut[] = [];
  const warnings: ImportWarning[] = [];
  const tools: MappedTool[] = [];
  for (const operation of chosen) {
    const result = mapOperation(operation, { document, security, root, namespace });
    if (result.ok) tools.push(result.tool);
    else leftOut.push(result.leftOut);
  }

  const previous = readPreviousImport(outDir);
  const placed = placeTools(tools, namespace, previous.tools);
  const tagInfo = new Map<string, string>();
  for (const tag of Array.isArray(document.root.tags) ? document.root.tags : []) {
    if (isObject(tag) && typeof tag.name === 'string' && typeof tag.description === 'string')
      tagInfo.set(tag.name, tag.description);
  }
  const externalDocs = isObject(document.root.externalDocs) ? httpsUrl(document.root.externalDocs.url) : undefined;
  const fs = nodeFileSystem();
  const files: PlannedFile[] = [];
  let imported = 0;
  for (const file of placed) {
    const path = join(outDir, `${file.file}.mjs`);
    let members = [...file.tools];
    const tagDescription = tagInfo.get(file.tag);
    const description = tagDescription
      ? `${title}: ${firstSentences(tagDescription, 1, 200)}`
      : `${title}: the operations tagged ${JSON.stringify(file.tag)}.`;
    const make = (): RenderedMain => {
      const headers: Record<string, string> = {};
      const params = new Set<string>();
      for (const { tool } of members) {
        Object.assign(headers, tool.headers);
        for (const p of tool.serverParams) params.add(p);
      }
      return {
        // Neither the document's file name nor its version: a newer document changes only the files it changes.
        comment: `${title}, ${file.tag}: imported ${IMPORT_MARK}.`,
        namespace,
        name: `${pascalCase(title).slice(0, 40)}${pascalCase(file.file)}`,
        description: /[.!?]$/.test(description) ? description : `${description}.`,
        format: options.format,
        schemaVersion: /^\d+\.\d+\.\d+$/.test(version) ? version : '1.0.0',
        docs: externalDocs ? [externalDocs] : [],
        ...(httpsUrl(info.termsOfService) ? { termsOfService: httpsUrl(info.termsOfService)! } : {}),
        tags: [
          /^[a-z]/.test(kebabCase(file.tag))
            ? kebabCase(file.tag).slice(0, 48)
            : `tag-${kebabCase(file.tag)}`.slice(0, 48),
        ].filter((t) => /^[a-z][a-z0-9-]*$/.test(t)),
        root,
        requiredServerParams: [...params].sort(),
        headers,
        tools: members.map(({ name, tool }) => ({
          name,
          method: tool.method,
          path: tool.path,
          description: tool.description,
          parameters: tool.parameters,
          ...(tool.bodyFormat ? { bodyFormat: tool.bodyFormat } : {}),
          ...(tool.output ? { output: tool.output } : {}),
          tests: tool.tests,
        })),
      };
    };
    // Validate as written; a tool with an error leaves the file, which is written and checked again.
    for (let round = 0; members.length > 0; round++) {
      const rendered = renderSchema(make());
      const overlay: FileSystem = { ...fs, readText: (p) => (p === path ? rendered.text : fs.readText(p)) };
      const result = loadSchemaFile(path, {
        fs: overlay,
        cwd: options.cwd,
        ...(options.allowedLibraries ? { allowedLibraries: options.allowedLibraries } : {}),
      });
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      if (errors.length === 0) {
        files.push({
          name: `${file.file}.mjs`,
          path,
          text: rendered.text,
          tools: members.length,
          diagnostics: result.diagnostics,
        });
        imported += members.length;
        break;
      }
      const failing = new Map<string, Diagnostic>();
      for (const error of errors) {
        const named = /^tool (\S+?):/.exec(error.message)?.[1];
        const hit =
          named !== undefined && rendered.lines.has(named)
            ? named
            : [...rendered.lines].find(([, [from, to]]) => error.line >= from && error.line <= to)?.[0];
        for (const name of hit !== undefined && round < 3 ? [hit] : members.map((m) => m.name))
          if (!failing.has(name)) failing.set(name, error);
      }
      for (const [name, error] of failing) {
        const { tool } = members.find((m) => m.name === name)!;
        leftOut.push({
          rule: 'IMP009',
          operation: tool.operation.label,
          ...(tool.operation.operationId ? { operationId: tool.operation.operationId } : {}),
          message: `${error.rule} ${error.message}`,
        });
      }
      members = members.filter((m) => !failing.has(m.name));
    }
    for (const { tool } of members) warnings.push(...tool.warnings);
  }
  const written = new Set(files.map((f) => f.name));
  const order = new Map(all.map((o, i) => [o.label, i]));
  leftOut.sort((a, b) => (order.get(a.operation) ?? 0) - (order.get(b.operation) ?? 0));
  return {
    title,
    dialect: document.dialect,
    namespace,
    root,
    outDir,
    found: all.length,
    notIncluded: all.length - chosen.length,
    imported,
    leftOut,
    warnings,
    files,
    stale: [...previous.imported].filter((name) => !written.has(name)).sort(),
    existing: previous.files,
  };
}
