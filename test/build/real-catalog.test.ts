/**
 * The project's own `schemas/` catalog builds; its bundle lists every tool the manifest records
 * (with `--no-toolset`: the plain listing is over 50 KB, so by default it serves the toolset).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assignWireNames } from '../../runtime/wire-name.ts';
import { connectStdio } from './support/mcp-clients.ts';
import { runCli } from './support/run-cli.ts';
import { createWorkspace, repoRoot } from './support/workspace.ts';

const schemas = join(repoRoot, 'schemas');
const ws = createWorkspace('catalog');
test.after(() => ws.remove());
let buildStderr = '';

test('schemas/ builds without a failure, and catalog.mjs lists every tool of every schema', async () => {
  assert.ok(existsSync(schemas), `${schemas} is missing`);
  const build = await runCli(['build', '--schemas', schemas, '--out', ws.path('out'), '--project', ws.dir]);
  assert.is(build.code, 0, build.stderr);
  buildStderr = build.stderr;
  const manifest = JSON.parse(readFileSync(ws.path('out', 'manifest.json'), 'utf8')) as {
    schemas: { namespace: string; source: string; tools: string[] }[];
    failed: { source: string }[];
  };
  assert.equal(manifest.failed, [], build.stderr);
  assert.ok(manifest.schemas.length > 0);
  const expected = assignWireNames(
    manifest.schemas.flatMap((s) =>
      s.tools.map((toolName) => ({ namespace: s.namespace, toolName, source: s.source })),
    ),
  );
  const { client, close } = await connectStdio(ws.path('out', 'catalog.mjs'), {}, ['--no-toolset']);
  try {
    const { tools } = await client.listTools();
    assert.equal(tools.map((t) => t.name).sort(), [...expected].sort());
    assert.match(build.stdout, new RegExp(`^${manifest.schemas.length} schemas, ${expected.length} tools`));
  } finally {
    await close();
  }
});

test('by default the catalog bundle serves the toolset, and the build says why', async () => {
  assert.match(buildStderr, /warning: catalog\.mjs lists \d+ tools in [\d.]+ KB, more than MCP clients take/);
  const { client, close } = await connectStdio(ws.path('out', 'catalog.mjs'));
  try {
    const { tools } = await client.listTools();
    assert.equal(
      tools.map((t) => t.name),
      ['search_tools', 'describe_tool', 'call_tool'],
    );
  } finally {
    await close();
  }
});

test.run();
