/**
 * The HTTPS upstream of the CLI tests on 127.0.0.1, signed by the run's test CA (the child
 * processes trust it through NODE_EXTRA_CA_CERTS): `/current?city=` answers the weather,
 * `/items/<id>` one item, `/fail` a 500. Every request is recorded with its headers.
 */
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createTestCa, type TestCa } from '../../support/tls.ts';

export interface RecordedRequest {
  readonly url: string;
  readonly headers: Record<string, string | string[] | undefined>;
}

export interface Upstream {
  readonly ca: TestCa;
  readonly root: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startUpstream(): Promise<Upstream> {
  const ca = createTestCa();
  const requests: RecordedRequest[] = [];
  const server = createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers });
    const url = new URL(req.url ?? '/', 'https://127.0.0.1');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/current') {
      res.end(
        JSON.stringify({
          city: url.searchParams.get('city'),
          units: url.searchParams.get('units'),
          temperature: 21.5,
          sky: 'clear',
        }),
      );
    } else if (url.pathname.startsWith('/items/')) {
      res.end(
        JSON.stringify({ id: decodeURIComponent(url.pathname.slice('/items/'.length)), name: 'A thing', price: 3 }),
      );
    } else if (url.pathname === '/items') {
      res.end(JSON.stringify([{ id: '1' }, { id: '2' }]));
    } else {
      res.statusCode = 500;
      res.end(JSON.stringify({ error: 'upstream broke' }));
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
