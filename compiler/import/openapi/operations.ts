/**
 * The operations of a document in one shape, whatever its dialect: Swagger 2.0's `in: body` and
 * `formData` parameters become a request body, its inline parameter types a schema, `produces`
 * media types the responses' content; path-level parameters are merged into each operation (the
 * operation's own win), and every reference on the way is resolved.
 */
import type { LoadedDocument } from './load-document.ts';
import { isObject } from '../../../runtime/is-object.ts';

export type Json = Record<string, unknown>;

export interface SourceParameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required: boolean;
  readonly description?: string;
  /** A JSON-Schema-like type (Swagger 2.0: built from the parameter's own fields). */
  readonly schema: unknown;
  /** OpenAPI `style`/`explode`, Swagger 2.0 `collectionFormat` (csv is `explode: false`). */
  readonly explode: boolean;
  readonly style?: string;
  readonly examples: readonly unknown[];
  readonly deprecated: boolean;
}

export interface SourceBody {
  readonly required: boolean;
  readonly description?: string;
  /** Media type → its schema and examples. */
  readonly content: ReadonlyMap<
    string,
    { readonly schema: unknown; readonly examples: readonly { name?: string; value: unknown }[] }
  >;
}

export interface SourceOperation {
  /** Lower case, as in the document (`get`, `patch`, …). */
  readonly method: string;
  readonly path: string;
  readonly operationId?: string;
  readonly tags: readonly string[];
  readonly summary?: string;
  readonly description?: string;
  readonly deprecated: boolean;
  readonly parameters: readonly SourceParameter[];
  readonly body?: SourceBody;
  /** Status code → media type → schema (only responses with content). */
  readonly responses: ReadonlyMap<string, ReadonlyMap<string, unknown>>;
  /** The operation's own `security`, or the document's when it has none. */
  readonly security: readonly Json[] | undefined;
  /** Servers the operation or its path item declare instead of the document's. */
  readonly servers?: readonly Json[];
  /** `GET /pets/{id}`: how the report names it. */
  readonly label: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** Swagger 2.0: a non-body parameter's own type fields as a schema. */
function swaggerSchema(parameter: Json): Json {
  const keys = [
    'type',
    'format',
    'items',
    'enum',
    'default',
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'minLength',
    'maxLength',
    'pattern',
    'minItems',
    'maxItems',
    'x-nullable',
  ];
  const schema: Json = {};
  for (const key of keys) if (parameter[key] !== undefined) schema[key] = parameter[key];
  return schema;
}

function examplesOf(holder: Json, refs: LoadedDocument['refs']): unknown[] {
  const out: unknown[] = [];
  if (holder.example !== undefined) out.push(holder.example);
  if (isObject(holder.examples)) {
    for (const example of Object.values(holder.examples)) {
      const resolved = refs.resolve(example);
      if (isObject(resolved) && resolved.value !== undefined) out.push(resolved.value);
    }
  } else if (Array.isArray(holder.examples)) out.push(...holder.examples);
  if (holder['x-example'] !== undefined) out.push(holder['x-example']);
  return out;
}

function readParameter(raw: Json, document: LoadedDocument): SourceParameter | undefined {
  const location = raw.in;
  if (location !== 'path' && location !== 'query' && location !== 'header' && location !== 'cookie') return undefined;
  const name = String(raw.name ?? '');
  let schema: unknown;
  if (document.dialect === 'swagger-2.0') schema = swaggerSchema(raw);
  else if (raw.schema !== undefined) schema = raw.schema;
  else if (isObject(raw.content))
    schema = Object.values(raw.content)
      .map((m) => (isObject(m) ? m.schema : undefined))
      .find((s) => s !== undefined);
  const resolvedSchema = document.refs.resolve(schema);
  const collection = raw.collectionFormat;
  const style = typeof raw.style === 'string' ? raw.style : undefined;
  const explode =
    document.dialect === 'swagger-2.0'
      ? collection === 'multi'
      : typeof raw.explode === 'boolean'
        ? raw.explode
        : (style ?? (location === 'query' || location === 'cookie' ? 'form' : 'simple')) === 'form';
  return {
    name,
    in: location,
    required: raw.required === true || location === 'path',
    ...(text(raw.description) ? { description: text(raw.description)! } : {}),
    schema,
    explode,
    ...(document.dialect === 'swagger-2.0' && typeof collection === 'string'
      ? { style: collection }
      : style
        ? { style }
        : {}),
    examples: [
      ...examplesOf(raw, document.refs),
      ...(isObject(resolvedSchema) ? examplesOf(resolvedSchema, document.refs) : []),
    ],
    deprecated: raw.deprecated === true,
  };
}

/** Swagger 2.0: `in: body` and `formData` parameters as a request body in the operation's `consumes` types. */
function swaggerBody(raws: readonly Json[], consumes: readonly string[]): SourceBody | undefined {
  const body = raws.find((p) => p.in === 'body');
  if (body) {
    const types = consumes.length > 0 ? consumes : ['application/json'];
    const examples = isObject(body['x-examples'])
      ? Object.entries(body['x-examples']).map(([name, value]) => ({ name, value }))
      : [];
    return {
      required: body.required === true,
      ...(text(body.description) ? { description: text(body.description)! } : {}),
      content: new Map(types.map((type) => [type, { schema: body.schema, examples }])),
    };
  }
  const fields = raws.filter((p) => p.in === 'formData');
  if (fields.length === 0) return undefined;
  const properties: Json = {};
  const required: string[] = [];
  for (const field of fields) {
    const name = String(field.name ?? '');
    properties[name] = {
      ...swaggerSchema(field),
      ...(text(field.description) ? { description: field.description } : {}),
    };
    if (field.required === true) required.push(name);
  }
  const multipart =
    fields.some((f) => f.type === 'file') ||
    (consumes.includes('multipart/form-data') && !consumes.includes('application/x-www-form-urlencoded'));
  const type = multipart ? 'multipart/form-data' : 'application/x-www-form-urlencoded';
  return {
    required: required.length > 0,
    content: new Map([[type, { schema: { type: 'object', properties, required }, examples: [] }]]),
  };
}

function openapiBody(raw: unknown, document: LoadedDocument): SourceBody | undefined {
  const body = document.refs.resolve(raw);
  if (!isObject(body) || !isObject(body.content)) return undefined;
  const content = new Map<string, { schema: unknown; examples: { name?: string; value: unknown }[] }>();
  for (const [type, media] of Object.entries(body.content)) {
    if (!isObject(media)) continue;
    const examples: { name?: string; value: unknown }[] = [];
    if (media.example !== undefined) examples.push({ value: media.example });
    if (isObject(media.examples)) {
      for (const [name, example] of Object.entries(media.examples)) {
        const resolved = document.refs.resolve(example);
        if (isObject(resolved) && resolved.value !== undefined)
          examples.push({ name: text(resolved.summary) ?? name, value: resolved.value });
      }
    }
    content.set(type.toLowerCase(), { schema: media.schema, examples });
  }
  return {
    required: body.required === true,
    ...(text(body.description) ? { description: text(body.description)! } : {}),
    content,
  };
}

function responsesOf(
  raw: unknown,
  document: LoadedDocument,
  produces: readonly string[],
): Map<string, Map<string, unknown>> {
  const out = new Map<string, Map<string, unknown>>();
  if (!isObject(raw)) return out;
  for (const [status, value] of Object.entries(raw)) {
    const response = document.refs.resolve(value);
    if (!isObject(response)) continue;
    const media = new Map<string, unknown>();
    if (document.dialect === 'swagger-2.0') {
      if (response.schema !== undefined)
        for (const type of produces.length > 0 ? produces : ['application/json'])
          media.set(type.toLowerCase(), response.schema);
    } else if (isObject(response.content)) {
      for (const [type, m] of Object.entries(response.content))
        if (isObject(m)) media.set(type.toLowerCase(), m.schema);
    }
    out.set(status, media);
  }
  return out;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** Every operation of the document, in document order. */
export function readOperations(document: LoadedDocument): SourceOperation[] {
  const { root, refs } = document;
  const paths = isObject(root.paths) ? root.paths : {};
  const globalSecurity = Array.isArray(root.security) ? (root.security.filter(isObject) as Json[]) : undefined;
  const out: SourceOperation[] = [];
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = refs.resolve(rawItem);
    if (!isObject(item)) continue;
    const shared = (Array.isArray(item.parameters) ? item.parameters : []).map((p) => refs.resolve(p)).filter(isObject);
    for (const method of METHODS) {
      const operation = refs.resolve(item[method]);
      if (!isObject(operation)) continue;
      const own = (Array.isArray(operation.parameters) ? operation.parameters : [])
        .map((p) => refs.resolve(p))
        .filter(isObject);
      const merged = [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own];
      const parameters = merged
        .map((p) => readParameter(p, document))
        .filter((p): p is SourceParameter => p !== undefined);
      const consumes = strings(operation.consumes ?? root.consumes);
      const produces = strings(operation.produces ?? root.produces);
      const body =
        document.dialect === 'swagger-2.0'
          ? swaggerBody(merged, consumes)
          : openapiBody(operation.requestBody, document);
      const servers = Array.isArray(operation.servers)
        ? operation.servers
        : Array.isArray(item.servers)
          ? item.servers
          : undefined;
      out.push({
        method,
        path,
        ...(text(operation.operationId) ? { operationId: text(operation.operationId)!.trim() } : {}),
        tags: strings(operation.tags),
        ...(text(operation.summary) ? { summary: text(operation.summary)! } : {}),
        ...(text(operation.description) ? { description: text(operation.description)! } : {}),
        deprecated: operation.deprecated === true,
        parameters,
        ...(body ? { body } : {}),
        responses: responsesOf(operation.responses, document, produces),
        security: Array.isArray(operation.security) ? (operation.security.filter(isObject) as Json[]) : globalSecurity,
        ...(servers ? { servers: servers.filter(isObject) as Json[] } : {}),
        label: `${method.toUpperCase()} ${path}`,
      });
    }
  }
  return out;
}
