/**
 * Hostile code-mode programs get no more than a hostile schema's hook: no host object (no process,
 * require, fetch, timers, QuickJS's std/os modules), nothing kept from one run to the next, no
 * secret in any encoding (a tool whose upstream echoes the key back hands the program only the
 * redacted text), and no origin but the tools' own (nothing reaches a second server). Served by the
 * runtime in-process over the MCP fetch handler, upstreams on loopback HTTPS with the test CA.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { apiDeclarations } from '../../compiler/emit/code-mode-api.ts';
import { createCodeMode, type CodeMode } from '../../runtime/code-mode/index.ts';
import { createMcpFetchHandler, createMcpServer, createRuntime, type Runtime } from '../../runtime/index.ts';
import { createUpstreamHttpClient, type UpstreamHttpClient } from '../../runtime/upstream/upstream-http.ts';
import { connectHttpEra, type EraClient } from '../support/mcp-eras.ts';
import { createTestCa } from '../support/tls.ts';
import { param, schema, str, tool } from '../runtime/support/models.ts';
import { CANARY } from '../runtime/support/spawn-server.ts';
import { startUpstream, type Upstream } from '../runtime/support/upstream.ts';

const test = suite('code-mode attacks');

let upstream: Upstream;
let elsewhere: Upstream;
let http: UpstreamHttpClient;
let runtime: Runtime;
let code: CodeMode;
let client: EraClient;
let handler: ReturnType<typeof createMcpFetchHandler>;

const textOf = (result: { content?: unknown }): string =>
  ((result.content as { text?: string }[]) ?? []).map((item) => item.text ?? '').join('\n');
const run = async (program: string) => client.callTool({ name: 'run_program', arguments: { code: program } });

/** Every form of the key a program could hand back. */
const encodings = (secret: string): string[] => [
  secret,
  Buffer.from(secret).toString('base64'),
  Buffer.from(secret).toString('base64url'),
  Buffer.from(secret).toString('hex'),
  [...secret].reverse().join(''),
  encodeURIComponent(secret),
  [...secret].map((c) => c.charCodeAt(0)).join(','),
];

test.before(async () => {
  const ca = createTestCa();
  upstream = await startUpstream(ca, {
    '/echo': (request) => ({
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: request.headers['x-key'], url: request.url }),
    }),
  });
  elsewhere = await startUpstream(ca);
  http = createUpstreamHttpClient({ ca: ca.ca });
  const schemas = [
    schema(
      'keys',
      [
        tool('echo', 'GET', [`${upstream.origin}/echo`], [param('note', 'query', str, { optional: true })], {
          description: 'Echoes the request.',
        }),
      ],
      {
        requiredServerParams: ['ECHO_KEY'],
        headers: { 'x-key': [{ server: 'ECHO_KEY' }] },
      },
    ),
  ];
  runtime = createRuntime({ schemas, serverParams: { ECHO_KEY: CANARY }, grants: { keys: ['ECHO_KEY'] }, http });
  code = createCodeMode(runtime, {
    schemas: () => schemas,
    api: apiDeclarations,
    redact: runtime.redact,
    budgets: { timeMs: 3000 },
  });
  handler = createMcpFetchHandler(() => createMcpServer(code, { name: 'attacks', version: '0.0.0' }));
  client = await connectHttpEra('modern', {
    url: 'http://attacks.local/mcp',
    fetch: (url, init) => handler(new Request(url, init)),
  });
});

test.after(async () => {
  await client?.close();
  await handler?.close();
  await code?.close();
  await runtime?.close();
  http?.close();
  await upstream?.close();
  await elsewhere?.close();
});

