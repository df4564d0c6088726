/**
 * Names the format needs, made from the document: the namespace, camelCase tool names (from the
 * `operationId`, else method and path), kebab-case file names (from the tag), input keys, and
 * server-param names. Each is a pure function of its input, so a re-import names things alike.
 */
import { MAX_WIRE_NAME, snake } from '../../../runtime/wire-name.ts';

/** Words of an identifier: split at anything not a letter or digit and at lower→upper case changes. */
export function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/(?<=[A-Z])(?=[A-Z][a-z])/g, ' ')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== '')
    .map((w) => w.toLowerCase());
}

export function camelCase(parts: readonly string[]): string {
  const joined = parts.map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('');
  return /^[a-z]/.test(joined) ? joined : `op${joined.charAt(0).toUpperCase()}${joined.slice(1)}`;
}

export const pascalCase = (text: string): string =>
  words(text)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

export const kebabCase = (text: string): string => words(text).join('-');

/** A tool name before uniqueness: the operationId's words, else the method and the path's words (`{id}` → `by id`). */
export function baseToolName(operationId: string | undefined, method: string, path: string): string {
  const fromId = operationId ? words(operationId) : [];
  if (fromId.length > 0) return camelCase(fromId);
  const pathWords = path
    .split('/')
    .filter((s) => s !== '')
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? ['by', ...words(param[1]!)] : words(segment);
    });
  return camelCase([method.toLowerCase(), ...pathWords]);
}

/** Words dropped from the end until the wire name `<snake tool>_<namespace>` fits the 64-character cap. */
export function fitWireName(name: string, namespace: string, reserved = 0): string {
  const budget = MAX_WIRE_NAME - snake(namespace).length - 1 - reserved;
  if (snake(name).length <= budget) return name;
  const parts = words(name);
  while (parts.length > 1 && snake(camelCase(parts)).length > budget) parts.pop();
  const fitted = camelCase(parts);
  return snake(fitted).length <= budget ? fitted : fitted.slice(0, Math.max(1, budget));
}

/**
 * A namespace from the document: the API host's distinctive label, else the title's first word (letters only, format
 * 3).
 */
export function namespaceFrom(title: string | undefined, host: string | undefined, format: 3 | 4): string {
  const clean = (text: string) =>
    format === 4
      ? text
          .toLowerCase()
          .replace(/[^a-z0-9-]+/g, '-')
          .replace(/^[^a-z]+|(?<!-)-+$/g, '')
      : text.toLowerCase().replace(/[^a-z]+/g, '');
  if (host) {
    const labels = host
      .toLowerCase()
      .split('.')
      .filter((l) => l !== '' && !/^(api|apis|www|rest|v\d+|dev|developer|public|app|gateway)$/.test(l));
    const label = labels.length > 1 ? labels[labels.length - 2]! : labels[0];
    const name = label ? clean(label) : '';
    if (name.length >= 2 && !/^(localhost|example|com|org|net|io)$/.test(name)) return name.slice(0, 30);
  }
  const first = clean(words(title ?? '')[0] ?? '');
  return first.length >= 2 ? first.slice(0, 30) : 'api';
}

/** A string usable as a tool input name by MCP clients (`^[a-zA-Z0-9_.-]{1,64}$`). */
export const isClientInputName = (key: string): boolean => /^[A-Za-z0-9_.-]{1,64}$/.test(key);

/** An insert key (only a placeholder, never sent): camelCase of the path parameter's name. */
export const insertKey = (name: string): string => {
  const parts = words(name);
  return parts.length === 0 ? 'value' : camelCase(parts);
};

/** `NAMESPACE_SUFFIX`, as environment variables are written. */
export const envName = (namespace: string, suffix: string): string =>
  `${namespace.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_${suffix}`;

/** Unique names: the first taker keeps the base, later ones get `2`, `3`, … appended. */
export class NamePool {
  private readonly taken = new Set<string>();
  has(name: string): boolean {
    return this.taken.has(name.toLowerCase());
  }
  /** `fit(name, reserved)` shortens a name so that `reserved` more characters still fit. */
  take(base: string, fit: (name: string, reserved: number) => string = (n) => n): string {
    let name = fit(base, 0);
    for (let n = 2; this.has(name); n++) name = `${fit(base, String(n).length + 1)}${n}`;
    this.taken.add(name.toLowerCase());
    return name;
  }
  reserve(name: string): void {
    this.taken.add(name.toLowerCase());
  }
}
