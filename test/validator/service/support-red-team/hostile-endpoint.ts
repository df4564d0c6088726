/**
 * An endpoint whose every answer carries text that once made the service backtrack for seconds: an
 * 8 KB `Server` header of `?key?key…`, cards and discovery documents with fields of hundreds of
 * kilobytes of such text, a challenge padded with white space, a page whose title is 120 KB of it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
const evil = {
  params: '?key'.repeat(30_000),
  paramsWithValue: `${'?key'.repeat(30_000)}=v`,
  schemes: 'a://'.repeat(30_000),
  userinfo: `x://${'a'.repeat(120_000)}`,
  tokens: `https://x.example/?${'&token'.repeat(20_000)}`,
};

export async function startHostile(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const json = (value: unknown) =>
      res
        .writeHead(200, { 'content-type': 'application/json', server: '?key'.repeat(2000) })
        .end(JSON.stringify(value));
    if (req.method === 'POST') {
      res
        .writeHead(401, {
          'www-authenticate': `Bearer${' '.repeat(7000)}realm${' '.repeat(500)}`,
          server: '?key'.repeat(2000),
        })
        .end();
      return;
    }
    if (path === '/.well-known/agent-card.json') {
      return json({
        name: evil.params,
        description: evil.schemes,
        url: evil.tokens,
        version: evil.userinfo,
        protocolVersion: '0.3.0',
        capabilities: {},
        defaultInputModes: [evil.paramsWithValue],
        defaultOutputModes: ['text'],
        skills: [{ id: evil.params, name: evil.schemes, description: evil.userinfo, tags: [evil.tokens] }],
      });
    }
    if (path === '/.well-known/acp.json')
      return json({
        protocol: { name: evil.params, version: evil.schemes, supported_versions: [evil.tokens] },
        api_base_url: evil.userinfo,
        transports: [evil.paramsWithValue],
        capabilities: { services: [evil.params] },
      });
    if (path === '/.well-known/ucp')
      return json({
        ucp: {
          version: evil.params,
          services: { [evil.schemes.slice(0, 5000)]: [{ version: evil.tokens, transport: evil.userinfo }] },
          payment_handlers: {},
        },
      });
    if (path === '/') {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', server: '?key'.repeat(2000) })
        .end(`<!DOCTYPE html><html><head><title>${evil.params}</title></head><body>${evil.schemes}</body></html>`);
      return;
    }
    res.writeHead(404, { server: '?key'.repeat(2000) }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
