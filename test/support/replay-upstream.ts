/**
 * Recorded-response replay for the catalog's provider tests: one HTTPS server on loopback that answers
 * as the real API hosts would, from responses written from each provider's documentation
 * (`test/fixtures/recordings/<namespace>.json`). Its certificate comes from the test CA and names
 * every provider host, and clients reach it through the upstream client's `connectTo` (the URL, the
 * Host header and the TLS check keep the real host name; nothing disables certificate checks).
 *
 * A request is answered only when it matches a recorded exchange exactly: method, host, path and
 * query (decoded, in any order), every recorded header and the JSON body. Anything else gets a 404
 * naming the request, so a schema that builds a different request than the documented one fails.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { TestCa } from './tls.ts';

export interface RecordedRequest {
  readonly method: string;
  /**
   * Path and query as sent, e.g. `/v1/forecast?latitude=52.52&longitude=13.41`; `{{KEY}}` stands for a server param.
   */
  readonly url: string;
  /** Headers the request must carry (names case-insensitive); values may use `{{KEY}}`. */
  readonly headers?: Readonly<Record<string, string>>;
  /** JSON body the request must carry. */
  readonly body?: unknown;
}

export interface RecordedResponse {
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** A JSON body (sent as `application/json` unless `headers` says otherwise). */
  readonly body?: unknown;
  /** A text body (sent as `text/plain` unless `headers` says otherwise). */
  readonly text?: string;
}

export interface Exchange {
  /** The tool and the `_description` of the declared test this exchange answers. */
  readonly tool: string;
  readonly test: string;
  readonly request: RecordedRequest;
  readonly response: RecordedResponse;
}

export interface RecordingFile {
  readonly namespace: string;
  readonly host: string;
  /** Where the recorded shapes come from (the provider's documentation). */
  readonly docs: readonly string[];
  readonly exchanges: readonly Exchange[];
}

export const recordingsDir = resolve(import.meta.dirname, '../fixtures/recordings');

export function loadRecordings(dir: string = recordingsDir): RecordingFile[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as RecordingFile);
}

export interface ReplayServer {
  readonly port: number;
  /** For `createUpstreamHttpClient({ connectTo })`: every recorded host goes to the replay. */
  connectTo(hostname: string, port: number): { host: string; port: number } | undefined;
  /** How often each exchange was answered, keyed `namespace#index`. */
  readonly hits: ReadonlyMap<string, number>;
  /** Requests no exchange matched, as `METHOD host/path?query`. */
  readonly misses: readonly string[];
  close(): Promise<void>;
}

const substitute = (text: string, params: Readonly<Record<string, string>>): string =>
  text.replace(/\{\{([A-Z][A-Z0-9_]*)\}\}/g, (whole, key: string) => params[key] ?? whole);

/** Decoded query pairs, sorted, so order and percent-encoding style do not matter. */
function queryPairs(search: string): string[] {
  return [...new URLSearchParams(search)].map(([k, v]) => `${k}=${v}`).sort();
}

function samePath(a: string, b: string): boolean {
  try {
    return decodeURIComponent(a) === decodeURIComponent(b);
  } catch {
    return a === b;
  }
}

function matches(
  exchange: Exchange,
  method: string,
  url: URL,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  body: string,
  params: Readonly<Record<string, string>>,
): boolean {
  const recorded = new URL(substitute(exchange.request.url, params), url.origin);
  if (exchange.request.method.toUpperCase() !== method) return false;
  if (!samePath(recorded.pathname, url.pathname)) return false;
  if (queryPairs(recorded.search).join('&') !== queryPairs(url.search).join('&')) return false;
  for (const [name, value] of Object.entries(exchange.request.headers ?? {})) {
    if (headers[name.toLowerCase()] !== substitute(value, params)) return false;
  }
  if (exchange.request.body !== undefined) {
    try {
      if (JSON.stringify(JSON.parse(body)) !== JSON.stringify(exchange.request.body)) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/** Starts the replay for `files`; `params` are the server param values the recordings' `{{KEY}}` stand for. */
export async function startReplay(
  files: readonly RecordingFile[],
  ca: TestCa,
  params: Readonly<Record<string, string>> = {},
): Promise<ReplayServer> {
  const byHost = new Map<string, { file: RecordingFile; index: number; exchange: Exchange }[]>();
  for (const file of files) {
    file.exchanges.forEach((exchange, index) => {
      const list = byHost.get(file.host) ?? [];
      list.push({ file, index, exchange });
      byHost.set(file.host, list);
    });
  }
  const hits = new Map<string, number>();
  const misses: string[] = [];
  const server: Server = createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
      const url = new URL(req.url ?? '/', `https://${host}`);
      const body = Buffer.concat(chunks).toString('utf8');
      const found = (byHost.get(host) ?? []).find(({ exchange }) =>
        matches(exchange, req.method ?? 'GET', url, req.headers, body, params),
      );
      if (!found) {
        misses.push(`${req.method} ${host}${url.pathname}${url.search}`);
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            replay: 'no recorded exchange matches this request',
            method: req.method,
            host,
            path: url.pathname,
            query: url.search,
          }),
        );
        return;
      }
      const key = `${found.file.namespace}#${found.index}`;
      hits.set(key, (hits.get(key) ?? 0) + 1);
      const { status = 200, headers = {}, body: json, text } = found.exchange.response;
      const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
      const payload = text ?? (json === undefined ? '' : JSON.stringify(json));
      if (lower['content-type'] === undefined && payload !== '')
        lower['content-type'] = text !== undefined ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8';
      res.writeHead(status, lower);
      res.end(payload);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    connectTo: (hostname) => (byHost.has(hostname.toLowerCase()) ? { host: '127.0.0.1', port } : undefined),
    hits,
    misses,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
