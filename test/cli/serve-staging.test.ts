/**
 * Serving against a staging or loopback upstream: `toolkit server --connect-to H1:P1:H2:P2 --ca-file
 * FILE` sends a schema's requests for its real host to a loopback HTTPS server whose certificate
 * only the given CA vouches for. The certificate is checked all the same (against the original
 * host name): without `--ca-file` the call fails on it, and `--print-config` keeps both options.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createTestCa, type TestCa } from '../support/tls.ts';
import { connect } from './support/mcp.ts';
import { bin, createSandbox } from './support/sandbox.ts';

const HOST = 'api.staging-tides.example';
const box = createSandbox('staging');
let ca: TestCa;
let server: Server;
let port = 0;
const seen: string[] = [];

test.before(async () => {
  ca = createTestCa({ names: [HOST] });
  server = createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
    seen.push(`${req.headers.host} ${req.url}`);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ height: 2.5, port: new URL(req.url ?? '/', `https://${HOST}`).searchParams.get('port') }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  box.write(
    'schemas/providers/tides/tides.mjs',
    `export const main = {
    namespace: 'tides',
    name: 'Tides',
    description: 'Tide heights.',
    version: '3.0.0',
    root: 'https://${HOST}',
    tools: {
        getHeight: {
            method: 'GET',
            path: '/height',
            description: 'Height of the tide at a port.',
            parameters: [
                { position: { key: 'port', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', ` +
      `options: [] } }
            ]
        }
    }
}
`,
  );
  // A user's shell: no extra CA in the environment.
  delete box.env.NODE_EXTRA_CA_CERTS;
});
test.after(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  box.remove();
});

const call = async (extra: string[]) => {
  const session = await connect([bin, 'server', '--connect-to', `${HOST}:443:127.0.0.1:${port}`, ...extra], {
    cwd: box.project,
    env: box.env,
  });
  try {
    return await session.client.callTool({ name: 'get_height_tides', arguments: { port: 'brest' } });
  } finally {
    await session.close();
  }
};
const textOf = (result: unknown): string =>
  ((result as { content?: { text: string }[] }).content ?? []).map((c) => c.text).join('\n');

test('--connect-to and --ca-file reach the loopback upstream under the real host name', async () => {
  const result = await call(['--ca-file', ca.caFile]);
  assert.not.ok(result.isError, textOf(result));
  assert.equal(JSON.parse(textOf(result)), { height: 2.5, port: 'brest' });
  assert.ok(seen.includes(`${HOST} /height?port=brest`), seen.join(', '));
});

test('without the CA the certificate is refused: the check is never turned off', async () => {
  const before = seen.length;
  const result = await call([]);
  assert.ok(result.isError, textOf(result));
  assert.match(textOf(result), /certificate/i);
  assert.is(seen.length, before, 'no request reached the upstream');
});

test('--print-config keeps both options for the client', async () => {
  const run = await box.toolkit([
    'server',
    '--print-config',
    '--ca-file',
    ca.caFile,
    '--connect-to',
    `${HOST}:443:127.0.0.1:${port}`,
  ]);
  assert.is(run.code, 0, run.stderr);
  const args = (JSON.parse(run.stdout) as { mcpServers: Record<string, { args: string[] }> }).mcpServers.toolkit!.args;
  assert.ok(args.includes('--ca-file') && args.includes(ca.caFile), args.join(' '));
  assert.ok(args.includes(`${HOST}:443:127.0.0.1:${port}`), args.join(' '));
});

test.run();
