/**
 * A bundle beside which lies a better-sqlite3 built for another Node (switching Node versions without
 * reinstalling): the bundle reads with the engine it carries (`engine/`, built for the build's Node);
 * the message for a carried binding that does not fit is `test/build/self-contained-bundle.test.ts`'s.
 *
 * Nothing new is installed: beside a bundle built outside the repository lies a copy of the
 * installed better-sqlite3 whose native file is a real addon compiled here (g++ and the running
 * Node's own headers, which `npm ci` needs to build better-sqlite3 anyway) for another
 * NODE_MODULE_VERSION, so Node refuses it exactly as it refuses a build for another Node. On the
 * Node lines that use Node's own SQLite the bundle loads no native module: the read is answered.
 *
 * The second test is the bundle a user built on another Node, run here with nothing beside it: the
 * build runs in a child whose Node reports the other line's version and ABI (a preload, nothing
 * installed), so what it carries is recorded for that Node, and the bundle, run by this Node, says
 * in one line at start and on a read which Nodes they are and how to fix it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli } from '../build/support/run-cli.ts';
import { connect, repoRoot } from './support/servers.ts';
import { sqliteEngineFor } from '../../runtime/resources/sqlite-engine.ts';
import { createWorkspace } from './support/workspace.ts';

const test = suite('native module built for another Node');

const schema =
  `export const main = {
    namespace: 'depot',
    name: 'Depot',
    description: 'One resource.',
    version: '3.0.0',
    root: '',
    tools: {},
    resources: {
        stock: {
            source: 'sqlite',
            database: 'stock.db',
            origin: 'global',
            description: 'A database that is there.',
            queries: {
                getSchema: { sql: "SELECT name FROM sqlite_master WHERE type = 'table'", description: 'Tables.', ` +
  `parameters: {} }
            }
        }
    }
}
`;

/** A NODE_MODULE_VERSION this Node does not run: Node 22's on Node 20, else Node 20's. */
const otherAbi = process.versions.modules === '115' ? 127 : 115;
const otherNode = otherAbi === 127 ? '22' : '20';

/** The running Node's headers (`<prefix>/include/node`), where npm builds native modules against them. */
const headers = join(dirname(dirname(process.execPath)), 'include', 'node');

/** Compiles an addon registered for `abi` into `out`, or says why it cannot be here. */
function compileAddon(abi: number, out: string): string | undefined {
  if (!existsSync(join(headers, 'node.h'))) return `no Node headers at ${headers}`;
  const source = join(dirname(out), 'addon.cc');
  writeFileSync(
    source,
    `#include <node.h>\n#undef NODE_MODULE_VERSION\n#define NODE_MODULE_VERSION ${abi}\nNODE_MODULE_INIT() {}\n`,
  );
  try {
    execFileSync(
      'g++',
      [
        '-shared',
        '-fPIC',
        '-std=c++20',
        '-w',
        `-I${headers}`,
        '-DNODE_GYP_MODULE_NAME=better_sqlite3',
        source,
        '-o',
        out,
      ],
      { stdio: 'pipe' },
    );
  } catch (error) {
    return `g++ could not build an addon: ${String((error as { stderr?: unknown }).stderr ?? error).split('\n')[0]}`;
  }
  return undefined;
}

