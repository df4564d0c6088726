/**
 * Requests with headers `fetch` will not let a test choose (`Host`), as a browser on a rebound name
 * or a page of another site would send them.
 */
import { request } from 'node:http';

export interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** Sends one request to `base` (the validator's origin) with exactly `headers`. */
export function rawRequest(
  base: string,
  path: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port: Number(port), path, method, headers, agent: false }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
