/**
 * A 2026-07-28 server keeps no session, so it scales out behind any load balancer: three replicas
 * of one built bundle behind a real HAProxy (Debian's package; `.ci/run` installs it), and a v2
 * client pinned to 2026-07-28 lists and calls through it while one replica is stopped and started
 * again; a v1 client (2025-era handshake on the stateless leg) works through it too. HAProxy checks
 * each replica on its server card (`/.well-known/mcp/server-card.json`) and retries a request a
 * stopped replica refused on another. That every replica serves is seen at the upstream: each one,
 * with a home of its own, downloads the http resource once.
 *
 * Without a `haproxy` binary (a clone set up without `.ci/run`) the test says so and checks nothing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { writeFileSync } from 'node:fs';
import { buildWorkspace } from '../build/support/run-cli.ts';
import { createWorkspace } from '../build/support/workspace.ts';
import { connectV1, connectV2 } from '../support/surface-clients.ts';
import { startSurfaceUpstream, surfaceCatalog } from '../support/surface-catalog.ts';

const haproxy = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim();
const ws = createWorkspace('surface-scale');
let upstream: Awaited<ReturnType<typeof startSurfaceUpstream>>;
/** Replicas listen on loopback addresses of their own, as behind a balancer each has its own address. */
const ADDRESSES = ['127.0.0.2', '127.0.0.3', '127.0.0.4'];
const replicas: { address: string; port: number; child?: ChildProcess; home: string }[] = [];
let balancer: ChildProcess | undefined;
let lbUrl = '';

function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts replica `index` (its bundle on its address and port) and waits until it listens. */
function startReplica(index: number, home: string): Promise<void> {
  const replica = replicas[index]!;
  replica.home = home;
  const child = spawn(
    process.execPath,
    [ws.path('out', 'catalog.mjs'), '--http', `${replica.address}:${replica.port}`],
    {
      env: { ...process.env, HOME: ws.path(home), NODE_EXTRA_CA_CERTS: upstream.ca.caFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  replica.child = child;
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      if (out.includes('listening on')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`replica ${index} exited ${code}`)));
  });
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Waits until `check` holds, polling every 100 ms, at most `ms`. */
async function until(check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

const downloads = () => upstream.requests.filter((r) => r === '/published.db').length;

if (!haproxy) {
  test("scale-out behind HAProxy (skipped: no haproxy binary; `.ci/run` installs Debian's haproxy package)", () => {
    console.log('  scale-out test skipped: haproxy is not installed (apt-get install haproxy, or run .ci/run)');
  });
} else {
  test.before(async () => {
    upstream = await startSurfaceUpstream();
    for (const [path, contents] of Object.entries(surfaceCatalog(upstream.root))) ws.write(path, contents as string);
    const build = await buildWorkspace(ws.dir);
    assert.is(build.code, 0, build.stdout + build.stderr);
    for (const address of ADDRESSES) replicas.push({ address, port: await freePort(address), home: '' });
    await Promise.all(replicas.map((_, index) => startReplica(index, `home-${index}`)));
    const lbPort = await freePort('127.0.0.1');
    const config = ws.write(
      'haproxy.cfg',
      [
        'global',
        '  maxconn 256',
        'defaults',
        '  mode http',
        '  timeout connect 1s',
        '  timeout client 30s',
        '  timeout server 30s',
        // A request whose replica refused the connection goes to another one.
        '  retries 3',
        '  option redispatch 1',
        'frontend mcp',
        `  bind 127.0.0.1:${lbPort}`,
        '  default_backend replicas',
        'backend replicas',
        '  balance roundrobin',
        '  option httpchk',
        '  http-check send meth GET uri /.well-known/mcp/server-card.json',
        '  http-check expect status 200',
        ...replicas.map((r, i) => `  server r${i} ${r.address}:${r.port} check inter 200ms fall 1 rise 2`),
        '',
      ].join('\n'),
    );
    balancer = spawn(haproxy, ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    balancer.stderr!.on('data', (chunk) => (errors += chunk));
    balancer.once('exit', (code) => {
      if (code !== 0 && code !== null) writeFileSync(ws.path('haproxy.log'), errors);
    });
    lbUrl = `http://127.0.0.1:${lbPort}/mcp`;
    await until(
      async () => (await fetch(`http://127.0.0.1:${lbPort}/.well-known/mcp/server-card.json`)).status === 200,
    );
  });

  test.after(async () => {
    await stop(balancer);
    await Promise.all(replicas.map((r) => stop(r.child)));
    await upstream?.close();
    ws.remove();
  });

  test('a 2026-07-28 client lists and calls through the balancer while a replica stops and starts', async () => {
    const client = await connectV2('modern', { url: lbUrl });
    const work = async (rounds: number): Promise<void> => {
      for (let i = 0; i < rounds; i++) {
        const { tools } = await client.listTools();
        assert.equal(
          tools.map((t) => t.name),
          ['get_item_library', 'search_items_library'],
        );
        const result = await client.callTool({ name: 'get_item_library', arguments: { id: `OL${i}M` } });
        assert.not.ok(result.isError, JSON.stringify(result));
        assert.equal(JSON.parse((result.content as { text: string }[])[0]!.text), { id: `OL${i}M`, title: 'Dune' });
        const rows = await client.readResource({ uri: 'toolkit://library-mirror/published/byName?name=Borealis%25' });
        assert.equal(JSON.parse((rows.contents[0] as { text: string }).text), [
          { name: 'Borealis Corp', program: 'SDGT' },
        ]);
      }
    };
    try {
      await work(6);
      // Round robin: every replica served a read, so each downloaded the database once into its own home.
      assert.is(downloads(), 3);

      await stop(replicas[1]!.child);
      await work(9);

      await startReplica(1, 'home-restarted');
      // The balancer brings it back after two passed checks; it then serves again (and downloads into its new home).
      await until(async () => {
        await work(1);
        return downloads() === 4;
      });
      await work(3);
      assert.is(downloads(), 4);
    } finally {
      await client.close();
    }
  });

  test('a v1 client, whose 2025-era requests each stand alone on the stateless leg, works through it too', async () => {
    const client = await connectV1({ url: lbUrl });
    try {
      for (let i = 0; i < 4; i++) {
        const { tools } = await client.listTools();
        assert.is(tools.length, 2);
        const result = await client.callTool({ name: 'get_item_library', arguments: { id: 'OL1M' } });
        assert.not.ok(result.isError);
      }
    } finally {
      await client.close();
    }
  });
}

test.run();
