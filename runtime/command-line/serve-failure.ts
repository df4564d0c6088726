/**
 * A server that could not start serving for a reason outside the program: the port taken, a port
 * it may not bind, an address it does not have. One line (exit 1), never a stack.
 */
export class ServeFailure extends Error {
  override readonly name = 'ServeFailure';
}

const REASONS: Readonly<Record<string, string>> = {
  EADDRINUSE: 'is taken by another process: stop it or choose another port with --http',
  EACCES: 'may not be bound by this user (ports below 1024 need privileges): choose a port above 1023 with --http',
  EADDRNOTAVAIL: 'is not an address of this machine: give one of its addresses, e.g. --http 127.0.0.1:8080',
};

/** The error of a listen on `host:port` as one line, or the error itself when it is not a known listen failure. */
export function listenFailure(error: unknown, where: { host?: string; port: number }): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const reason = code === undefined ? undefined : REASONS[code];
  if (reason === undefined) return error;
  return new ServeFailure(`cannot serve HTTP: ${where.host ?? '127.0.0.1'}:${where.port} ${reason} (${code})`);
}
