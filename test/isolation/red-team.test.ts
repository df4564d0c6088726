/**
 * An outside red team on handler isolation: attacks a schema author who has read the source could
 * write, one test per class, each through what a user runs (`toolkit validate`, `toolkit build` and
 * the bundle, `toolkit server`, the runtime with its real HTTP client) and asserting what a user
 * would see. The classes the earlier suites cover (escapes from the guest, runaway hooks against
 * tools without hooks, parser differentials, secret tokens, redirects) are not repeated here.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { ts } from 'ts-morph';
import { loadSchemaFile } from '../../compiler/load/load-schema.ts';
import { createRuntime } from '../../runtime/create-runtime.ts';
import { createUpstreamHttpClient } from '../../runtime/upstream/upstream-http.ts';
import { runCli } from '../build/support/run-cli.ts';
import { createWorkspace } from '../build/support/workspace.ts';
import { schema, tool } from '../runtime/support/models.ts';
import { schemaFile } from './support/schemas.ts';
import { startBuiltBundle, startToolkitServer } from './support/servers.ts';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/red-team');
const ROOT = 'https://127.0.0.1:9';

const sandbox = suite('the handler sandbox, shared by every schema of a server');

sandbox(
  "a schema whose hooks spin to the deadline, called twice at once, does not hold another schema's hooks until it ends",
  async () => {
    const ws = createWorkspace('red-team-fair');
    ws.write(
      'schemas/spinner.mjs',
      schemaFile({
        namespace: 'spinner',
        root: ROOT,
        tools: { spin: { path: '/x' } },
        handlers:
          '({ sharedLists, libraries }) => ({ spin: { executeRequest: async ({ struct, payload }) => { for ' +
          '(;;) {} } } })',
      }),
    );
    ws.write(
      'schemas/victim.mjs',
      schemaFile({
        namespace: 'victim',
        root: ROOT,
        tools: { answer: { path: '/x' } },
        handlers:
          '({ sharedLists, libraries }) => ({ answer: { executeRequest: async ({ struct, payload }) => ({ response: ' +
          '{ answered: true } }) } })',
      }),
    );
    const served = await startToolkitServer(ws.dir, { TOOLKIT_TIMEOUT_MS: '6000' });
    try {
      // Both sandbox workers are taken by the spinner before the victim's hook is called.
      let ended = 0;
      const spinning = [served.call('spin_spinner'), served.call('spin_spinner')].map((call) =>
        call.finally(() => (ended += 1)),
      );
      await new Promise((done) => setTimeout(done, 400));
      const victim = await served.call('answer_victim');
      assert.not.ok(victim.isError, victim.text);
      assert.equal(JSON.parse(victim.text), { answered: true });
      assert.is(ended, 0, 'the victim answered only once a spinning call had ended');
      for (const spin of await Promise.all(spinning))
        assert.match(spin.text, /executeRequest handler of spin timed out/);
    } finally {
      await served.close();
      ws.remove();
    }
  },
);

sandbox('a handler module that throws a 4 MiB value while it loads fails each call with a short error', async () => {
  const ws = createWorkspace('red-team-throw');
  ws.write(
    'schemas/thrower.mjs',
    `${schemaFile({ namespace: 'thrower', root: ROOT, tools: { go: { path: '/x' } } })}
const hook = (() => { throw { message: 'x'.repeat(2 ** 22) } })()
export const handlers = ({ sharedLists, libraries }) => ({ go: { preRequest: hook } })
`,
  );
  const validate = await runCli(['validate', ws.path('schemas')]);
  assert.is(validate.code, 0, validate.stdout);
  const served = await startToolkitServer(ws.dir, {});
  try {
    for (let call = 0; call < 2; call++) {
      const { isError, text } = await served.call('go_thrower');
      assert.ok(isError);
      assert.match(text, /^handlers of "thrower" failed to load: x{2000}…$/);
    }
  } finally {
    await served.close();
    ws.remove();
  }
});

sandbox.run();

const secrets = suite('secrets in errors');

secrets(
  'a server param in the host of main.root is redacted from a connection error, although the URL lowercased it',
  async () => {
    const key = 'TenantKey-AbCdEf0123456789';
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    // The real client; every host name is sent to a loopback port nothing listens on (curl's --connect-to).
    const http = createUpstreamHttpClient({ connectTo: () => ({ host: '127.0.0.1', port }) });
    const runtime = createRuntime({
      schemas: [
        schema('tenant', [tool('ping', 'GET', ['https://', { server: 'TENANT_KEY' }, '.api.example.test/ping'])], {
          requiredServerParams: ['TENANT_KEY'],
        }),
      ],
      serverParams: { TENANT_KEY: key },
      grants: { tenant: ['TENANT_KEY'] },
      http,
    });
    try {
      const result = await runtime.tools[0]!.call({});
      const text = JSON.stringify(result);
      assert.ok(result.isError, text);
      assert.match(text, /upstream \[redacted\]\.api\.example\.test refused the connection \(ECONNREFUSED\)/);
      for (const form of [key, key.toLowerCase(), key.toUpperCase()]) assert.not.ok(text.includes(form), text);
    } finally {
      await runtime.close();
      http.close();
    }
  },
);

secrets.run();

const compile = suite('what the scan reads is what the sandbox runs');

const typescriptFixtures = readdirSync(join(FIXTURES, 'typescript-syntax')).filter((name) =>
  name.endsWith('.fails.mjs'),
);

compile(
  'TypeScript-only syntax in handlers is a compile-time syntax error (PAR001), not a sandbox that refuses to load ' +
    'at call time',
  () => {
    assert.is(typescriptFixtures.length, 4);
    for (const name of typescriptFixtures) {
      const rule = name.split('.')[0]!;
      const loaded = loadSchemaFile(join(FIXTURES, 'typescript-syntax', name));
      const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
      assert.ok(
        errors.some((d) => d.rule === rule && /can only be used in TypeScript files/.test(d.message)),
        `${name}: ${loaded.messages.join('\n')}`,
      );
      assert.is(loaded.model, undefined, name);
    }
  },
);

compile.run();

const emit = suite('schema text in generated code');

/**
 * Calls `process.exit(97)` (the fixture's payload) in TypeScript or JavaScript text, as code; negative: that many
 * syntax errors.
 */
