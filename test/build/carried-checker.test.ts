/**
 * Code mode from a copied bundle: `toolkit build --carry-code-mode` writes the program checker (the
 * TypeScript compiler) and the sandbox into engine/, so the bundle copied to an empty directory outside the
 * repository, served with `--listing code`, checks programs before it runs them (an unknown tool is
 * refused with its line and column) and runs the ones that fit. Without the flag the same copy
 * answers in one line with the fix; a carried checker changed after the build is refused by name.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { buildWorkspace } from './support/run-cli.ts';
import { createWorkspace } from '../resources/support/workspace.ts';

const ws = createWorkspace('carried-checker');
const elsewhere = mkdtempSync(join(tmpdir(), 'toolkit-checker-'));
let withChecker = '';
let withoutChecker = '';

const schema =
  `export const main = {
    namespace: 'tides',
    name: 'Tides',
    description: 'Tide heights.',
    version: '3.0.0',
    root: 'https://api.tides.example',
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
`;

/** The build's output copied to a fresh directory outside the repository. */
function copyOut(outName: string): string {
  const dir = join(elsewhere, outName, 'generated');
  cpSync(ws.path(outName), dir, { recursive: true });
  return dir;
}

/** Runs one program in code mode against the copied bundle, started with only PATH and a HOME. */
async function runProgram(generated: string, code: string): Promise<{ text: string; isError: boolean }> {
  const home = join(dirname(generated), 'home');
  mkdirSync(home, { recursive: true });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(generated, 'catalog.mjs'), '--listing', 'code'],
    cwd: dirname(generated),
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, TOOLKIT_CODE_CACHE: 'off' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'carried-checker-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    assert.equal(names.sort(), ['run_program', 'search_api']);
    const result = (await client.callTool({ name: 'run_program', arguments: { code } })) as {
      content: { text: string }[];
      isError?: boolean;
    };
    return { text: result.content.map((part) => part.text).join('\n'), isError: result.isError === true };
  } finally {
    await client.close();
  }
}

test.before(async () => {
  ws.write('schemas/providers/tides/tides.mjs', schema);
  const carried = await buildWorkspace(ws.dir, ['--carry-code-mode'], 'out-checker');
  assert.is(carried.code, 0, carried.stdout + carried.stderr);
  assert.match(carried.stderr, /copy with it: [^\n]*engine\/ \([^\n]*program checker [\d.]+ MB\)/);
  const plain = await buildWorkspace(ws.dir, [], 'out-plain');
  assert.is(plain.code, 0, plain.stdout + plain.stderr);
  assert.not.ok(existsSync(ws.path('out-plain', 'engine', 'program-checker.cjs')), 'carried only when asked');
  withChecker = copyOut('out-checker');
  withoutChecker = copyOut('out-plain');
});

test.after(() => {
  rmSync(elsewhere, { recursive: true, force: true });
  ws.remove();
});

test(
  'with the checker carried, a copied bundle checks a program before running it, and runs ' + 'one that fits',
  async () => {
    const wrong = await runProgram(withChecker, 'const h = await tools.tides.getDepth({ port: "Brest" });\nreturn h;');
    assert.ok(wrong.isError, wrong.text);
    assert.match(wrong.text, /^the program was not run: it does not fit the API/);
    assert.match(wrong.text, /line 1, column \d+/);
    assert.match(wrong.text, /getDepth/);
    const fits = await runProgram(
      withChecker,
      'const ports: string[] = ["Brest", "Aberdeen"];\nreturn ports.length * 2;',
    );
    assert.not.ok(fits.isError, fits.text);
    assert.is(fits.text, '4');
  },
);

test('without it, the copied bundle says in one line how to get it', async () => {
  const outcome = await runProgram(withoutChecker, 'return 1;');
  assert.ok(outcome.isError);
  assert.match(
    outcome.text,
    new RegExp(
      '^the program was not run: code mode checks programs with the TypeScript compiler, which is neither carried ' +
        'beside this bundle nor installed where it runs: rebuild with `toolkit build --carry-code-mode`',
    ),
  );
  assert.not.match(outcome.text, /\n|node_modules|Require stack/);
});

test('a carried checker changed after the build is refused, naming the file', async () => {
  appendFileSync(join(withChecker, 'engine', 'program-checker.cjs'), '\n// changed\n');
  const outcome = await runProgram(withChecker, 'return 1;');
  assert.ok(outcome.isError);
  assert.match(
    outcome.text,
    new RegExp(
      '^the program was not run: engine\\/program-checker\\.cjs \\(the program checker\\) no longer matches the hash ' +
        'recorded at build time',
    ),
  );
});

test.run();
