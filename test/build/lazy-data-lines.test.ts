/**
 * A built bundle reads of its data file only what a request answers from: each line (the listing,
 * each schema, the skills' files) is checked against its own hash when first read. With every schema
 * line and the skills' line edited at the same size, the bundle still starts and answers
 * `tools/list`, `prompts/list` and `resources/templates/list` (none of them reads those lines); the
 * first request that does (`skills/list`, `prompts/get`) is refused: the server stops, naming what
 * changed, and answers nothing from it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { buildWorkspace } from './support/run-cli.ts';
import { createWorkspace } from './support/workspace.ts';
import { surfaceCatalog } from '../support/surface-catalog.ts';

const ws = createWorkspace('lazy-data-lines');

test.before(async () => {
  for (const [path, contents] of Object.entries(surfaceCatalog('https://127.0.0.1:9')))
    ws.write(path, contents as string);
  const build = await buildWorkspace(ws.dir);
  assert.is(build.code, 0, build.stdout + build.stderr);
});
test.after(() => ws.remove());

const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/skills': {} } },
  'io.modelcontextprotocol/clientInfo': { name: 'test', version: '0' },
};

/** A copy of the output whose data lines from `first` on (all but the listing and typed API) are edited, sizes kept. */
function tampered(name: string, lines: (index: number, count: number) => boolean): string {
  cpSync(ws.path('out'), ws.path(name), { recursive: true });
  const path = ws.path(name, 'catalog.data.jsonl');
  const all = readFileSync(path, 'utf8').split('\n');
  const count = all.length - 1;
  // The opening `{"` of the line becomes `{'`: the same size, another hash.
  const edited = all.map((line, index) => (index < count && lines(index, count) ? `{'${line.slice(2)}` : line));
  writeFileSync(path, edited.join('\n'));
  return ws.path(name, 'catalog.mjs');
}

interface Session {
  ask(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown> | undefined>;
  exit: Promise<{ code: number | null; stderr: string; stdout: string }>;
}

/** Serves `bundle` over stdio; `ask` answers with the response, or undefined when the server stopped instead. */
function session(bundle: string): Session {
  const child = spawn(process.execPath, [bundle], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const waiting = new Map<number, (message: Record<string, unknown> | undefined) => void>();
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    for (const line of chunk.split('\n').filter(Boolean)) {
      const message = JSON.parse(line) as Record<string, unknown>;
      waiting.get(message.id as number)?.(message);
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exit = new Promise<{ code: number | null; stderr: string; stdout: string }>((done) =>
    child.on('exit', (code) => {
      for (const settle of waiting.values()) settle(undefined);
      done({ code, stderr, stdout });
    }),
  );
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  void exit.then(() => clearTimeout(timer));
  let id = 0;
  return {
    exit,
    ask: (method, params = {}) =>
      new Promise((done) => {
        waiting.set(++id, done);
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } })}\n`);
      }),
  };
}

const resultOf = (message: Record<string, unknown> | undefined) => message?.result as Record<string, unknown[]>;

test('lists answer past edited schema and skills lines; the first skills request stops the server', async () => {
  const bundle = tampered('edited-all', (index) => index >= 2);
  const server = session(bundle);
  assert.ok(resultOf(await server.ask('tools/list')).tools!.length > 0, 'tools/list answered');
  assert.ok(resultOf(await server.ask('prompts/list')).prompts!.length > 0, 'prompts/list answered');
  const templates = resultOf(await server.ask('resources/templates/list')).resourceTemplates as {
    uriTemplate: string;
  }[];
  assert.ok(
    templates.some((t) => t.uriTemplate === 'skill://{+path}'),
    'the skill template is listed',
  );
  assert.is(await server.ask('skills/list'), undefined, 'no answer: the server stopped');
  const { code, stderr, stdout } = await server.exit;
  assert.is(code, 1);
  assert.ok(stderr.includes(`${bundle}: refusing to go on: the skills section no longer matches`), stderr);
  assert.not.match(stdout, /"id":4/, 'no answer to skills/list: nothing of the edited skills was served');
});

test('the first prompt rendered from an edited schema line stops the server, naming the module', async () => {
  const bundle = tampered('edited-schemas', (index, count) => index >= 2 && index < count - 1);
  const server = session(bundle);
  const prompts = resultOf(await server.ask('prompts/list')).prompts as { name: string }[];
  assert.is(await server.ask('prompts/get', { name: prompts[0]!.name, arguments: {} }), undefined);
  const { code, stderr } = await server.exit;
  assert.is(code, 1);
  assert.match(stderr, /refusing to go on: modules\/providers__[\w-]+\.ts \(generated from providers\/[\w/-]+\.mjs\)/);
});

test.run();
