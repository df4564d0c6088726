/**
 * Classifies the placeholders of a path, root, header or parameter value the same way for the
 * rules and for normalization, so what validates is exactly what gets built.
 */
import {
  classifyValuePlaceholder,
  findColonInserts,
  findPlaceholders,
  type Placeholder,
  type PlaceholderMeaning,
} from '../parse/template.ts';

export type Classified = Placeholder & {
  readonly meaning?: PlaceholderMeaning;
  /** Why the placeholder is wrong, when it is. */
  readonly problem?: 'undeclared-server' | 'unknown-insert' | 'list-interpolation';
};

const SERVER_LIKE = /^[A-Z][A-Z0-9_]*$/;
const LIST_LIKE = /^\w+:\w+$/;

/** `{{key}}` inserts, `:key` inserts, and server params of a tool path. */
export function classifyPath(
  path: string,
  insertKeys: ReadonlySet<string>,
  declared: ReadonlySet<string>,
): Classified[] {
  const out: Classified[] = [];
  for (const p of findPlaceholders(path)) {
    if (insertKeys.has(p.inner)) out.push({ ...p, meaning: { kind: 'insert', key: p.inner } });
    else if (p.inner.startsWith('SERVER_PARAM:') || SERVER_LIKE.test(p.inner) || declared.has(p.inner))
      out.push(classifyServer(p, declared));
    else out.push({ ...p, problem: 'unknown-insert' });
  }
  const braces = out.map((p) => [p.index, p.index + p.length] as const);
  for (const p of findColonInserts(path, insertKeys)) {
    if (braces.some(([from, to]) => p.index >= from && p.index < to)) continue;
    out.push({ ...p, meaning: { kind: 'insert', key: p.inner } });
  }
  return out.sort((a, b) => a.index - b.index);
}

/** Placeholders of a root, header or parameter value: user input or server params. */
export function classifyValue(text: string, declared: ReadonlySet<string>): Classified[] {
  return findPlaceholders(text).map((p) => {
    if (p.inner === 'USER_PARAM') return { ...p, meaning: { kind: 'user' } as const };
    if (!p.inner.startsWith('SERVER_PARAM:') && LIST_LIKE.test(p.inner))
      return { ...p, problem: 'list-interpolation' as const };
    return classifyServer(p, declared);
  });
}

function classifyServer(p: Placeholder, declared: ReadonlySet<string>): Classified {
  const meaning = classifyValuePlaceholder(p.inner);
  if (meaning.kind === 'server' && !declared.has(meaning.key)) return { ...p, meaning, problem: 'undeclared-server' };
  return { ...p, meaning };
}
