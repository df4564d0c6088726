/**
 * Turns a validated `main` into the `SchemaModel` the runtime consumes: templates instead of
 * placeholder strings, typed options, enum values from shared lists inlined, hooks per tool.
 * Only called when validation found no error, so shapes are trusted here.
 */
import type {
  DefaultValue,
  DocumentModel,
  HttpMethod,
  OutputModel,
  ToolMeta,
  ParameterModel,
  ParameterOptions,
  PrimitiveType,
  PromptModel,
  ResourceModel,
  ResourceQueryModel,
  SchemaModel,
  SkillModel,
  Template,
  ToolModel,
} from '../../runtime/model.ts';
import { hashValue, sha256 } from '../../runtime/hash.ts';
import type { HandlersSource } from '../parse/read-schema.ts';
import { parseArrayDefault, parseOption, parsePrimitive, type ParsedPrimitive } from '../parse/primitive.ts';
import { buildTemplate, type PlaceholderMeaning } from '../parse/template.ts';
import { isObject, isString, isStringArray, toolContainer, type Obj } from '../validate/checks.ts';
import { classifyPath, classifyValue, type Classified } from '../validate/path-placeholders.ts';
import { unquote } from '../validate/primitive-options.ts';
import { databaseOf } from '../validate/resources.ts';
import { queryColumnsOf, queryParametersOf } from '../validate/resource-query-forms.ts';
import type { ResolvedList } from './shared-lists.ts';

export interface NormalizeInput {
  readonly main: Obj;
  /** What the model's hash is taken of (default `main`): the schema as written, when `main` is a reading of it. */
  readonly hashed?: Obj;
  readonly file: string;
  readonly lists: ReadonlyMap<string, ResolvedList>;
  readonly handlers?: HandlersSource;
  readonly prompts: readonly PromptModel[];
  readonly skills: readonly SkillModel[];
  /** Format 4's markdown resources, inline ones with their text (read by the loader). */
  readonly documents?: readonly DocumentModel[];
}

const HOOKS = ['preRequest', 'executeRequest', 'postRequest', 'postProcess'] as const;

