/**
 * Compares a server card with what the server answered once connected (SEP-2127 draft, "Consistency
 * with Runtime Behavior": the card SHOULD NOT contradict `serverInfo`, the versions the server
 * speaks or the transport served at each `remotes[]` endpoint). One finding per difference, each
 * located in the card; nothing when they agree. Older card conventions also list capabilities and
 * tools, resources or prompts: those are compared when the card has them. Only what was observed is
 * judged: a list that failed or was cut short, an era not answered, is not taken as evidence.
 */
import type { Findings } from '../shared/findings.ts';
import type { McpCode } from './codes.ts';
import type { ListOutcome } from './list-all.ts';
import type { Listings } from './list-capabilities.ts';
import type { ServerCard } from './server-card.ts';
import { isObject } from '../../../runtime/is-object.ts';

/** What the server said of itself and how it was reached. */
export interface ServedFacts {
  readonly serverInfo: { readonly name: string; readonly version: string; readonly title?: string } | null;
  /** The transport the session ran over at the endpoint under test. */
  readonly transport: 'streamable-http' | 'sse';
  /** `supportedVersions` of `server/discover`; null when the 2026-07-28 era was not answered. */
  readonly modernVersions: readonly string[] | null;
  /** The version `initialize` settled on (`unknown` when not told); null when `initialize` was not answered. */
  readonly negotiatedVersion: string | null;
  /** The version the client offered in `initialize` (a server that supports it must answer with it). */
  readonly offeredVersion: string;
  readonly capabilities: Readonly<Record<string, unknown>>;
  readonly listings: Listings;
}

type Json = Record<string, unknown>;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
/** 2026-07-28 and later revisions are announced by `server/discover`; earlier ones are negotiated by `initialize`. */
const isModern = (version: string): boolean => version >= '2026-07-28';

/** Words of a name, without the ones every MCP server could carry. */
const words = (name: string): string[] =>
  name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '' && w !== 'mcp' && w !== 'server');

const containsRun = (outer: readonly string[], inner: readonly string[]): boolean =>
  inner.length > 0 && outer.some((_, i) => inner.every((w, j) => outer[i + j] === w));

/**
 * A card's `name` is a registry name (`com.example/weather`); `serverInfo.name` is free-form
 * (`weather-server`). They agree when one is the other, or the words of one (the card's part after
 * the slash) run unbroken in the other.
 */
export function namesAgree(cardName: string, serverName: string): boolean {
  if (cardName === serverName) return true;
  const card = words(cardName.slice(cardName.lastIndexOf('/') + 1));
  const server = words(serverName);
  return containsRun(server, card) || containsRun(card, server);
}

/** The identity the card states: top level (SEP-2127), or `serverInfo` (SEP-1649 cards). */
function cardIdentity(card: Json): { name?: string; version?: string; title?: string; where: string } {
  const info = isObject(card.serverInfo) ? card.serverInfo : null;
  const from = info ?? card;
  const pick = (key: string) => (typeof from[key] === 'string' ? (from[key] as string) : undefined);
  return {
    ...(pick('name') !== undefined ? { name: pick('name') } : {}),
    ...(pick('version') !== undefined ? { version: pick('version') } : {}),
    ...(pick('title') !== undefined ? { title: pick('title') } : {}),
    where: info ? 'serverInfo.' : '',
  };
}

function compareIdentity(findings: Findings<McpCode>, card: ServerCard, served: ServedFacts): void {
  const info = served.serverInfo;
  if (info === null) return;
  const id = cardIdentity(card.card);
  if (id.name !== undefined && !namesAgree(id.name, info.name)) {
    const message =
      `The server card names the server "${id.name}"; the server calls itself "${info.name}" ` + `(serverInfo.name).`;
    findings.add('MCP-033', message, `${card.url}#${id.where}name`);
  }
  if (id.title !== undefined && info.title !== undefined && id.title !== info.title) {
    const message = `The server card's title is "${id.title}"; the server's serverInfo.title is "${info.title}".`;
    findings.add('MCP-033', message, `${card.url}#${id.where}title`);
  }
  if (id.version !== undefined && id.version !== info.version) {
    const message =
      `The server card says version ${id.version}; the server answered version ${info.version} ` +
      `(serverInfo.version).`;
    findings.add('MCP-034', message, `${card.url}#${id.where}version`);
  }
}

/** The card's remotes that name the endpoint under test, with their index in `remotes`. */
function remotesOf(card: ServerCard, endpoint: URL): Array<{ remote: Json; index: number }> {
  const remotes = Array.isArray(card.card.remotes) ? (card.card.remotes as unknown[]) : [];
  const href = endpoint.href.replace(/\/$/, '');
  return remotes.flatMap((remote, index) =>
    isObject(remote) && typeof remote.url === 'string' && remote.url.replace(/\/$/, '') === href
      ? [{ remote, index }]
      : [],
  );
}