test(
  `a better-sqlite3 for Node ${otherNode} installed beside a bundle is not used: the bundle reads with the ` +
    `engine it carries`,
  async () => {
    const tree = createWorkspace('abi');
    const away = mkdtempSync(join(tmpdir(), 'toolkit-abi-'));
    try {
      tree.write('schemas/depot/depot.mjs', schema);
      const built = await runCli([
        'build',
        '--schemas',
        tree.schemasDir,
        '--out',
        join(away, 'out'),
        '--project',
        tree.dir,
      ]);
      assert.is(built.code, 0, built.stderr);
      tree.database('home/.toolkit/data/depot/stock.db', 'CREATE TABLE crate (id INTEGER PRIMARY KEY);');
      // better-sqlite3 as npm installed it beside the bundle, but for another Node.
      const modules = join(away, 'node_modules');
      const installed = join(repoRoot, 'node_modules');
      for (const name of ['bindings', 'file-uri-to-path'])
        cpSync(join(installed, name), join(modules, name), { recursive: true });
      for (const part of ['package.json', 'lib'])
        cpSync(join(installed, 'better-sqlite3', part), join(modules, 'better-sqlite3', part), { recursive: true });
      const release = join(modules, 'better-sqlite3', 'build', 'Release');
      mkdirSync(release, { recursive: true });
      const cannot = compileAddon(otherAbi, join(release, 'better_sqlite3.node'));
      if (cannot !== undefined) {
        console.log(`  skipped: ${cannot}`);
        return;
      }

      const server = await connect({ kind: 'bundle', bundle: join(away, 'out', 'catalog.mjs'), cwd: away }, 'stdio', {
        HOME: tree.home,
      });
      try {
        // The engine the bundle carries (engine/, checked against the build's hashes) is loaded, not the
        // better-sqlite3 beside it; Node 24 uses its own SQLite either way.
        const read = await server.client.readResource({ uri: 'toolkit://depot/stock/getSchema' });
        assert.is(read.contents.length, 1);
        assert.match(JSON.stringify(read.contents[0]), /crate/);
        assert.ok((await server.client.listResources()).resources.length > 0, 'the rest is served');
      } finally {
        await server.close();
      }
    } finally {
      rmSync(away, { recursive: true, force: true });
      tree.remove();
    }
  },
);

test(
  `a bundle built by Node ${otherNode}, run by this Node with nothing beside it: one line naming both ` +
    `Nodes and the fix`,
  async () => {
    const tree = createWorkspace('abi-built');
    const away = mkdtempSync(join(tmpdir(), 'toolkit-abi-built-'));
    try {
      tree.write('schemas/depot/depot.mjs', schema);
      tree.database('home/.toolkit/data/depot/stock.db', 'CREATE TABLE crate (id INTEGER PRIMARY KEY);');
      const otherVersion = otherNode === '22' ? '22.23.3' : '20.20.2';
      const preload = join(away, 'other-node.mjs');
      writeFileSync(
        preload,
        `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: ` +
          `'${otherVersion}', modules: ` +
          `'${otherAbi}' } });\n`,
      );
      const build = spawnSync(
        process.execPath,
        [
          '--import',
          preload,
          join(repoRoot, 'cli', 'bin.mjs'),
          'build',
          '--schemas',
          tree.schemasDir,
          '--out',
          join(away, 'out'),
          '--project',
          tree.dir,
        ],
        {
          encoding: 'utf8',
          env: { PATH: process.env.PATH ?? '', HOME: tree.home, TOOLKIT_NO_START_CACHE: '1' },
        },
      );
      assert.is(build.status, 0, build.stderr);
      const nodeSqlite = sqliteEngineFor() === 'node:sqlite';
      if (!nodeSqlite)
        assert.match(
          build.stdout + build.stderr,
          new RegExp(`SQLite binding for Node ${otherNode} \\(ABI ${otherAbi},`),
        );

      const server = await connect({ kind: 'bundle', bundle: join(away, 'out', 'catalog.mjs'), cwd: away }, 'stdio', {
        HOME: tree.home,
      });
      try {
        const read = await server.client.readResource({ uri: 'toolkit://depot/stock/getSchema' }).then(
          (answer) => ({ answer }),
          (error: Error) => ({ error: error.message }),
        );
        if (nodeSqlite) {
          // This Node line reads with its own SQLite: the carried binding is never loaded.
          assert.ok('answer' in read && /crate/.test(JSON.stringify(read.answer)), JSON.stringify(read));
          return;
        }
        const why = new RegExp(
          `the SQLite engine beside this bundle \\(better-sqlite3, built for Node ` +
            `${otherVersion.replaceAll('.', '\\.')} \\(ABI ${otherAbi}, [^)]+\\)\\) ` +
            `cannot load in Node ${process.versions.node.replaceAll('.', '\\.')} \\(ABI ` +
            `${process.versions.modules}, [^)]+\\): ` +
            `rebuild the bundle with this Node \\(\`toolkit build\`\\), run it with Node ${otherNode}, or install ` +
            `better-sqlite3@12 beside it`,
        );
        assert.ok('error' in read, 'the read was answered');
        assert.match(read.error, why);
        assert.not.match(read.error, /\n|node_modules|at [\w.]+ \(/);
        assert.match(server.stderr(), why);
        assert.ok((await server.client.listResources()).resources.length > 0, 'the rest is served');
      } finally {
        await server.close();
      }
    } finally {
      rmSync(away, { recursive: true, force: true });
      tree.remove();
    }
  },
);

test.run();
