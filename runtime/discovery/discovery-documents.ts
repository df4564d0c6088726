/**
 * The discovery documents of one served catalog, made from the same data the server serves: the
 * MCP Registry's `server.json` (schema 2025-12-11), a server card (SEP-2127, draft: identity,
 * remotes and protocol versions, no primitives) and an AI-catalog entry (`/.well-known/ai-catalog.json`,
 * the card inline). Publishing facts come from the project (`DiscoverySettings`); what is left
 * out is derived so that every field fits its schema (a description is cut to 100 characters).
 * Every document carries the build's facts under `io.toolkit/build` (the bundle's data hash, what
 * it serves), so a document names the exact bundle it describes.
 */
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';

export const SERVER_JSON_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';
export const AI_CATALOG_MEDIA_TYPE = 'application/ai-catalog+json';
/** The Registry's `_meta` key it keeps (at most 4 KiB); every other key is dropped on publishing. */
export const PUBLISHER_META = 'io.modelcontextprotocol.registry/publisher-provided';
export const BUILD_META = 'io.toolkit/build';
/**
 * The protocol revisions every toolkit endpoint answers: 2026-07-28 per request, the 2025 ones through `initialize`.
 */
export const SERVED_PROTOCOL_VERSIONS: readonly string[] = ['2026-07-28', ...SUPPORTED_PROTOCOL_VERSIONS];
/** The templated endpoint of a card whose deployment is not known at build time; `--http` serves it filled in. */
export const TEMPLATED_REMOTE = 'https://{host}/mcp';
export const DESCRIPTION_MAX = 100;

/** What a project says about publishing its server (`server` in `.toolkit/config.json`); all optional. */
export interface DiscoverySettings {
  /** Reverse-DNS name with one slash, e.g. `io.github.acme/library`. */
  readonly name?: string;
  readonly title?: string;
  readonly description?: string;
  readonly version?: string;
  readonly websiteUrl?: string;
  readonly repository?: { readonly url: string; readonly source: string; readonly subfolder?: string };
  /** The deployed Streamable HTTP endpoint, e.g. `https://mcp.acme.example/mcp`. */
  readonly remote?: string;
  /** Where the server is published as a package that runs over stdio. */
  readonly package?: { readonly registryType: string; readonly identifier: string };
  /** The domain in the AI-catalog identifier `urn:air:<publisher>:mcp:<name>` (default: from the name). */
  readonly publisher?: string;
}

/** What the documents say about the build itself. */
export interface BuildFacts {
  /** The bundle's name (`catalog`, a group's), or `toolkit server`'s. */
  readonly bundle: string;
  /**
   * `sha256:` of the bundle's data file (its listing and every schema), or of the served schemas for `toolkit
   * server`.
   */
  readonly dataSha256: string;
  readonly namespaces: readonly string[];
  readonly tools: number;
  readonly resources: number;
  readonly prompts: number;
  readonly skills: number;
  /** The toolkit that built it. */
  readonly toolkit: string;
}

export interface DiscoveryDocuments {
  readonly serverJson: Record<string, unknown>;
  readonly card: Record<string, unknown>;
  readonly aiCatalog: Record<string, unknown>;
}

/** `name` (3–200 characters, one slash) when it is not set: `local.toolkit/<bundle>`. */
export const defaultServerName = (bundle: string): string => `local.toolkit/${bundle.replace(/[^a-zA-Z0-9._-]/g, '-')}`;

/** A description that fits 100 characters: the given one, else `MCP tools for <namespaces>`, cut with an ellipsis. */
export function derivedDescription(facts: BuildFacts): string {
  const what =
    facts.namespaces.length === 0 ? 'MCP server built with toolkit' : `MCP tools for ${facts.namespaces.join(', ')}`;
  return what.length <= DESCRIPTION_MAX
    ? what
    : `${what.slice(0, DESCRIPTION_MAX - 1).replace(/(?<![ ,])[ ,]+$/, '')}…`;
}

/** `com.example/weather` → `example.com`: the domain the name's namespace is the reverse of. */
export const publisherOf = (name: string): string => name.split('/')[0]!.split('.').reverse().join('.');

