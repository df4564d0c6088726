/**
 * Splits a schema string into template parts: literal text, `{{USER_PARAM}}`, server params
 * (`{{SERVER_PARAM:KEY}}` or bare `{{KEY}}`) and path inserts (`{{key}}`, `:key`).
 */
import type { TemplatePart } from '../../runtime/model.ts';

/** One `{{…}}` (or `:key`) occurrence, for rules that need to judge each placeholder. */
export interface Placeholder {
  /** Text inside the braces (`USER_PARAM`, `SERVER_PARAM:KEY`, `KEY`, `key`), or the `:key` name. */
  readonly inner: string;
  readonly style: 'braces' | 'colon';
  readonly index: number;
  readonly length: number;
}

const BRACES = /\{\{([^{}]*)\}\}/g;

/** Every `{{…}}` in `text`. */
export function findPlaceholders(text: string): Placeholder[] {
  return [...text.matchAll(BRACES)].map((m) => ({
    inner: m[1] ?? '',
    style: 'braces' as const,
    index: m.index ?? 0,
    length: m[0].length,
  }));
}

/** Every Express-style `:key` in a path whose key is one of `keys` (other colons are literal text). */
export function findColonInserts(path: string, keys: ReadonlySet<string>): Placeholder[] {
  const out: Placeholder[] = [];
  for (const m of path.matchAll(/:([A-Za-z_][A-Za-z0-9_-]*)/g)) {
    let name = m[1] ?? '';
    // A key may be followed by literal text such as `.json`; take the longest declared key.
    while (name.length > 0 && !keys.has(name)) name = name.slice(0, -1);
    if (name.length > 0) out.push({ inner: name, style: 'colon', index: m.index ?? 0, length: name.length + 1 });
  }
  return out;
}

/** How one placeholder is read. */
export type PlaceholderMeaning =
  | { readonly kind: 'user' }
  | { readonly kind: 'server'; readonly key: string; readonly bare: boolean }
  | { readonly kind: 'insert'; readonly key: string };

/** Builds template parts from `text` and placeholders already classified by the caller. */
export function buildTemplate(
  text: string,
  placeholders: readonly (Placeholder & { meaning: PlaceholderMeaning })[],
): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let cursor = 0;
  const push = (literal: string) => {
    if (literal === '') return;
    const last = parts[parts.length - 1];
    if (typeof last === 'string') parts[parts.length - 1] = last + literal;
    else parts.push(literal);
  };
  for (const p of [...placeholders].sort((a, b) => a.index - b.index)) {
    push(text.slice(cursor, p.index));
    const m = p.meaning;
    parts.push(m.kind === 'user' ? { user: true } : m.kind === 'server' ? { server: m.key } : { insert: m.key });
    cursor = p.index + p.length;
  }
  push(text.slice(cursor));
  return parts;
}

/** Reads a `{{…}}` body outside paths: user, `SERVER_PARAM:KEY`, or a bare key (server). */
export function classifyValuePlaceholder(inner: string): PlaceholderMeaning {
  if (inner === 'USER_PARAM') return { kind: 'user' };
  if (inner.startsWith('SERVER_PARAM:'))
    return { kind: 'server', key: inner.slice('SERVER_PARAM:'.length), bare: false };
  return { kind: 'server', key: inner, bare: true };
}
