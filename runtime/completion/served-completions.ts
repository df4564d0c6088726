/**
 * `completion/complete` (both protocol eras; the protocol has no reference for tool arguments, so
 * prompts and resource templates only): for a prompt argument, the values a skill's enum or boolean
 * input allows; for a resource-template variable, a query parameter's enum values (shared lists
 * resolved by the compiler), `true`/`false` for a boolean, and otherwise the values the column it is
 * compared with holds in the database (a bounded DISTINCT query through the same query process as
 * every read); a document's section titles for `section`; the skills' file paths for `skill://{+path}`.
 * Values start with what was typed (without case), at most 100, with the total and `hasMore`.
 */
import type { CatalogPrompt } from '../prompts/prompt-catalog.ts';
import type { ServedDocuments } from '../resources/documents/served-documents.ts';
import type { CatalogQuery, ResourceCatalog } from '../resources/resource-catalog.ts';
import type { QueryRunner } from '../resources/query-runner.ts';
import { PromptNotFoundError, ResourceNotFoundError, type ResourceTemplateEntry } from '../served-primitives.ts';
import { distinctValuesSql, likePrefix, parameterColumn } from './query-column.ts';

/** The most values one answer carries (the protocol's cap). */
export const MAX_COMPLETION_VALUES = 100;

export type CompletionRef =
  | { readonly type: 'ref/prompt'; readonly name: string }
  | { readonly type: 'ref/resource'; readonly uri: string };

export interface CompletionAnswer {
  readonly values: string[];
  readonly total: number;
  readonly hasMore: boolean;
}

export interface CompletionSources {
  readonly prompts?: readonly CatalogPrompt[];
  readonly resources?: {
    readonly catalog: ResourceCatalog;
    readonly runner: QueryRunner;
    readonly templates: readonly ResourceTemplateEntry[];
    readonly resources: readonly { readonly uri: string }[];
    readonly documents?: ServedDocuments;
  };
}

export interface ServedCompletions {
  /**
   * Values for `argument` of `ref`; throws -32602 errors (prompt or template unknown). Extra candidates (skills) come
   * from `more`.
   */
  complete(
    ref: CompletionRef,
    argument: { readonly name: string; readonly value: string },
    more?: (uri: string, name: string) => readonly string[] | undefined,
  ): Promise<CompletionAnswer>;
}

/** The values that start with `typed` (without case), capped, with the count. */
export function answerOf(candidates: Iterable<string>, typed: string): CompletionAnswer {
  const wanted = typed.toLowerCase();
  const seen = new Set<string>();
  for (const value of candidates) if (value.toLowerCase().startsWith(wanted)) seen.add(value);
  const all = [...seen];
  return {
    values: all.slice(0, MAX_COMPLETION_VALUES),
    total: all.length,
    hasMore: all.length > MAX_COMPLETION_VALUES,
  };
}

const EMPTY: CompletionAnswer = { values: [], total: 0, hasMore: false };

/** The URI of a template without its `{…}` expressions and query string. */
const baseOf = (uri: string): string => {
  // A client's text: both steps are linear (an expression ends at the first `{` or `}`).
  const plain = uri.replace(/\{[^{}]*\}/g, '');
  const cut = plain.search(/[?#]/);
  return cut < 0 ? plain : plain.slice(0, cut);
};

export function createCompletions(sources: CompletionSources): ServedCompletions {
  let prompts: Map<string, CatalogPrompt> | undefined;
  let queries: Map<string, CatalogQuery> | undefined;

  async function columnValues(query: CatalogQuery, parameter: number, typed: string): Promise<readonly string[]> {
    const resources = sources.resources!;
    const sql = query.query?.sql;
    const column = sql === undefined ? undefined : parameterColumn(sql, parameter);
    if (!column) return [];
    const target: CatalogQuery = {
      ...query,
      query: {
        name: `${query.queryName}.complete`,
        description: '',
        sql: distinctValuesSql(column, MAX_COMPLETION_VALUES + 1),
        parameters: [{ name: 'prefix', type: 'string', required: true }],
      },
      parameters: [{ name: 'prefix', type: 'string', required: true }],
    };
    const answer = await resources.runner.run(target, new Map([['prefix', likePrefix(typed)]]), 'text');
    return (JSON.parse(answer.json) as { v: unknown }[]).map((row) => String(row.v));
  }

  async function completeResource(
    uri: string,
    name: string,
    typed: string,
    more?: (uri: string, name: string) => readonly string[] | undefined,
  ): Promise<CompletionAnswer> {
    const extra = more?.(uri, name);
    if (extra) return answerOf(extra, typed);
    const resources = sources.resources;
    const base = baseOf(uri);
    if (resources) {
      queries ??= new Map(resources.catalog.queries.map((q) => [q.uri, q]));
      const query = queries.get(base);
      if (query) {
        const index = query.parameters.findIndex((p) => p.name === name);
        const parameter = query.parameters[index];
        if (!parameter) return EMPTY;
        if (parameter.values) return answerOf(parameter.values, typed);
        if (parameter.type === 'boolean') return answerOf(['true', 'false'], typed);
        return answerOf(await columnValues(query, index, typed), typed);
      }
      const document = resources.documents?.catalog.find((d) => d.uri === base);
      if (document) return name === 'section' ? answerOf(await resources.documents!.sections(document), typed) : EMPTY;
      if (
        resources.templates.some((t) => baseOf(t.uriTemplate) === base) ||
        resources.resources.some((r) => baseOf(r.uri) === base)
      )
        return EMPTY;
    }
    throw new ResourceNotFoundError(uri);
  }

  return {
    async complete(ref, argument, more) {
      if (ref.type === 'ref/prompt') {
        prompts ??= new Map((sources.prompts ?? []).map((p) => [p.name, p]));
        const prompt = prompts.get(ref.name);
        if (!prompt) throw new PromptNotFoundError(ref.name);
        const input = prompt.inputs.get(argument.name);
        if (input?.type === 'enum') return answerOf(input.values ?? [], argument.value);
        if (input?.type === 'boolean') return answerOf(['true', 'false'], argument.value);
        return EMPTY;
      }
      return completeResource(ref.uri, argument.name, argument.value, more);
    },
  };
}
