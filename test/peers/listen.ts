/**
 * Binds a peer server to 127.0.0.1 on an ephemeral port and closes it completely (including
 * keep-alive and streaming connections), so test files never leak sockets or ports.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Http2SecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';

/** A running loopback peer. */
export interface Peer {
  readonly url: string;
  close(): Promise<void>;
}

type Closable = Server | Http2SecureServer;

/** Listens on 127.0.0.1:0 and returns the port. */
export function listen(server: Closable): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** Closes the server and destroys every open connection. */
export function closeServer(server: Closable, destroySockets?: () => void): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    (server as Server).closeAllConnections?.();
    destroySockets?.();
  });
}

/** A running loopback peer whose port tests put on allowlists. */
export interface LoopbackPeer extends Peer {
  readonly port: number;
}

/** Serves `handler` on 127.0.0.1:0, over HTTPS when `tls` is given; `url` is the origin (no path). */
export async function startLoopback(
  handler: RequestListener,
  tls?: { key: string; cert: string },
): Promise<LoopbackPeer> {
  const server = tls ? createHttpsServer(tls, handler) : createServer(handler);
  const port = await listen(server);
  return { url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`, port, close: () => closeServer(server) };
}

/** Tracks sockets of servers that lack `closeAllConnections` (http2) so close can destroy them. */
export function trackSockets(server: Closable): () => void {
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (socket: import('node:net').Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return () => {
    for (const socket of sockets) socket.destroy();
  };
}
