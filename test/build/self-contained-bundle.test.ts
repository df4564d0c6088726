/**
 * A built bundle is an MCP server anywhere: `generated/` copied to an empty directory outside the
 * repository (no node_modules above it, NODE_PATH unset, no extra CA in the environment) serves its
 * tools, a hooked tool with a library and a web standard (the sandbox's engine carried in engine/),
 * and its SQLite resource (the binding carried beside it). The upstream is real HTTPS on loopback,
 * reached with the bundle's own `--connect-to` and trusted through `--ca-file`. A carried file that
 * was changed or is missing is refused, naming it, and never surfaces as a module-resolution stack.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { bindingMismatch } from '../../runtime/resources/better-sqlite3-path.ts';
import { createTestCa, type TestCa } from '../support/tls.ts';
import { buildWorkspace } from './support/run-cli.ts';
import { createWorkspace } from '../resources/support/workspace.ts';
import { sqliteEngineFor } from '../../runtime/resources/sqlite-engine.ts';

const HOST = 'api.tides.example';
const ws = createWorkspace('self-contained');
const elsewhere = mkdtempSync(join(tmpdir(), 'toolkit-carried-'));
let ca: TestCa;
let server: Server;
let port = 0;
const requests: string[] = [];
let buildOutput = '';

const schema =
  `export const main = {
    namespace: 'tides',
    name: 'Tides',
    description: 'Tide heights from a test upstream.',
    version: '3.0.0',
    root: 'https://${HOST}',
    requiredLibraries: [ 'path' ],
    tools: {
        getHeight: {
            method: 'GET',
            path: '/height',
            description: 'Height of the tide at a port.',
            parameters: [
                { position: { key: 'port', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', ` +
  `options: [] } }
            ]
        },
        getPlain: {
            method: 'GET',
            path: '/height',
            description: 'Height of the tide at a port, as the upstream says it.',
            parameters: [
                { position: { key: 'port', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', ` +
  `options: [] } }
            ]
        }
    },
    resources: {
        ports: {
            source: 'sqlite',
            database: 'ports.db',
            origin: 'inline',
            description: 'Known ports.',
            queries: {
                getSchema: { sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name", ` +
  `description: 'Tables.', parameters: {} },
                listPorts: { sql: 'SELECT name, country FROM ports ORDER BY name', description: 'Every port.', ` +
  `parameters: {} }
            }
        }
    }
}

export const handlers = ({ sharedLists, libraries }) => ({
    getHeight: {
        postRequest: async ({ response, struct, payload }) => {
            const link = new URL('https://tides.example/' + libraries.path.posix.join('ports', response.port))
            return { response: { ...response, link: link.href } }
        }
    }
})
`;

/** A copy of the build's output in a fresh directory outside the repository. */
function copyOutput(name: string): string {
  const dir = join(elsewhere, name);
  cpSync(ws.path('out'), join(dir, 'generated'), { recursive: true });
  return join(dir, 'generated');
}

interface Session {
  readonly client: Client;
  stderr(): string;
  close(): Promise<void>;
}

/** An SDK client of the copied bundle, started as a user would: only PATH and a HOME of its own. */
async function connect(generated: string): Promise<Session> {
  const home = join(dirname(generated), 'home');
  mkdirSync(home, { recursive: true });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(generated, 'catalog.mjs'), '--ca-file', ca.caFile, '--connect-to', `${HOST}:443:127.0.0.1:${port}`],
    cwd: dirname(generated),
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, TOOLKIT_CODE_CACHE: 'off' },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => (stderr += chunk));
  const client = new Client({ name: 'self-contained-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

const textOf = (result: unknown): string =>
  ((result as { content?: { text: string }[] }).content ?? []).map((c) => c.text).join('\n');

test.before(async () => {
  try {
    ca = createTestCa({ names: [HOST] });
    server = createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
      requests.push(`${req.headers.host} ${req.url}`);
      const url = new URL(req.url ?? '/', `https://${HOST}`);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ port: url.searchParams.get('port'), height: 1.5 }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    ws.write('schemas/providers/tides/tides.mjs', schema);
    ws.database(
      'schemas/providers/tides/data/ports.db',
      "CREATE TABLE ports (name TEXT, country TEXT); INSERT INTO ports VALUES ('Brest', 'FR'), ('Aberdeen', 'GB');",
    );
    const build = await buildWorkspace(ws.dir);
    assert.is(build.code, 0, build.stdout + build.stderr);
    buildOutput = build.stderr;
  } catch (error) {
    // uvu does not report a failing hook: say it here, then fail every test.
    console.error(error);
    throw error;
  }
});

test.after(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(elsewhere, { recursive: true, force: true });
  rmSync(ca.dir, { recursive: true, force: true });
  ws.remove();
});

// On a Node line with its own SQLite (24.16+) the installed better-sqlite3 may be built for another
// Node (CI rebuilds it only for 22): whether it is carried there is not asserted.
const carriesSqlite = sqliteEngineFor() !== 'node:sqlite';
const sqliteFiles = carriesSqlite ? ['better-sqlite3.cjs', 'better_sqlite3.node'] : [];

