/**
 * Security schemes as server params named after the namespace: an API key in a header goes into
 * `main.headers`, one in the query into a hidden query value of each tool; HTTP bearer, OAuth 2 and
 * OpenID Connect become `Authorization: Bearer {{NS_TOKEN}}` (a token the user obtains), HTTP basic
 * `Authorization: Basic {{NS_BASIC_AUTH}}` (the user's base64 `user:password`). Of an operation's
 * alternatives the first that can be mapped is used; cookies, mutual TLS and other HTTP schemes
 * cannot be, and an operation that needs them is left out.
 */
import { reservedServerParam } from '../../../runtime/secrets/reserved-server-params.ts';
import type { LoadedDocument } from './load-document.ts';
import { envName, words } from './naming.ts';
import type { Json, SourceOperation } from './operations.ts';
import { isObject } from '../../../runtime/is-object.ts';

/** What one scheme becomes. */
export type MappedScheme =
  | { readonly kind: 'header'; readonly header: string; readonly value: string; readonly param: string }
  | { readonly kind: 'query'; readonly key: string; readonly param: string };

export type OperationAuth =
  | { readonly ok: true; readonly schemes: readonly MappedScheme[]; readonly names: readonly string[] }
  | { readonly ok: false; readonly reason: string };

export class SecurityMapper {
  private readonly schemes: Record<string, unknown>;
  private readonly params = new Map<string, string>();

  constructor(
    private readonly document: LoadedDocument,
    private readonly namespace: string,
  ) {
    const root = document.root;
    const components = isObject(root.components) ? root.components : {};
    this.schemes =
      ((document.dialect === 'swagger-2.0' ? root.securityDefinitions : components.securitySchemes) as Record<
        string,
        unknown
      >) ?? {};
    if (!isObject(this.schemes)) this.schemes = {};
    this.nameParams();
  }

  /**
   * Server-param names: one per kind (`NS_TOKEN`, `NS_BASIC_AUTH`, `NS_API_KEY`), by scheme name when a kind has
   * several.
   */
  private nameParams(): void {
    const byKind = new Map<string, string[]>();
    for (const [name, raw] of Object.entries(this.schemes)) {
      const kind = this.kindOf(raw);
      if (!kind) continue;
      byKind.set(kind, [...(byKind.get(kind) ?? []), name]);
    }
    for (const [kind, names] of byKind) {
      for (const name of names) {
        const suffix = kind === 'API_KEY' && names.length > 1 ? words(name).join('_').toUpperCase() || 'API_KEY' : kind;
        this.params.set(name, this.safe(envName(this.namespace, suffix)));
      }
    }
  }

  private safe(name: string): string {
    return reservedServerParam(name) === undefined ? name : `API_${name}`;
  }

  private kindOf(raw: unknown): string | undefined {
    const scheme = this.document.refs.resolve(raw);
    if (!isObject(scheme)) return undefined;
    const type = String(scheme.type ?? '').toLowerCase();
    if (type === 'apikey') return scheme.in === 'header' || scheme.in === 'query' ? 'API_KEY' : undefined;
    if (type === 'oauth2' || type === 'openidconnect') return 'TOKEN';
    if (type === 'http') {
      const how = String(scheme.scheme ?? '').toLowerCase();
      return how === 'bearer' ? 'TOKEN' : how === 'basic' ? 'BASIC_AUTH' : undefined;
    }
    if (type === 'basic') return 'BASIC_AUTH';
    return undefined;
  }

  /** One scheme by name, or why it cannot be mapped. */
  private map(name: string): MappedScheme | string {
    const scheme = this.document.refs.resolve(this.schemes[name]);
    if (!isObject(scheme)) return `its security scheme ${JSON.stringify(name)} is not defined`;
    const type = String(scheme.type ?? '').toLowerCase();
    const param = this.params.get(name);
    if (type === 'apikey') {
      const key = String(scheme.name ?? '');
      if (scheme.in === 'cookie')
        return `it authenticates with a cookie (${JSON.stringify(name)}), which the format does not send`;
      if (!param || key === '') return `its API key scheme ${JSON.stringify(name)} is incomplete`;
      return scheme.in === 'query'
        ? { kind: 'query', key, param }
        : { kind: 'header', header: key, value: `{{${param}}}`, param };
    }
    if (
      param &&
      (type === 'oauth2' ||
        type === 'openidconnect' ||
        (type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer'))
    ) {
      return { kind: 'header', header: 'Authorization', value: `Bearer {{${param}}}`, param };
    }
    if (param && (type === 'basic' || type === 'http'))
      return { kind: 'header', header: 'Authorization', value: `Basic {{${param}}}`, param };
    if (type === 'mutualtls') return `it authenticates with a client certificate (mutual TLS, ${JSON.stringify(name)})`;
    return (
      `its security scheme ${JSON.stringify(name)} (${type}${scheme.scheme ? ` ${String(scheme.scheme)}` : ''}) ` +
      `has no server-param form`
    );
  }

  /** The auth of one operation: its first alternative that maps whole (an empty one means none). */
  forOperation(operation: SourceOperation): OperationAuth {
    const alternatives = operation.security ?? [];
    if (alternatives.length === 0) return { ok: true, schemes: [], names: [] };
    let firstReason = '';
    for (const requirement of alternatives) {
      const names = Object.keys(requirement);
      const mapped = names.map((n) => this.map(n));
      const problem = mapped.find((m): m is string => typeof m === 'string');
      if (problem === undefined) {
        const schemes = mapped as MappedScheme[];
        const headers = schemes
          .filter((s) => s.kind === 'header')
          .map((s) => (s as { header: string }).header.toLowerCase());
        if (new Set(headers).size === headers.length) return { ok: true, schemes, names };
        firstReason ||= 'its security requirement sets the same header twice';
        continue;
      }
      firstReason ||= problem;
    }
    return { ok: false, reason: firstReason };
  }
}