test("no host object: process, require, fetch, timers, modules and the engine's std/os are all absent", async () => {
  const result = await run(
    `
const names = ['process', 'require', 'module', 'fetch', 'XMLHttpRequest', 'WebSocket', 'setTimeout', 'setInterval', ` +
      `'std', 'os', 'Deno', 'Bun', 'scriptArgs', 'print'];
const seen = names.filter((name) => typeof globalThis[name] !== 'undefined');
const global = Function('return this')();
const imports = [];
for (const specifier of ['std', 'os', 'node:fs', 'fs']) {
  try { await import(specifier); imports.push(specifier + ' loaded'); } catch (error) { imports.push(specifier + ' ` +
      `refused'); }
}
return { seen, same: global === globalThis, imports, own: Object.getOwnPropertyNames(globalThis).filter((n) => ` +
      `!/^[A-Z]/.test(n)).sort() };`,
  );
  assert.not.ok(result.isError, textOf(result));
  const answer = JSON.parse(textOf(result)) as { seen: string[]; same: boolean; imports: string[]; own: string[] };
  assert.equal(answer.seen, []);
  assert.ok(answer.same);
  assert.equal(answer.imports, ['std refused', 'os refused', 'node:fs refused', 'fs refused']);
  for (const name of ['process', 'require', 'fetch', 'std', 'os']) assert.not.ok(answer.own.includes(name), name);
});

test('no secret in any encoding: the echoed key reaches the program redacted, whatever it does with it', async () => {
  const before = upstream.seen.length;
  const result = await run(`
const echoed = await tools.keys.echo({ note: 'hi' });
const text = JSON.stringify(echoed);
const codes = [...text].map((c) => c.charCodeAt(0)).join(',');
return { echoed, b64: btoa(text), reversed: [...text].reverse().join(''), codes };`);
  assert.not.ok(result.isError, textOf(result));
  assert.is(upstream.seen.at(-1)!.headers['x-key'], CANARY, "the key was sent to the tool's upstream");
  assert.is(upstream.seen.length, before + 1);
  const wire = JSON.stringify(result);
  for (const form of encodings(CANARY))
    assert.not.ok(wire.includes(form), `the answer holds the key as ${form.slice(0, 12)}…`);
  assert.match(textOf(result), /"key":"\[redacted\]"/);
  // A program that fails while holding the result: the error text is redacted too.
  const failed = await run(`const echoed = await tools.keys.echo({}); throw new Error(JSON.stringify(echoed));`);
  assert.ok(failed.isError);
  for (const form of encodings(CANARY)) assert.not.ok(JSON.stringify(failed).includes(form));
});

test("no other origin: a program reaches only the tools' upstream, whatever input it passes", async () => {
  const before = elsewhere.seen.length;
  const result = await run(
    `
const tries = [];
for (const input of [{ url: '${elsewhere.origin}/steal' }, { note: '${elsewhere.origin}/steal' }, { note: ` +
      `'../../steal' }]) {
  try { tries.push((await tools.keys.echo(input)).url); } catch (error) { tries.push('refused: ' + ` +
      `error.message.slice(0, 60)); }
}
return tries;`,
  );
  assert.not.ok(result.isError, textOf(result));
  assert.is(elsewhere.seen.length, before, 'nothing reached the other server');
  for (const url of JSON.parse(textOf(result)) as string[])
    assert.ok(url.startsWith('/echo') || url.startsWith('refused'), url);
});

test('runs share nothing: globals set by one run are gone in the next, and tools cannot be replaced', async () => {
  // Through an untyped alias: written on \`tools\` itself, the check refuses the assignments (read-only).
  const refused = await run(`tools.keys.echo = () => 'hijacked';`);
  assert.match(textOf(refused), /line 1, column 12: Cannot assign to 'echo' because it is a read-only property/);
  const first = await run(
    `globalThis.leak = 'from run 1'; const t = globalThis['tools']; try { t.keys.echo = () => 'hijacked'; } catch ` +
      `(error) {} try { t.keys = {}; } catch (error) {} return typeof t.keys.echo;`,
  );
  assert.is(textOf(first), '"function"');
  const second = await run(`return [typeof globalThis.leak, String(tools.keys.echo).includes('hijacked')];`);
  assert.is(textOf(second), '["undefined",false]');
});

test(
  'a program stuck in a getter of its thrown error, or in a proxy of its answer, is stopped at ' + 'its deadline',
  async () => {
    const started = Date.now();
    const getter = await run(`const error = { get message() { while (true) {} } }; throw error;`);
    assert.ok(getter.isError);
    const proxy = await run(`return new Proxy({}, { ownKeys() { while (true) {} } });`);
    assert.ok(proxy.isError);
    assert.match(textOf(proxy), /budget "time"/);
    assert.ok(Date.now() - started < 15_000, 'both ended near their 3 s deadlines');
    assert.is(textOf(await run('return 1 + 1;')), '2');
  },
);

test.run();
