/**
 * The README's main command, end to end: `toolkit start` builds the real catalog, serves the bundle
 * over Streamable HTTP and starts the validator with that server allowed. The validator then
 * assesses the project's own generated server through its public API, as a newcomer would from the UI.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadSchemaTree } from '../../compiler/index.ts';

const root = resolve(import.meta.dirname, '..', '..');
const out = mkdtempSync(join(tmpdir(), 'toolkit-start-'));
let child: ChildProcess | undefined;
let output = '';

async function started(): Promise<{ mcpUrl: string; validatorUrl: string; tools: number }> {
  child = spawn(
    process.execPath,
    [
      join(root, 'cli', 'bin.mjs'),
      'start',
      '--port',
      '0',
      '--mcp-port',
      '0',
      '--schemas',
      join(root, 'schemas'),
      '--out',
      join(out, 'generated'),
    ],
    {
      cwd: out,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  return new Promise((done, fail) => {
    const check = () => {
      const mcpUrl = output.match(/MCP server \(the catalog\):\s+(\S+)/)?.[1];
      const validatorUrl = output.match(/Validator UI:\s+(\S+)/)?.[1];
      const tools = Number(output.match(/^\d+ schemas, (\d+) tools, \d+ rebuilt, /m)?.[1]);
      if (mcpUrl && validatorUrl) done({ mcpUrl, validatorUrl, tools });
    };
    child!.stdout!.on('data', check);
    child!.once('exit', (code) => fail(new Error(`toolkit start exited (${code}):\n${output}`)));
  });
}

test.after(() => {
  child?.kill('SIGINT');
  rmSync(out, { recursive: true, force: true });
});

test("npm start: the validator page assesses the project's own MCP server as a passing MCP endpoint", async () => {
  const { mcpUrl, validatorUrl, tools } = await started();
  // Counted from the catalog itself, never remembered: every tool of every schema in schemas/.
  const expected = (await loadSchemaTree(join(root, 'schemas'))).reduce(
    (sum, entry) => sum + (entry.model?.tools.length ?? 0),
    0,
  );
  assert.ok(expected > 0);
  assert.is(tools, expected, 'the build reports every tool of the catalog');

  const page = await fetch(validatorUrl);
  assert.is(page.status, 200);
  assert.match(await page.text(), /<html/i);

  const response = await fetch(new URL('/api/validate', validatorUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: mcpUrl }),
  });
  assert.is(response.status, 200);
  const result = (await response.json()) as Record<string, { status: string; summary: Record<string, unknown> }>;
  assert.is(result.mcp!.status, 'pass');
  // The catalog's plain listing is over 50 KB, so the bundle serves it through the three toolset tools.
  assert.is(result.mcp!.summary.toolCount, 3, 'the served bundle lists search_tools, describe_tool and call_tool');
  assert.is(result.mcp!.summary.serverName, 'toolkit-catalog');
  assert.is(result.http!.status, 'pass');
  for (const section of ['a2a', 'ui', 'oauth']) assert.ok(result[section], `section ${section} is present`);
});

test.run();
