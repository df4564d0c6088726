/**
 * The package installs like a package: `npm pack` (its prepack compiles JavaScript and `.d.ts`), then
 * `npm install --prefer-offline` of the tarball into an empty project (the npm cache that `npm ci`
 * filled serves the packages; only what it lacks, such as the registry's metadata of each package,
 * is fetched, so no step beforehand is needed; better-sqlite3's prebuilt binding comes from a
 * loopback mirror of the one `npm ci` compiled), on plain Node without a TypeScript loader. There `npx toolkit build`,
 * `server`,
 * `validator` and `search` work, a plain `.mjs` file imports `{ validateSchema } from 'toolkit'`, and
 * a TypeScript project checks the package's declarations (libraries included) without installing
 * `@types/node` itself.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { packRepository } from '../../packaging/pack.mjs';
import { toolNames } from './support/mcp.ts';
import { repoRoot } from './support/sandbox.ts';

// Outside the repository, so nothing resolves from its node_modules.
const project = mkdtempSync(join(tmpdir(), 'toolkit-installed-'));
const home = mkdtempSync(join(tmpdir(), 'toolkit-installed-home-'));
const installed = join(project, 'node_modules', 'toolkit');
let tarball = '';
let sources = '';
const env: Record<string, string> = {};
for (const [key, value] of Object.entries(process.env))
  if (value !== undefined && key !== 'TOOLKIT_MODE' && !key.startsWith('npm_')) env[key] = value;
// A fresh HOME for toolkit (~/.toolkit); npm keeps the user's cache and configuration (e.g. where node-gyp finds Node's
// headers).
Object.assign(env, {
  HOME: home,
  npm_config_cache: process.env.npm_config_cache ?? join(homedir(), '.npm'),
  npm_config_userconfig: process.env.npm_config_userconfig ?? join(homedir(), '.npmrc'),
  JOBS: '2',
});

test.after(() => {
  for (const dir of [project, home, sources, tarball ? dirname(tarball) : ''])
    if (dir) rmSync(dir, { recursive: true, force: true });
});

const npx = (args: string[], timeout = 180_000) =>
  spawnSync('npx', ['--offline', 'toolkit', ...args], { cwd: project, env, encoding: 'utf8', timeout });

test('npm pack makes a tarball of compiled JavaScript and declarations, without TypeScript sources', () => {
  ({ tarball, sources } = packRepository());
  const list = spawnSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).stdout.split('\n');
  assert.ok(
    list.includes('package/cli/main.js') &&
      list.includes('package/compiler/index.js') &&
      list.includes('package/compiler/index.d.ts'),
  );
  assert.ok(list.includes('package/catalog-index/search-index.json'));
  // Every diagnostic links docs/schema-format.md: the package carries the docs it links to.
  assert.ok(
    list.includes('package/docs/schema-format.md') && list.includes('package/docs/validator-api.md'),
    'the docs ship',
  );
  assert.equal(
    list.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')),
    [],
  );
  assert.not.ok(existsSync(join(repoRoot, 'cli', 'main.js')), 'the working tree was not touched');
});

/**
 * better-sqlite3's install script asks prebuild-install for a prebuilt binding before compiling from
 * source (minutes, far more on a loaded machine). Its documented mirror setting points it at a
 * loopback server holding the binding `npm ci` built here, packed as its releases are: the install
 * runs its real script, and the binding it unpacks is one this machine compiled.
 */
async function bindingMirror(): Promise<{ host: string; close(): Promise<void> }> {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'node_modules', 'better-sqlite3', 'package.json'), 'utf8')) as {
    version: string;
  };
  const dir = mkdtempSync(join(tmpdir(), 'toolkit-binding-mirror-'));
  const name =
    `better-sqlite3-v${pkg.version}-node-v${process.versions.modules}-${process.platform}-` + `${process.arch}.tar.gz`;
  mkdirSync(join(dir, `v${pkg.version}`));
  const tar = spawnSync('tar', [
    '-czf',
    join(dir, `v${pkg.version}`, name),
    '-C',
    join(repoRoot, 'node_modules', 'better-sqlite3'),
    'build/Release/better_sqlite3.node',
  ]);
  assert.is(tar.status, 0, String(tar.stderr));
  const server = createServer((req, res) => {
    const file = join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname));
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('content-type', 'application/gzip');
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test('npm install into an empty project, from the npm cache first', async () => {
  writeFileSync(join(project, 'package.json'), '{ "name": "empty-project", "private": true, "type": "module" }\n');
  const mirror = await bindingMirror();
  let install: { code: number | null; out: string };
  try {
    install = await new Promise((resolve) => {
      const child = spawn('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], {
        cwd: project,
        env: { ...env, npm_config_better_sqlite3_binary_host: mirror.host },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (c) => (out += c));
      child.stderr.on('data', (c) => (out += c));
      const timer = setTimeout(() => child.kill('SIGKILL'), 1_200_000);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, out });
      });
    });
  } finally {
    await mirror.close();
  }
  assert.is(install.code, 0, install.out);
  assert.ok(
    existsSync(join(project, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node')),
    'the binding is installed',
  );
  assert.ok(existsSync(join(installed, 'cli', 'main.js')));
  assert.not.ok(existsSync(join(project, 'node_modules', 'tsx')), 'no TypeScript loader is installed');
  assert.not.ok(existsSync(join(project, 'node_modules', 'typescript')), 'no TypeScript compiler is installed');
});