function compareVersions(
  findings: Findings<McpCode>,
  claimed: readonly string[],
  served: ServedFacts,
  where: string,
): void {
  const differ = (message: string) => findings.add('MCP-035', message, where);
  const modern = served.modernVersions;
  for (const version of claimed.filter(isModern)) {
    const claim = `The server card claims protocol ${version}`;
    if (modern === null) differ(`${claim}; the server does not answer server/discover.`);
    else if (!modern.includes(version)) differ(`${claim}; server/discover supports ${modern.join(', ')} only.`);
  }
  for (const version of modern ?? []) {
    if (!claimed.includes(version)) {
      differ(`server/discover supports protocol ${version}; the server card does not list it.`);
    }
  }
  const negotiated = served.negotiatedVersion;
  const legacy = claimed.filter((v) => !isModern(v));
  // The SDK client always knows the version it settled on; without one there is nothing to compare.
  if (negotiated === 'unknown') return;
  if (negotiated === null) {
    for (const version of legacy) {
      differ(`The server card claims protocol ${version}; the server does not answer initialize.`);
    }
    return;
  }
  if (!claimed.includes(negotiated)) {
    differ(`initialize settled on protocol ${negotiated}; the server card does not list it.`);
  }
  const offered = served.offeredVersion;
  if (legacy.includes(offered) && negotiated !== offered) {
    differ(`The server card claims protocol ${offered}; offered it in initialize, the server chose ${negotiated}.`);
  }
}

function compareRemotes(findings: Findings<McpCode>, card: ServerCard, served: ServedFacts, endpoint: URL): void {
  for (const { remote, index } of remotesOf(card, endpoint)) {
    const at = `${card.url}#remotes[${index}]`;
    if (typeof remote.type === 'string' && remote.type !== served.transport) {
      const message =
        `The server card's remote for ${endpoint.href} says transport "${remote.type}"; ` +
        `the endpoint served "${served.transport}".`;
      findings.add('MCP-036', message, `${at}.type`);
    }
    if (Array.isArray(remote.supportedProtocolVersions)) {
      compareVersions(findings, strings(remote.supportedProtocolVersions), served, `${at}.supportedProtocolVersions`);
    }
  }
}

function compareCapabilities(findings: Findings<McpCode>, card: ServerCard, served: ServedFacts): void {
  if (!isObject(card.card.capabilities)) return;
  const claimed = Object.keys(card.card.capabilities);
  const declared = Object.keys(served.capabilities).filter((key) => served.capabilities[key] !== undefined);
  for (const key of claimed.filter((k) => !declared.includes(k))) {
    const message = `The server card claims the "${key}" capability; the server does not declare it.`;
    findings.add('MCP-037', message, `${card.url}#capabilities.${key}`);
  }
  for (const key of declared.filter((k) => !claimed.includes(k))) {
    const message = `The server declares the "${key}" capability; the server card does not list it.`;
    findings.add('MCP-037', message, `${card.url}#capabilities`);
  }
}

/** How a listed item is named: a string, or an object's `name` (`uri` first for resources). */
const itemName = (item: unknown, keys: readonly string[]): string | null => {
  if (typeof item === 'string') return item;
  if (!isObject(item)) return null;
  const key = keys.find((k) => typeof item[k] === 'string');
  return key === undefined ? null : (item[key] as string);
};

interface Primitive {
  readonly field: 'tools' | 'resources' | 'prompts';
  readonly keys: readonly string[];
  readonly listed: ListOutcome<unknown> | null;
}

function comparePrimitives(findings: Findings<McpCode>, card: ServerCard, served: ServedFacts): void {
  const kinds: Primitive[] = [
    { field: 'tools', keys: ['name'], listed: served.listings.tools },
    { field: 'resources', keys: ['uri', 'name'], listed: served.listings.resources },
    { field: 'prompts', keys: ['name'], listed: served.listings.prompts },
  ];
  for (const { field, keys, listed } of kinds) {
    const items = card.card[field];
    if (!Array.isArray(items)) continue;
    // A list that failed or was cut short says nothing about what the server has.
    if (listed !== null && (listed.error !== null || listed.truncated)) continue;
    const method = `${field}/list`;
    const onCard = items.map((item) => itemName(item, keys)).filter((n): n is string => n !== null);
    const onServer = (listed?.items ?? []).map((item) => itemName(item, keys)).filter((n): n is string => n !== null);
    for (const name of onCard.filter((n) => !onServer.includes(n))) {
      const why = listed === null ? `the server does not declare ${field}` : `${method} does not list it`;
      const message = `The server card lists ${field.slice(0, -1)} "${name}"; ${why}.`;
      findings.add('MCP-038', message, `${card.url}#${field}`);
    }
    for (const name of onServer.filter((n) => !onCard.includes(n))) {
      findings.add('MCP-038', `${method} lists "${name}"; the server card does not.`, `${card.url}#${field}`);
    }
  }
}

/** Adds MCP-033…038 for every way `card` contradicts what the server answered at `endpoint`. */
export function addCardConsistencyFindings(
  findings: Findings<McpCode>,
  card: ServerCard | null,
  served: ServedFacts,
  endpoint: URL,
): void {
  if (card === null) return;
  compareIdentity(findings, card, served);
  compareRemotes(findings, card, served, endpoint);
  compareCapabilities(findings, card, served);
  comparePrimitives(findings, card, served);
}
