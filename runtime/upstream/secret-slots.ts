/**
 * Where the secret tokens of a request are: for each token, the slots it sits in (the URL's host or
 * path, one query parameter's value, one header's value, one body field). The slots of the request
 * as the runtime assembled it are where the schema declared each server param; after a `preRequest`
 * hook, a token resolves only if it is still in a slot its schema declared for it. A hook that moves
 * `Authorization`'s token into a body field of an endpoint that stores text, or a query key into the
 * path, sends nothing.
 */
import type { RequestStruct } from './request-assembly.ts';
import { TOKEN_PREFIX, tokensIn } from '../secrets/secret-token.ts';

/** Token → the slots it sits in. */
export type SlotMap = ReadonlyMap<string, ReadonlySet<string>>;

function add(into: Map<string, Set<string>>, text: string, slot: string): void {
  if (!text.includes(TOKEN_PREFIX)) return;
  for (const token of tokensIn(text)) {
    let slots = into.get(token);
    if (!slots) into.set(token, (slots = new Set()));
    slots.add(slot);
  }
}

const decodeName = (name: string): string => {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
};

function addUrl(into: Map<string, Set<string>>, text: string): void {
  if (!text.includes(TOKEN_PREFIX)) return;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    add(into, text, 'url');
    return;
  }
  add(into, url.hostname, 'host');
  add(into, `${url.username}:${url.password}`, 'userinfo');
  add(into, url.pathname, 'path');
  add(into, url.hash, 'fragment');
  for (const pair of url.search.slice(1).split('&')) {
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    add(into, name, 'query name');
    if (equals !== -1) add(into, pair.slice(equals + 1), `query:${decodeName(name)}`);
  }
}

function addBody(into: Map<string, Set<string>>, value: unknown, path: readonly (string | number)[]): void {
  if (typeof value === 'string') add(into, value, `body:${JSON.stringify(path)}`);
  else if (Array.isArray(value)) value.forEach((item, index) => addBody(into, item, [...path, index]));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      add(into, key, 'body key');
      addBody(into, item, [...path, key]);
    }
  }
}

/** Every token of `struct` with its slots. */
export function slotsOf(struct: RequestStruct): SlotMap {
  const slots = new Map<string, Set<string>>();
  addUrl(slots, struct.url);
  for (const [name, value] of Object.entries(struct.headers)) {
    add(slots, name, 'header name');
    add(slots, value, `header:${name.toLowerCase()}`);
  }
  if (struct.body !== undefined) addBody(slots, struct.body, []);
  return slots;
}

const SLOT_NAMES: Readonly<Record<string, string>> = {
  host: "the URL's host",
  path: 'the URL path',
  userinfo: "the URL's user name",
  fragment: "the URL's fragment",
  url: 'the URL',
  'query name': 'a query parameter name',
  'header name': 'a header name',
  'body key': 'a body key',
};

/** A slot as a user reads it in an error. */
export function describeSlot(slot: string): string {
  if (slot.startsWith('query:')) return `the query parameter "${slot.slice(6)}"`;
  if (slot.startsWith('header:')) return `the header "${slot.slice(7)}"`;
  if (slot.startsWith('body:')) {
    const path = JSON.parse(slot.slice(5)) as (string | number)[];
    return `the body field ${path.join('.') || '(root)'}`;
  }
  return SLOT_NAMES[slot] ?? slot;
}

/** The first token of `actual` in a slot `declared` does not give it; undefined when each is where it was declared. */
export function misplacedToken(declared: SlotMap, actual: SlotMap): { token: string; slot: string } | undefined {
  for (const [token, slots] of actual) {
    const allowed = declared.get(token);
    for (const slot of slots) if (allowed?.has(slot) !== true) return { token, slot };
  }
  return undefined;
}