test('npx toolkit --help and search run the compiled CLI (the shipped catalog is indexed)', () => {
  const help = npx(['--help']);
  assert.is(help.status, 0, help.stderr);
  assert.match(help.stdout, /^  search <query> \.\.\./m);
  const search = npx(['search', 'weather', '--json']);
  assert.is(search.status, 0, search.stderr);
  const found = JSON.parse(search.stdout) as { results: { add: string }[] };
  assert.ok(found.results.length > 0 && found.results.length <= 10);
  assert.match(found.results[0]!.add, /^toolkit add \S+$/);
});

test('npx toolkit build builds the shipped catalog into the project; the bundle serves it', async () => {
  const build = npx(['build']);
  assert.is(build.status, 0, build.stderr);
  assert.match(build.stdout, /^\d+ schemas, \d+ tools,/);
  const indexed = JSON.parse(readFileSync(join(installed, 'catalog-index', 'catalog-index.json'), 'utf8')).tools
    .length as number;
  // The shipped catalog's listing is over 50 KB: by default it is served as the toolset.
  const toolset = await toolNames([join(project, 'generated', 'catalog.mjs')], { cwd: project, env });
  assert.equal([...toolset].sort(), ['call_tool', 'describe_tool', 'search_tools']);
  const served = await toolNames([join(project, 'generated', 'catalog.mjs'), '--no-toolset'], { cwd: project, env });
  assert.is(served.length, indexed);
  const fromServer = await toolNames([join(project, 'node_modules', '.bin', 'toolkit'), 'server', '--no-toolset'], {
    cwd: project,
    env,
  });
  assert.equal(fromServer, served);
  // The build carried what the bundle needs: copied away from the project's node_modules, it serves the same.
  const away = mkdtempSync(join(tmpdir(), 'toolkit-installed-copy-'));
  try {
    cpSync(join(project, 'generated'), join(away, 'generated'), { recursive: true });
    assert.ok(existsSync(join(away, 'generated', 'engine', 'better_sqlite3.node')), 'the SQLite binding is carried');
    assert.equal(await toolNames([join(away, 'generated', 'catalog.mjs'), '--no-toolset'], { cwd: away, env }), served);
  } finally {
    rmSync(away, { recursive: true, force: true });
  }
});

test('npx toolkit validator starts, answers /api/health and stops on SIGTERM', async () => {
  // Its own process group: SIGTERM reaches npx and the validator it runs, as Ctrl-C would.
  const child = spawn('npx', ['--offline', 'toolkit', 'validator', '--port', '0'], {
    cwd: project,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 90_000);
      child.stdout.on('data', () => {
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
    });
    assert.is((await fetch(`${url}/api/health`)).status, 200);
    process.kill(-child.pid!, 'SIGTERM');
    // Every process of the group has let go of the output pipes: the validator stopped.
    const stopped = await Promise.race([
      closed.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000)),
    ]);
    assert.ok(stopped, `the validator did not stop on SIGTERM: ${out}`);
    const after = await fetch(`${url}/api/health`).then(
      () => 'answered',
      () => 'refused',
    );
    assert.is(after, 'refused');
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
});

test("a plain .mjs file imports { validateSchema } from 'toolkit'; a TypeScript file gets its types", () => {
  writeFileSync(
    join(project, 'check.mjs'),
    `import { validateSchema } from 'toolkit';
import { wireName } from 'toolkit/runtime';
const good = await validateSchema({ schema: "export const main = { namespace: 'demo', name: 'Demo', description: ` +
      `'D.', version: '3.0.0', root: 'https://api.example.com', tools: { getA: { method: 'GET', path: '/a', ` +
      `description: 'A.', parameters: [] } } };" });
const bad = await validateSchema({ schema: "export const main = { namespace: 'Demo1' };", file: 'bad.mjs' });
console.log(JSON.stringify({ good: good.status, bad: bad.status, rules: bad.diagnostics.map((d) => d.rule), name: ` +
      `wireName('demo', 'getA') }));
`,
  );
  const run = spawnSync(process.execPath, ['check.mjs'], { cwd: project, env, encoding: 'utf8' });
  assert.is(run.status, 0, run.stderr);
  const result = JSON.parse(run.stdout);
  assert.is(result.good, true);
  assert.is(result.bad, false);
  assert.ok(result.rules.includes('VAL011'));
  assert.is(result.name, 'get_a_demo');

  writeFileSync(
    join(project, 'consumer.ts'),
    `import { validateSchema, type ValidationResult } from 'toolkit';
import { wireName, type WireNameEntry } from 'toolkit/runtime';
const result: ValidationResult = await validateSchema({ schema: '' });
const entry: WireNameEntry = { namespace: 'demo', toolName: 'getA' };
export const summary: [boolean, string] = [result.status, wireName(entry.namespace, entry.toolName)];
`,
  );
  // The package's own declarations are checked too (no skipLibCheck), and the project installs no @types/node of its
  // own.
  assert.not.match(readFileSync(join(project, 'package.json'), 'utf8'), /@types\/node/);
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: [],
      },
      files: ['consumer.ts'],
    }),
  );
  const tsc = spawnSync(
    process.execPath,
    [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'],
    { cwd: project, env, encoding: 'utf8' },
  );
  assert.is(tsc.status, 0, tsc.stdout + tsc.stderr);
  assert.ok(readdirSync(join(installed, 'compiler')).includes('index.d.ts'));
});

test.run();
