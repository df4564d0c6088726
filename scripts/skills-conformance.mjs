#!/usr/bin/env node
// Runs the official MCP conformance suite's three skills scenarios against a built bundle over
// Streamable HTTP: `node scripts/skills-conformance.mjs [bundle.mjs] --node <node 22+ binary>`.
// The suite (@modelcontextprotocol/conformance@0.2.0-alpha.12) needs Node 22 or later; `--node` (or
// TOOLKIT_CONFORMANCE_NODE) names that binary and npx fetches the suite from the npm registry. The
// bundle (default generated/catalog.mjs) must serve at least one skill with a subfolder for the
// directory scenario. `npm test` makes the same checks on Node 20 (test/surface/skills-conformance.test.ts).
import { spawn, spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';

const SUITE = '@modelcontextprotocol/conformance@0.2.0-alpha.12';
const SCENARIOS = ['sep-2640-skills-enumeration', 'sep-2640-skills-manifest', 'sep-2640-skills-directory'];

const args = process.argv.slice(2);
const at = args.indexOf('--node');
const node = at >= 0 ? args[at + 1] : process.env.TOOLKIT_CONFORMANCE_NODE;
const bundle = resolve(args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--node') ?? 'generated/catalog.mjs');
if (!node) {
  process.stderr.write(
    'skills-conformance: give a Node 22+ binary with --node <path> (or TOOLKIT_CONFORMANCE_NODE); the suite does not ' +
      'run on Node 20\n',
  );
  process.exit(2);
}
const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
if (!/^v(2[2-9]|[3-9]\d)\./.test(version)) {
  process.stderr.write(
    `skills-conformance: ${node} is Node ${version || '(not runnable)'}; the suite needs Node 22 or later\n`,
  );
  process.exit(2);
}

const server = spawn(process.execPath, [bundle, '--http', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((done, fail) => {
  let out = '';
  server.stdout.on('data', (chunk) => {
    out += chunk;
    const match = /listening on (\S+)/.exec(out);
    if (match) done(match[1]);
  });
  server.once('exit', (code) => fail(new Error(`${bundle} exited ${code}`)));
});
let failed = 0;
try {
  for (const scenario of SCENARIOS) {
    // npx runs the suite's `#!/usr/bin/env node` entry with the Node found first on PATH: the given one.
    const run = spawnSync('npx', ['--yes', SUITE, 'server', '--url', url, '--scenario', scenario], {
      stdio: 'inherit',
      env: { ...process.env, PATH: `${dirname(node)}:${process.env.PATH ?? ''}` },
    });
    if (run.status !== 0) failed++;
  }
} finally {
  server.kill('SIGTERM');
}
process.stdout.write(
  `skills-conformance: ${SCENARIOS.length - failed} of ${SCENARIOS.length} scenarios passed against ${bundle}\n`,
);
process.exit(failed === 0 ? 0 : 1);
