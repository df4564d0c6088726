/**
 * Unreachable peers: a port nothing listens on (bound, then closed) and a server that accepts
 * connections but never answers (for timeouts).
 */
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Peer } from './listen.ts';

/** A loopback URL whose port was just released, so connecting is refused. */
export async function deadPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/`;
}

/** A TCP server that accepts and then stays silent. */
export async function startSilentServer(): Promise<Peer> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