/** The documents for one bundle. `serverName`/`serverVersion` are what the bundle's `serverInfo` says. */
export function discoveryDocuments(settings: DiscoverySettings, facts: BuildFacts): DiscoveryDocuments {
  const name = settings.name ?? defaultServerName(facts.bundle);
  const description = settings.description ?? derivedDescription(facts);
  const version = settings.version ?? facts.toolkit;
  const build = { [BUILD_META]: { ...facts, namespaces: [...facts.namespaces] } };
  const remote = settings.remote
    ? { type: 'streamable-http', url: settings.remote }
    : {
        type: 'streamable-http',
        url: TEMPLATED_REMOTE,
        variables: {
          host: {
            description: 'Host and port where this server is deployed (toolkit build output, started with --http)',
            isRequired: true,
          },
        },
      };
  const common = {
    name,
    ...(settings.title ? { title: settings.title } : {}),
    description,
    version,
    ...(settings.websiteUrl ? { websiteUrl: settings.websiteUrl } : {}),
    ...(settings.repository ? { repository: { ...settings.repository } } : {}),
  };
  const serverJson = {
    $schema: SERVER_JSON_SCHEMA,
    ...common,
    ...(settings.package
      ? {
          packages: [
            {
              registryType: settings.package.registryType,
              identifier: settings.package.identifier,
              version,
              transport: { type: 'stdio' },
            },
          ],
        }
      : {}),
    remotes: [remote],
    _meta: { [PUBLISHER_META]: build },
  };
  const card = {
    $schema: SERVER_CARD_SCHEMA,
    ...common,
    remotes: [{ ...remote, supportedProtocolVersions: [...SERVED_PROTOCOL_VERSIONS] }],
    _meta: build,
  };
  const aiCatalog = aiCatalogOf(card, settings.publisher ?? publisherOf(name));
  return { serverJson, card, aiCatalog };
}

/** The AI catalog holding one server card, inline (`data`), identified `urn:air:<publisher>:mcp:<name part>`. */
export function aiCatalogOf(card: Record<string, unknown>, publisher: string): Record<string, unknown> {
  const local = String(card.name).split('/')[1] ?? String(card.name);
  return {
    specVersion: '1.0',
    entries: [
      {
        identifier: `urn:air:${publisher}:mcp:${local}`,
        type: SERVER_CARD_MEDIA_TYPE,
        version: card.version,
        description: card.description,
        data: card,
      },
    ],
  };
}

/**
 * The card as served at `endpoint` (this server's own MCP URL): a templated remote becomes the
 * endpoint itself; a configured one (the public address behind a load balancer) stays.
 */
export function servedCard(card: Record<string, unknown>, endpoint: string): Record<string, unknown> {
  const remotes = (card.remotes as Record<string, unknown>[] | undefined) ?? [];
  if (!remotes.some((r) => r.url === TEMPLATED_REMOTE)) return card;
  return {
    ...card,
    remotes: remotes.map((r) =>
      r.url === TEMPLATED_REMOTE ? (({ variables: _variables, ...rest }) => ({ ...rest, url: endpoint }))(r) : r,
    ),
  };
}

/**
 * The documents of schemas served without a build (`toolkit server`): the facts come from the models, the hash from
 * their canonical JSON.
 */
export function documentsOfModels(
  settings: DiscoverySettings,
  bundle: string,
  models: readonly {
    readonly namespace: string;
    readonly tools: readonly unknown[];
    readonly resources: readonly unknown[];
    readonly documents?: readonly unknown[];
    readonly prompts: readonly unknown[];
    readonly skills: readonly unknown[];
  }[],
  dataSha256: string,
  toolkit: string,
): DiscoveryDocuments {
  return discoveryDocuments(settings, {
    bundle,
    dataSha256,
    namespaces: [...new Set(models.map((model) => model.namespace))].sort(),
    tools: models.reduce((n, model) => n + model.tools.length, 0),
    resources: models.reduce((n, model) => n + model.resources.length + (model.documents?.length ?? 0), 0),
    prompts: models.reduce((n, model) => n + model.prompts.length, 0),
    skills: models.reduce((n, model) => n + model.skills.length, 0),
    toolkit,
  });
}
