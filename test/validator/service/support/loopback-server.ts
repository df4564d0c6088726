/** Small real HTTP(S) servers on 127.0.0.1:0 for the service tests; closed by the caller. */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

export interface Loopback {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** Starts `handler` on plain HTTP, or HTTPS when `tls` is given. */
export async function startLoopback(handler: Listener, tls?: { key: string; cert: string }): Promise<Loopback> {
  const server = tls ? https.createServer(tls, handler) : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
  };
}
