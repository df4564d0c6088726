/**
 * The interface every protocol layer of the validator implements. A layer first detects whether the
 * endpoint speaks its protocol, then validates it. Layers never call a tool or change anything on
 * the endpoint under test, and reach the network only through `ctx.fetch` (the SSRF-guarded fetch).
 */
import type { AssessmentState } from './shared/assessment-state.ts';

export type LayerName = 'http' | 'html' | 'mcp' | 'oauth' | 'ui' | 'a2a' | 'x402' | 'erc8004' | 'commerce';

export type LayerStatus = 'pass' | 'fail' | 'not_detected';

/** What a caller of `/api/assess` (or the MCP face) may ask of one assessment, checked by `api/inputs.ts`. */
export interface AssessOptions {
  /** RPC nodes by chain (alias, id or `eip155:<id>` → http(s) URL) for the ERC-8004 layer. */
  readonly erc8004?: { readonly rpcNodes?: Readonly<Record<string, string>> };
}

/** The options every layer sees: the caller's, and the service's IPFS gateway (its configuration). */
export interface LayerOptions extends AssessOptions {
  readonly ipfsGateway?: string;
}

export type MessageSeverity = 'error' | 'warning' | 'info';

export interface LayerMessage {
  /** Stable code, e.g. `HTTP-004`, `MCP-010`, `OAUTH-003`. */
  readonly code: string;
  readonly severity: MessageSeverity;
  readonly message: string;
  /** Where the finding applies: a URL, a JSON path or a header name. */
  readonly location: string | null;
}

export interface LayerResult {
  readonly layer: LayerName;
  /** `pass`: detected, no error; `fail`: detected with errors (or unreachable for http); `not_detected`. */
  readonly status: LayerStatus;
  /** Named booleans, e.g. `{ supportsMcp: true, hasTools: true }`. */
  readonly categories: Readonly<Record<string, boolean>>;
  /** Short facts for the card, e.g. `{ serverName, toolCount }`. */
  readonly summary: Readonly<Record<string, unknown>>;
  readonly messages: readonly LayerMessage[];
  /** Full details for `/api/assess`. */
  readonly raw: unknown;
  /** Wall time of this layer in ms. */
  readonly durationMs: number;
}

/** fetch with the same signature as the global one; in the service it is the SSRF-guarded fetch. */
export type Fetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

export interface LayerContext {
  /** The endpoint URL under test. */
  readonly url: URL;
  /** Guarded fetch: resolves, checks every address, caps redirects, sizes and time. */
  readonly fetch: Fetch;
  /** Aborted when the overall deadline passes. */
  readonly signal: AbortSignal;
  /** Milliseconds left until the overall deadline when the layer starts. */
  readonly timeoutMs: number;
  /**
   * Opens a TLS connection to `url`'s host for certificate and ALPN facts, through the same address
   * checks as `fetch`. Returns null for `http:` URLs.
   */
  readonly tlsInfo: (url: URL) => Promise<TlsInfo | null>;
  /** Options the caller passed to `/api/assess` (e.g. `erc8004`), and the service's IPFS gateway. */
  readonly options: LayerOptions;
  /** What the layers of this assessment share (the browser GET, the MCP conversation, TLS facts). */
  readonly assessment: AssessmentState;
}

export interface TlsInfo {
  readonly authorized: boolean;
  readonly authorizationError: string | null;
  readonly alpnProtocol: string | null;
  readonly protocol: string | null;
  readonly issuer: string | null;
  readonly subject: string | null;
  readonly validTo: string | null;
  readonly daysUntilExpiry: number | null;
  readonly address: string;
}

export interface Layer {
  readonly name: LayerName;
  run(ctx: LayerContext): Promise<Omit<LayerResult, 'durationMs'>>;
}
