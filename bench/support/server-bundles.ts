/**
 * The servers the runtime bench spawns, bundled with esbuild into plain `.mjs` files as generated
 * bundles ship (tsx would add its own start-up), with the same SDK stand-ins the build applies:
 *  - `v2`: today's runtime (`test/runtime/support/serve-models.ts` over `runtime/`);
 *  - `v1`: the runtime as it was on the v1 SDK (`@modelcontextprotocol/sdk` 1.x, kept as a dev
 *    dependency), taken from git at `V1_COMMIT`, so one bench run prints both side by side;
 *  - the bare SDK floors: a low-level `Server` answering one constant tool, v1 over its stdio
 *    transport and v2 through `serveStdio` (both eras).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import { TOOLKIT_VERSION } from '../../runtime/toolkit-version.ts';

const root = resolve(import.meta.dirname, '..', '..');

/** The last commit whose runtime served MCP with the v1 SDK (main before issue 11). */
export const V1_COMMIT = '0ccd46141c13692a7a97f9006829ca86418cac91';

const banner =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/** The stand-ins `compiler/build/bundle.ts` applies, for either SDK line (Ajv is only used for elicitation). */
function standIns(v1StandIn?: string): Plugin {
  return {
    name: 'sdk-stand-ins',
    setup(b) {
      b.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims$/ }, () => ({
        path: join(root, 'templates', 'sdk-shims.ts'),
      }));
      if (v1StandIn)
        b.onResolve({ filter: /\/validation\/ajv-provider\.js$/ }, (args) =>
          args.importer.includes('@modelcontextprotocol/sdk') ? { path: v1StandIn } : undefined,
        );
    },
  };
}

export interface Bundled {
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
}

async function bundleTo(
  outfile: string,
  options: {
    entry?: string;
    source?: { contents: string; resolveDir: string };
    v1StandIn?: string;
    nodePaths?: string[];
  },
): Promise<Bundled> {
  await build({
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    minify: true,
    legalComments: 'none',
    banner: { js: banner },
    // As the build does (`compiler/build/bundle.ts`): the runtime's version a constant, no package.json read.
    define: { TOOLKIT_BUILT_VERSION: JSON.stringify(TOOLKIT_VERSION) },
    outfile,
    ...(options.entry ? { entryPoints: [options.entry] } : { stdin: { ...options.source!, loader: 'ts' } }),
    ...(options.nodePaths ? { nodePaths: options.nodePaths } : {}),
    plugins: [standIns(options.v1StandIn)],
  });
  const code = readFileSync(outfile);
  return { file: outfile, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length };
}

/** Today's runtime serving a models file (the `serve-models.ts` entry). */
export const bundleV2Runtime = (dir: string): Promise<Bundled> =>
  bundleTo(join(dir, 'serve-v2.mjs'), { entry: join(root, 'test', 'runtime', 'support', 'serve-models.ts') });

/** The v1-SDK runtime of `V1_COMMIT` serving a models file; null when git or that commit is not available. */
export async function bundleV1Runtime(dir: string): Promise<Bundled | null> {
  const tree = join(dir, 'v1-tree');
  mkdirSync(tree, { recursive: true });
  try {
    const archive = execFileSync(
      'git',
      [
        '-C',
        root,
        'archive',
        V1_COMMIT,
        'runtime',
        'templates/sdk-json-schema-validator.ts',
        'test/runtime/support/serve-models.ts',
      ],
      { maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] },
    );
    execFileSync('tar', ['-x', '-C', tree], { input: archive });
  } catch {
    return null;
  }
  return bundleTo(join(dir, 'serve-v1.mjs'), {
    entry: join(tree, 'test', 'runtime', 'support', 'serve-models.ts'),
    v1StandIn: join(tree, 'templates', 'sdk-json-schema-validator.ts'),
    nodePaths: [join(root, 'node_modules')],
  });
}

const BARE_V1 =
  `
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'bare', version: '0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [{ name: 'constant', inputSchema: { type: 'object' ` +
  `} }] }));
server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: 'text', text: '{"id":1,"name":"thing"}' ` +
  `}] }));
await server.connect(new StdioServerTransport());
`;

const BARE_V2 =
  `
import { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
const validator = { getValidator: () => () => ({ valid: false, data: undefined, errorMessage: 'none' }) };
serveStdio(() => {
  // The runtime's cache hint: with the SDK's default (ttlMs 0) a 2026-07-28 client lists the tools again before ` +
  `every call.
  const server = new Server({ name: 'bare', version: '0' }, { capabilities: { tools: {} }, jsonSchemaValidator: ` +
  `validator, cacheHints: { 'tools/list': { ttlMs: 300000, cacheScope: 'public' } } });
  server.setRequestHandler('tools/list', () => ({ tools: [{ name: 'constant', inputSchema: { type: 'object' } }] }));
  server.setRequestHandler('tools/call', () => ({ content: [{ type: 'text', text: '{"id":1,"name":"thing"}' }] }));
  return server;
});
`;

/** The bare SDK servers: the floor any stdio MCP server on that SDK pays (pipe + SDK parsing and validation). */
export async function bundleBareServers(dir: string): Promise<{ v1: Bundled; v2: Bundled }> {
  const resolveDir = join(root, 'bench');
  return {
    v1: await bundleTo(join(dir, 'bare-v1.mjs'), { source: { contents: BARE_V1, resolveDir } }),
    v2: await bundleTo(join(dir, 'bare-v2.mjs'), { source: { contents: BARE_V2, resolveDir } }),
  };
}

/** Writes `text` to `dir/name` and returns the path. */
export function writeIn(dir: string, name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}
