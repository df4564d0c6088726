/**
 * Reads an OpenAPI 3.0/3.1 or Swagger 2.0 document, JSON or YAML (the `yaml` package; JSON is YAML
 * too, but `JSON.parse` is much faster on large files). References to other files are pulled in by
 * `@apidevtools/json-schema-ref-parser`'s `bundle` (relative paths, YAML or JSON, cycles kept as
 * internal references); local references are then resolved lazily (`references.ts`), so a document of
 * thousands of operations is never walked or copied as a whole.
 */
import $RefParser from '@apidevtools/json-schema-ref-parser';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ImportError } from './import-error.ts';
import { createReferences, type References } from './references.ts';
import { isObject } from '../../../runtime/is-object.ts';

export type Dialect = 'swagger-2.0' | 'openapi-3.0' | 'openapi-3.1';

export interface LoadedDocument {
  readonly dialect: Dialect;
  /** The root object (with cross-file references bundled in). */
  readonly root: Record<string, unknown>;
  readonly refs: References;
  /** The document's file name without folders, for the header of written files. */
  readonly fileName: string;
}

function parseText(path: string, text: string): { value: unknown; yaml: boolean } {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return { value: JSON.parse(text), yaml: false };
    } catch {
      // Not strict JSON (comments, trailing commas): YAML reads the rest of what people write.
    }
  }
  try {
    return { value: parseYaml(text, { maxAliasCount: 10_000, uniqueKeys: false }), yaml: true };
  } catch (error) {
    const message = (error as Error).message.split('\n')[0];
    throw new ImportError(`${path}: not JSON or YAML: ${message}`);
  }
}

/**
 * True when some `$ref` of the tree points into another file. What `JSON.parse` made is a tree; YAML
 * aliases can share nodes (and loop), so those are remembered.
 */
function hasExternalRefs(root: unknown, shared: boolean): boolean {
  const stack: unknown[] = [root];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (shared) {
      if (seen.has(node)) continue;
      seen.add(node);
    }
    if (
      !Array.isArray(node) &&
      typeof (node as { $ref?: unknown }).$ref === 'string' &&
      !(node as { $ref: string }).$ref.startsWith('#')
    )
      return true;
    for (const value of Object.values(node)) if (value !== null && typeof value === 'object') stack.push(value);
  }
  return false;
}

function dialectOf(root: Record<string, unknown>, path: string): Dialect {
  if (typeof root.swagger === 'string' && root.swagger.startsWith('2.')) return 'swagger-2.0';
  if (typeof root.openapi === 'string' && /^3\.0\./.test(root.openapi)) return 'openapi-3.0';
  if (typeof root.openapi === 'string' && /^3\.1\./.test(root.openapi)) return 'openapi-3.1';
  const version = root.openapi ?? root.swagger;
  if (version !== undefined)
    throw new ImportError(
      `${path}: OpenAPI ${String(version)} is not a version this command reads (Swagger 2.0, OpenAPI 3.0 and 3.1)`,
    );
  throw new ImportError(`${path}: not an OpenAPI or Swagger document (no \`openapi\` or \`swagger\` field)`);
}

export async function loadDocument(path: string): Promise<LoadedDocument> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ImportError(
      `${path}: ${
        code === 'ENOENT'
          ? 'no such file'
          : code === 'EISDIR'
            ? 'is a directory, ' + 'not a document'
            : `cannot be read (${code})`
      }`,
      code === 'ENOENT' || code === 'EISDIR' ? 2 : 1,
    );
  }
  const parsed = parseText(path, text);
  let root = parsed.value;
  if (!isObject(root))
    throw new ImportError(`${path}: not an OpenAPI or Swagger document (the top level is not an object)`);
  const dialect = dialectOf(root, path);
  if (hasExternalRefs(root, parsed.yaml)) {
    try {
      root = await $RefParser.bundle(resolve(path), root, {
        resolve: { http: false },
        dereference: { circular: true },
      });
    } catch (error) {
      throw new ImportError(
        `${path}: a reference to another file cannot be resolved: ${(error as Error).message.split('\n')[0]}`,
      );
    }
  }
  const refs = await createReferences(resolve(path), root as Record<string, unknown>);
  return { dialect, root: root as Record<string, unknown>, refs, fileName: path.split(/[\\/]/).pop() ?? path };
}
