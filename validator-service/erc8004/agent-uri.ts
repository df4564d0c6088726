/**
 * Retrieves the registration file an agent URI points at: `data:` (base64, percent-encoded, or
 * gzip + base64), `https:` / `http:` through the SSRF-guarded fetch, `ipfs://` through the configured
 * gateway (also guarded), or a bare JSON document. Size-capped; never throws.
 */
import { gunzipSync } from 'node:zlib';
import type { Fetch } from '../layers/layer.ts';
import { classifyNetworkError } from '../layers/shared/network-error.ts';
import { readBodyText } from '../layers/shared/read-body.ts';

export type UriKind = 'data' | 'https' | 'http' | 'ipfs' | 'json' | 'empty' | 'unknown';

export interface Retrieved {
  readonly kind: UriKind;
  /** Where it was read from (a gateway URL for ipfs), or null for inline URIs. */
  readonly from: string | null;
  readonly json: unknown;
  readonly error: string | null;
}

const MAX_BYTES = 512 * 1024;

export function uriKind(uri: string): UriKind {
  const u = uri.trim();
  if (u === '') return 'empty';
  if (/^data:/i.test(u)) return 'data';
  if (/^https:\/\//i.test(u)) return 'https';
  if (/^http:\/\//i.test(u)) return 'http';
  if (/^ipfs:\/\//i.test(u)) return 'ipfs';
  if (u.startsWith('{')) return 'json';
  return 'unknown';
}

function decodeData(uri: string): string {
  const comma = uri.indexOf(',');
  if (comma < 0) throw new Error('a data: URI without a comma');
  const meta = uri
    .slice(5, comma)
    .split(';')
    .map((p) => p.trim().toLowerCase());
  const payload = uri.slice(comma + 1);
  let bytes: Buffer = meta.includes('base64')
    ? Buffer.from(payload, 'base64')
    : Buffer.from(decodeURIComponent(payload), 'utf8');
  if (meta.includes('enc=gzip')) bytes = gunzipSync(bytes, { maxOutputLength: MAX_BYTES });
  if (bytes.length > MAX_BYTES) throw new Error(`larger than ${MAX_BYTES} bytes`);
  return bytes.toString('utf8');
}

/** Reads and parses the registration file of `uri`. */
export async function retrieveRegistration(
  uri: string,
  deps: { fetch: Fetch; ipfsGateway: string; signal: AbortSignal },
): Promise<Retrieved> {
  const kind = uriKind(uri);
  const parse = (text: string, from: string | null): Retrieved => {
    try {
      return { kind, from, json: JSON.parse(text) as unknown, error: null };
    } catch {
      return { kind, from, json: null, error: 'the registration file is not JSON' };
    }
  };
  // Where a fetched file comes from, kept in every answer (a failed fetch included) when it is a URL.
  const cid = uri
    .trim()
    .slice('ipfs://'.length)
    .replace(/^ipfs\//, '');
  const url = kind === 'ipfs' ? `${deps.ipfsGateway.replace(/(?<!\/)\/+$/, '')}/ipfs/${cid}` : uri.trim();
  const from = kind === 'ipfs' || kind === 'https' || kind === 'http' ? (URL.canParse(url) ? url : null) : null;
  try {
    if (kind === 'data') return parse(decodeData(uri.trim()), null);
    if (kind === 'json') return parse(uri, null);
    if (kind === 'empty') return { kind, from: null, json: null, error: 'the agent URI is empty' };
    if (kind === 'unknown')
      return { kind, from: null, json: null, error: `unsupported agent URI scheme: ${uri.slice(0, 40)}` };
    if (from === null) {
      return { kind, from: null, json: null, error: `the agent URI is not a valid URL: ${uri.slice(0, 80)}` };
    }
    const response = await deps.fetch(url, { headers: { accept: 'application/json' }, signal: deps.signal });
    const { text, truncated } = await readBodyText(response, MAX_BYTES);
    if (response.status !== 200) return { kind, from: url, json: null, error: `${url} answered ${response.status}` };
    if (truncated)
      return { kind, from: url, json: null, error: `the registration file is larger than ${MAX_BYTES} bytes` };
    return parse(text, url);
  } catch (error) {
    const failure = classifyNetworkError(error);
    const detail = failure.detail.slice(0, 160);
    const why =
      failure.kind === 'other'
        ? `could not ${from === null ? 'decode' : 'fetch'}: ${detail}`
        : `could not fetch (${failure.kind}): ${detail}`;
    return { kind, from, json: null, error: why };
  }
}