export function normalizeSchema(input: NormalizeInput): SchemaModel {
  const { main } = input;
  const declared = new Set(isStringArray(main.requiredServerParams) ? main.requiredServerParams : []);
  const root = isString(main.root) ? main.root : '';
  const headers: Record<string, Template> = {};
  if (isObject(main.headers)) {
    for (const [name, value] of Object.entries(main.headers))
      headers[name] = template(String(value), classifyValue(String(value), declared));
  }
  const { tools } = toolContainer(main);
  const toolModels = Object.entries(tools).map(([name, tool]) =>
    normalizeTool(name, tool as Obj, root, declared, input),
  );
  const sharedLists: Record<string, readonly Obj[]> = {};
  for (const [name, resolved] of [...input.lists].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    sharedLists[name] = resolved.entries;
  return {
    namespace: String(main.namespace),
    name: String(main.name),
    description: String(main.description),
    version: String(main.version),
    docs: isStringArray(main.docs) ? main.docs : [],
    tags: isStringArray(main.tags) ? main.tags : [],
    requiredServerParams: [...declared],
    requiredLibraries: isStringArray(main.requiredLibraries) ? main.requiredLibraries : [],
    headers,
    // Declared only by schemas whose hooks send elsewhere: absent otherwise, so other models keep their bytes.
    ...(isStringArray(main.hookOrigins) && main.hookOrigins.length > 0
      ? { hookOrigins: main.hookOrigins.map((origin) => new URL(origin).origin) }
      : {}),
    tools: toolModels,
    resources: isObject(main.resources)
      ? Object.entries(main.resources).map(([name, r]) => normalizeResource(name, r as Obj, input.lists))
      : [],
    ...(input.documents && input.documents.length > 0 ? { documents: input.documents } : {}),
    prompts: input.prompts,
    skills: input.skills,
    sharedLists,
    ...(input.handlers ? { handlersSource: input.handlers.printed } : {}),
    file: input.file,
    hash: hashValue(input.hashed ?? main),
  };
}

function normalizeTool(
  name: string,
  tool: Obj,
  root: string,
  declared: ReadonlySet<string>,
  input: NormalizeInput,
): ToolModel {
  const raw = Array.isArray(tool.parameters) ? (tool.parameters as Obj[]) : [];
  const insertKeys = new Set(
    raw
      .map((p) => p.position as Obj)
      .filter((p) => p.location === 'insert')
      .map((p) => String(p.key)),
  );
  const path = String(tool.path);
  const url = concat(
    template(root, classifyValue(root, declared)),
    template(path, classifyPath(path, insertKeys, declared)),
  );
  const entry = input.handlers?.entries?.find((e) => e.key === name);
  const output = isObject(tool.output)
    ? ({ mimeType: tool.output.mimeType, schema: tool.output.schema } as OutputModel)
    : undefined;
  return {
    name,
    description: String(tool.description),
    method: tool.method as HttpMethod,
    url,
    parameters: raw.map((p) => normalizeParameter(p, declared, input.lists)),
    ...(tool.bodyFormat === 'json' || tool.bodyFormat === 'form' ? { bodyFormat: tool.bodyFormat } : {}),
    ...(output ? { output } : {}),
    ...(isObject(tool.meta) ? { meta: toolMeta(tool.meta) } : {}),
    hooks: HOOKS.filter((h) => entry?.members.includes(h)),
  };
}

/** Format 4's `meta`, in its fixed field order (validated: all six fields, typed). */
function toolMeta(meta: Obj): ToolMeta {
  return {
    isReadOnly: meta.isReadOnly === true,
    isConcurrencySafe: meta.isConcurrencySafe === true,
    isDestructive: meta.isDestructive === true,
    searchHint: String(meta.searchHint),
    aliases: isStringArray(meta.aliases) ? meta.aliases : [],
    alwaysLoad: meta.alwaysLoad === true,
  };
}

function normalizeParameter(
  parameter: Obj,
  declared: ReadonlySet<string>,
  lists: ReadonlyMap<string, ResolvedList>,
): ParameterModel {
  const position = parameter.position as Obj;
  const z = parameter.z as Obj;
  const value = String(position.value);
  const parts = classifyValue(value, declared);
  const primitive = parsePrimitive(String(z.primitive));
  const options = Array.isArray(z.options) ? (z.options as string[]).map(parseOption) : [];
  const listNames = options.flatMap((o) => (o.kind === 'list' ? [o.list] : []));
  return {
    key: String(position.key),
    location: position.location as ParameterModel['location'],
    value: template(value, parts),
    visible: parts.some((p) => p.meaning?.kind === 'user'),
    type: primitiveType(primitive, listNames, lists),
    options: normalizeOptions(options, primitive),
    // Format 4 (its 3.x view puts a parameter's description here); 3.x parameters have none.
    ...(isString(parameter.description) ? { description: parameter.description } : {}),
  };
}

function primitiveType(
  primitive: ParsedPrimitive,
  listOptions: readonly string[],
  lists: ReadonlyMap<string, ResolvedList>,
): PrimitiveType {
  if (primitive.kind !== 'enum') return { kind: primitive.kind === 'unknown' ? 'string' : primitive.kind };
  const values = [...primitive.values];
  const add = (list: string, field: string | undefined) => {
    const resolved = lists.get(list);
    const key = field ?? resolved?.list.fields[0]?.key;
    for (const entry of resolved?.entries ?? []) {
      const v = key === undefined ? undefined : entry[key];
      if (v !== undefined && v !== null && !values.includes(String(v))) values.push(String(v));
    }
  };
  for (const { list, field } of primitive.lists) add(list, field);
  for (const list of listOptions) add(list, undefined);
  // A list not loaded (VAL076 said so): its values are unknown, so the input stays a free string
  // (literal values beside it, `enum(custom,{{list:field}})`, are only some of the accepted ones).
  const unresolved = [...primitive.lists.map((l) => l.list), ...listOptions].some((list) => !lists.has(list));
  if (unresolved) return { kind: 'string' };
  return { kind: 'enum', values };
}

/** Options in the one order that works: constraints, then optional, then default (typed). */
function normalizeOptions(options: ReturnType<typeof parseOption>[], primitive: ParsedPrimitive): ParameterOptions {
  const out: {
    min?: number;
    max?: number;
    length?: number;
    regex?: string;
    optional: boolean;
    default?: DefaultValue;
  } = { optional: false };
  for (const o of options) {
    if (o.kind === 'min' || o.kind === 'max' || o.kind === 'length') out[o.kind] = Number(o.argument.trim());
    else if (o.kind === 'regex') out.regex = o.argument;
  }
  for (const o of options) if (o.kind === 'optional') out.optional = true;
  for (const o of options) {
    if (o.kind !== 'default') continue;
    const arg = o.argument.trim();
    out.optional = true;
    out.default =
      primitive.kind === 'number'
        ? Number(arg)
        : primitive.kind === 'boolean'
          ? arg === 'true'
          : primitive.kind === 'array'
            ? (parseArrayDefault(arg) ?? [])
            : unquote(arg);
  }
  return out;
}

function normalizeResource(name: string, resource: Obj, lists: ReadonlyMap<string, ResolvedList>): ResourceModel {
  const queries = Object.entries(isObject(resource.queries) ? resource.queries : {}).map(([queryName, q]) =>
    normalizeQuery(queryName, q as Obj, lists),
  );
  if (resource.source === 'http') {
    // A download, kept as a file named after its URL (the same URL is one cache file for every schema).
    const url = String(resource.url);
    return {
      name,
      description: String(resource.description),
      source: 'http',
      origin: 'global',
      database: `${sha256(url).slice('sha256:'.length, 'sha256:'.length + 32)}.db`,
      queries,
      remote: { url, cacheTtl: Number(resource.cacheTtl) },
    };
  }
  return {
    name,
    description: String(resource.description),
    source: 'sqlite',
    origin: resource.origin as ResourceModel['origin'],
    database: String(databaseOf(resource)),
    queries,
  };
}

/** A format-4 query parameter's enum values (shared lists resolved), when its primitive is an enum. */
function enumValues(primitive: unknown, lists: ReadonlyMap<string, ResolvedList>): readonly string[] | undefined {
  if (!isString(primitive)) return undefined;
  const type = primitiveType(parsePrimitive(primitive), [], lists);
  return type.kind === 'enum' ? type.values : undefined;
}

function normalizeQuery(name: string, query: Obj, lists: ReadonlyMap<string, ResolvedList>): ResourceQueryModel {
  const parameters = queryParametersOf(query);
  const columns = queryColumnsOf(query.output);
  return {
    name,
    description: String(query.description),
    sql: String(query.sql),
    parameters: Object.entries(parameters).map(([p, def]) => {
      const d = def as Obj;
      return {
        name: p,
        type: d.type as 'string',
        required: d.required === true,
        ...(d.default !== undefined ? { default: d.default as string } : {}),
        ...(isString(d.description) ? { description: d.description } : {}),
        ...(() => {
          const values = enumValues(d.primitive, lists);
          return values ? { values } : {};
        })(),
      };
    }),
    ...(columns && columns.length > 0 ? { columns } : {}),
  };
}

function template(text: string, placeholders: readonly Classified[]): Template {
  return buildTemplate(
    text,
    placeholders.filter((p): p is Classified & { meaning: PlaceholderMeaning } => p.meaning !== undefined),
  );
}

function concat(a: Template, b: Template): Template {
  const out = [...a];
  for (const part of b) {
    const last = out[out.length - 1];
    if (typeof part === 'string' && typeof last === 'string') out[out.length - 1] = last + part;
    else out.push(part);
  }
  return out;
}
