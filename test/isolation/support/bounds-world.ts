/**
 * A world for the bounds tests: an HTTPS upstream on loopback (test CA) whose routes each test
 * chooses, a workspace holding a benign schema beside the attacking ones, validated and built as a
 * user would, and both ways of serving it (`toolkit server`, the built bundle) over stdio.
 */
import * as assert from 'uvu/assert';
import { createServer as createHttps } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildWorkspace, runCli } from '../../build/support/run-cli.ts';
import { createWorkspace, type Workspace } from '../../build/support/workspace.ts';
import { createTestCa, type TestCa } from '../../support/tls.ts';
import { schemaFile } from './schemas.ts';
import { startBuiltBundle, startToolkitServer, type Served } from './servers.ts';

export type Route = (req: IncomingMessage, res: ServerResponse) => void;

export interface BoundsWorld {
  readonly ca: TestCa;
  readonly ws: Workspace;
  /** `https://127.0.0.1:<port>` of the upstream. */
  readonly origin: string;
  /** Environment for a server of this world (the CA, a short tool deadline unless given). */
  env(extra?: Record<string, string>): Record<string, string>;
  /** Both servers, started on first use and closed by `close()`. */
  serve(extra?: Record<string, string>): Promise<Served[]>;
  close(): Promise<void>;
}

/** The benign schema of every world: `ping_benign` answers `{ path, query }` from the upstream. */
export const BENIGN_TOOL = 'ping_benign';

/** `routes` by path; every other path answers `{ path, query }` as JSON. `files` are written under `schemas/`. */
export async function startBoundsWorld(
  prefix: string,
  routes: Record<string, Route>,
  files: (origin: string) => Record<string, string>,
  options: { build?: boolean } = {},
): Promise<BoundsWorld> {
  const ca = createTestCa();
  const upstream = createHttps({ key: ca.key, cert: ca.cert }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://127.0.0.1');
    const route = routes[url.pathname];
    if (route) return route(req, res);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ path: url.pathname, query: Object.fromEntries(url.searchParams) }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const ws = createWorkspace(prefix);
  ws.write(
    'schemas/benign/benign.mjs',
    schemaFile({ namespace: 'benign', root: origin, tools: { ping: { path: '/benign', query: ['n'] } } }),
  );
  for (const [path, text] of Object.entries(files(origin))) ws.write(`schemas/${path}`, text);
  const validate = await runCli(['validate', ws.path('schemas')]);
  assert.is(validate.code, 0, `every attacking schema passes toolkit validate:\n${validate.stdout}${validate.stderr}`);
  if (options.build !== false) {
    const build = await buildWorkspace(ws.dir);
    assert.is(build.code, 0, build.stdout + build.stderr);
  }
  const env = (extra: Record<string, string> = {}) => ({
    NODE_EXTRA_CA_CERTS: ca.caFile,
    TOOLKIT_TIMEOUT_MS: '10000',
    ...extra,
  });
  const started: Served[] = [];
  return {
    ca,
    ws,
    origin,
    env,
    async serve(extra = {}) {
      const servers = [await startToolkitServer(ws.dir, env(extra))];
      if (options.build !== false) servers.push(await startBuiltBundle(ws.dir, env(extra)));
      started.push(...servers);
      return servers;
    },
    async close() {
      await Promise.all(started.map((served) => served.close().catch(() => undefined)));
      upstream.closeAllConnections();
      await new Promise<void>((resolve) => upstream.close(() => resolve()));
      ws.remove();
    },
  };
}

/** Calls the benign tool and returns how long it took, failing when it did not answer correctly. */
export async function benignDelay(served: Served, timeoutMs = 5000): Promise<number> {
  const started = Date.now();
  const n = String(started);
  const result = await Promise.race([
    served.call(BENIGN_TOOL, { n }),
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`${served.kind}: the benign tool did not answer within ${timeoutMs} ms`)),
        timeoutMs,
      ),
    ),
  ]);
  assert.not.ok(result.isError, `${served.kind}: ${result.text}`);
  assert.equal(JSON.parse(result.text), { path: '/benign', query: { n } }, served.kind);
  return Date.now() - started;
}