test('the build carries the engines beside the bundle and says what the bundle needs at run time', () => {
  if (!carriesSqlite) return;
  for (const file of ['quickjs-core.cjs', 'quickjs-variant.cjs', 'emscripten-module.wasm', ...sqliteFiles]) {
    assert.ok(existsSync(ws.path('out', 'engine', file)), `engine/${file} is written`);
  }
  assert.match(
    buildOutput,
    new RegExp(
      '^toolkit build: catalog\\.mjs runs on Node 20\\.19 or later .*with nothing installed; copy with it: ' +
        'catalog\\.code\\.cjs, catalog\\.data\\.jsonl, engine\\/ \\(hook sandbox [\\d.]+ MB, SQLite binding for Node ' +
        '\\d+ \\(ABI \\d+, \\w+-\\w+\\) [\\d.]+ MB\\), libraries\\/ \\(1 file\\), data\\/ \\(1 database\\)$',
      'm',
    ),
  );
});

test(
  'copied to an empty directory outside the repository, the bundle lists, calls a hooked tool over loopback HTTPS ' +
    'and reads its resource',
  async () => {
    const generated = copyOutput('plain');
    for (let dir = dirname(generated); dir !== dirname(dir); dir = dirname(dir))
      assert.not.ok(existsSync(join(dir, 'node_modules')), `no node_modules in ${dir}`);
    const session = await connect(generated);
    try {
      const { tools } = await session.client.listTools();
      assert.equal(tools.map((t) => t.name).sort(), ['get_height_tides', 'get_plain_tides']);
      const hooked = await session.client.callTool({ name: 'get_height_tides', arguments: { port: 'brest' } });
      assert.not.ok(hooked.isError, textOf(hooked));
      assert.equal(JSON.parse(textOf(hooked)), {
        port: 'brest',
        height: 1.5,
        link: 'https://tides.example/ports/brest',
      });
      assert.ok(
        requests.includes(`${HOST} /height?port=brest`),
        `the upstream was asked with the original host name: ${requests.join(', ')}`,
      );
      const read = await session.client.readResource({ uri: 'toolkit://tides/ports/listPorts' });
      const rows = JSON.parse((read.contents[0] as { text: string }).text) as unknown[];
      assert.equal(rows, [
        { name: 'Aberdeen', country: 'GB' },
        { name: 'Brest', country: 'FR' },
      ]);
    } finally {
      await session.close();
    }
    assert.not.match(session.stderr(), /Require stack|node_modules|at .*\(.*:\d+:\d+\)/, session.stderr());
  },
);

test('a carried file changed after the build is refused by name; the other tools are still served', async () => {
  if (!carriesSqlite) return;
  const generated = copyOutput('changed');
  appendFileSync(join(generated, 'engine', 'quickjs-core.cjs'), '\n// changed\n');
  appendFileSync(join(generated, 'engine', 'better_sqlite3.node'), Buffer.from([0]));
  const session = await connect(generated);
  try {
    const hooked = await session.client.callTool({ name: 'get_height_tides', arguments: { port: 'brest' } });
    assert.ok(hooked.isError, textOf(hooked));
    assert.match(
      textOf(hooked),
      /engine\/quickjs-core\.cjs \(the handler sandbox engine\) no longer matches the hash recorded at build time/,
    );
    const plain = await session.client.callTool({ name: 'get_plain_tides', arguments: { port: 'brest' } });
    assert.not.ok(plain.isError, textOf(plain));
    const read = await session.client.readResource({ uri: 'toolkit://tides/ports/listPorts' }).then(
      (answer) => JSON.stringify(answer),
      (error: Error) => error.message,
    );
    assert.match(
      read,
      /engine\/better_sqlite3\.node \(the SQLite binding\) no longer matches the hash recorded at build time/,
    );
  } finally {
    await session.close();
  }
});

test('a bundle copied without its engine/ folder names the folder to copy, not a module path', async () => {
  const generated = copyOutput('no-engine');
  rmSync(join(generated, 'engine'), { recursive: true });
  const session = await connect(generated);
  try {
    const hooked = await session.client.callTool({ name: 'get_height_tides', arguments: { port: 'brest' } });
    assert.ok(hooked.isError);
    assert.match(
      textOf(hooked),
      new RegExp(
        'engine\\/quickjs-core\\.cjs \\(the handler sandbox engine\\) cannot be read beside the bundle \\(ENOENT\\): ' +
          "copy the bundle's engine\\/ folder with it",
      ),
    );
    assert.not.match(textOf(hooked), /Require stack|Cannot find module/);
  } finally {
    await session.close();
  }
});

test('two builds carry byte-identical engine files', async () => {
  const again = await buildWorkspace(ws.dir, [], 'out-again');
  assert.is(again.code, 0, again.stderr);
  for (const file of ['quickjs-core.cjs', 'quickjs-variant.cjs', ...sqliteFiles.slice(0, 1), 'catalog.code.cjs']) {
    const path = file.endsWith('.code.cjs') ? file : join('engine', file);
    assert.ok(
      readFileSync(ws.path('out', path)).equals(readFileSync(ws.path('out-again', path))),
      `${path} is the same`,
    );
  }
});

test('a SQLite binding built for another Node is one line naming both Nodes and the fix', () => {
  const builtFor = { abi: '115', platform: 'linux', arch: 'x64', node: '20.20.2' };
  assert.is(bindingMismatch(builtFor, builtFor), undefined);
  const message = bindingMismatch(builtFor, { abi: '127', platform: 'linux', arch: 'x64', node: '22.23.3' })!;
  assert.match(
    message,
    new RegExp(
      'built for Node 20\\.20\\.2 \\(ABI 115, linux-x64\\)\\) cannot load in Node 22\\.23\\.3 \\(ABI 127, ' +
        'linux-x64\\): rebuild the bundle with this Node \\(`toolkit build`\\), run it with Node 20',
    ),
  );
  assert.not.match(message, /\n/);
  assert.ok(bindingMismatch(builtFor, { ...builtFor, platform: 'darwin' }));
});

test.run();