function payloadCalls(file: string): number {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.ES2022,
    true,
    file.endsWith('.cjs') ? ts.ScriptKind.JS : ts.ScriptKind.TS,
  );
  let calls = 0;
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      node.expression.getText(source) === 'process.exit' &&
      node.arguments[0]?.getText(source) === '97'
    )
      calls += 1;
    ts.forEachChild(node, visit);
  };
  visit(source);
  const parseErrors = (source as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics.length;
  return parseErrors > 0 ? -parseErrors : calls;
}

emit(
  'comment and string terminators, template substitutions, line separators and slot markers in a schema stay data in ' +
    'the module, the bundle, the .d.mts and the listing',
  async () => {
    const ws = createWorkspace('red-team-emit');
    try {
      const build = await runCli([
        'build',
        '--schemas',
        join(FIXTURES, 'emit-injection'),
        '--out',
        ws.path('out'),
        '--project',
        ws.dir,
      ]);
      assert.is(build.code, 0, build.stdout + build.stderr);
      const generated = [
        ws.path('out', 'catalog.d.mts'),
        ws.path('out', 'catalog.code.cjs'),
        ...readdirSync(ws.path('out', 'modules')).map((name) => ws.path('out', 'modules', name)),
      ];
      for (const file of generated)
        assert.is(payloadCalls(file), 0, `${file}: code (or a syntax error) made of schema text`);
      const served = await startBuiltBundle(ws.dir, {});
      try {
        const { tools } = await served.client.listTools();
        const model = loadSchemaFile(join(FIXTURES, 'emit-injection', 'strings.mjs')).model!;
        assert.is(tools.length, 1);
        assert.is(tools[0]!.description, model.tools[0]!.description);
        assert.equal((tools[0]!.inputSchema.properties as Record<string, { enum?: string[] }>).mode!.enum, [
          'a*/process.exit(97)/*',
          'b"+process.exit(97)+"',
          'c`${process.exit(97)}`',
        ]);
        assert.ok(tools[0]!.description!.includes('\u2028') && tools[0]!.description!.includes('%%INPUT_SCHEMAS%%'));
      } finally {
        await served.close();
      }
    } finally {
      ws.remove();
    }
  },
);

emit.run();
