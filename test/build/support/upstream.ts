/** A real HTTPS upstream on 127.0.0.1 (port 0), signed by a test CA, recording the requests it gets. */
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createTestCa, type TestCa } from '../../support/tls.ts';

export interface Upstream {
  readonly ca: TestCa;
  readonly root: string;
  readonly requests: string[];
  close(): Promise<void>;
}

/** Answers `/price?ids=…` with `{ price, ids, days }` and `/coins` with a list. */
export async function startPriceUpstream(): Promise<Upstream> {
  const ca = createTestCa();
  const requests: string[] = [];
  const server: Server = createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
    requests.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'https://127.0.0.1');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/price')
      res.end(
        JSON.stringify({ price: 42.5, ids: url.searchParams.get('ids'), days: Number(url.searchParams.get('days')) }),
      );
    else if (url.pathname === '/coins') res.end(JSON.stringify(['bitcoin', 'ether']));
    else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ca,
    root: `https://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
