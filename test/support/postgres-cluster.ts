/**
 * A throwaway PostgreSQL server for tests: `initdb` into a temporary folder, `postgres` on a free
 * loopback port (no Unix socket outside that folder, trust authentication for loopback only), and
 * a fresh database per call of `database()`. initdb and postgres refuse to run as root, so when the
 * tests run as root (CI, this machine) both run as the `postgres` user (else `nobody`) through
 * spawn's `uid`/`gid`, in a folder that user owns. `stop()` shuts the server down and removes the
 * folder.
 *
 * The binaries are found on PATH (`initdb`, `postgres`), else in Debian's `/usr/lib/postgresql/<n>/bin`;
 * `findPostgres()` returns null when there are none (the caller says it skipped).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface PostgresBinaries {
  readonly initdb: string;
  readonly postgres: string;
}

/** The PostgreSQL server binaries of this machine, or null. */
export function findPostgres(): PostgresBinaries | null {
  const onPath = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  const initdb = onPath('initdb');
  const postgres = onPath('postgres');
  if (initdb && postgres) return { initdb, postgres };
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  for (const version of readdirSync(root).sort((a, b) => Number(b) - Number(a))) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'postgres'))) {
      return { initdb: join(bin, 'initdb'), postgres: join(bin, 'postgres') };
    }
  }
  return null;
}

export interface PostgresCluster {
  readonly port: number;
  /** A new, empty database; its connection URL. */
  database(): Promise<string>;
  stop(): Promise<void>;
}

/** The unprivileged account to run as when this process is root; null when it is not root. */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    const id = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (id.status === 0 && gid.status === 0) return { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
  }
  throw new Error('running as root and no postgres or nobody user to run PostgreSQL as');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[], as: { uid: number; gid: number } | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const env = { LANG: 'C', PATH: process.env['PATH'] };
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(as ?? {}), env });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} exited ${code}: ${out.slice(-2000)}`));
    });
  });
}

/** Starts a cluster (initdb + postgres); rejects with the server's own output when it does not come up. */
export async function startPostgresCluster(binaries: PostgresBinaries): Promise<PostgresCluster> {
  const as = runAs();
  const dir = mkdtempSync(join(tmpdir(), 'toolkit-pg-'));
  const data = join(dir, 'data');
  if (as) chownSync(dir, as.uid, as.gid);
  const user = 'toolkit';
  await run(binaries.initdb, ['-D', data, '-U', user, '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C'], as);
  const port = await freePort();
  const server: ChildProcess = spawn(
    binaries.postgres,
    [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=60',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], ...(as ?? {}), env: { LANG: 'C', PATH: process.env['PATH'] } },
  );
  let log = '';
  server.stdout!.on('data', (c) => (log += c));
  server.stderr!.on('data', (c) => (log += c));
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const admin = `postgres://${user}@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`postgres exited ${server.exitCode}: ${log.slice(-2000)}`);
    const client = new pg.Client({ connectionString: admin });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.end();
      break;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() > deadline) {
        server.kill('SIGKILL');
        throw new Error(`postgres did not accept connections within 60 s: ${log.slice(-2000)}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  let made = 0;
  return {
    port,
    async database() {
      const name = `history_${process.pid}_${++made}`;
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://${user}@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      if (server.exitCode === null) {
        server.kill('SIGINT'); // fast shutdown: ends sessions, no checkpoint wait for clients
        const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Who this process is, for skip messages. */
export const currentUser = (): string => userInfo().username;
