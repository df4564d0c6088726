/**
 * A real HTTPS upstream on 127.0.0.1 (port 0) signed by the test CA. It records every request and
 * answers by route: `routes[path]` returns status, headers and body; unknown paths echo the request
 * as JSON, so tests can assert exactly what the runtime sent.
 */
import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TestCa } from '../../support/tls.ts';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Wait this long before answering (for timeouts). */
  delayMs?: number;
}

export interface Upstream {
  readonly origin: string;
  readonly port: number;
  readonly seen: SeenRequest[];
  /** TLS connections accepted so far (keep-alive reuse shows as fewer connections than requests). */
  readonly connections: number;
  close(): Promise<void>;
}

export async function startUpstream(
  ca: TestCa,
  routes: Record<string, (request: SeenRequest) => Answer> = {},
): Promise<Upstream> {
  const seen: SeenRequest[] = [];
  const server = createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request: SeenRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(request);
      const path = request.url.split('?')[0]!;
      const route = routes[path];
      const answer: Answer = route
        ? route(request)
        : {
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              method: request.method,
              url: request.url,
              body: request.body ? JSON.parse(request.body) : null,
            }),
          };
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status ?? 200, answer.headers ?? {});
        res.end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  let connections = 0;
  server.on('secureConnection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    port,
    seen,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
