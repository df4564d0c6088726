/**
 * `toolkit init provider` starts a provider that a user can build on: the files validate with no
 * error and no warning, their declared tests run through `test single`'s code against an HTTPS
 * upstream on loopback, and nothing is overwritten or half-written.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { main } from '../../cli/main.ts';
import { runDeclaredTests } from '../../cli/tool-tests/run-declared-tests.ts';
import { loadSchemaTree } from '../../compiler/index.ts';
import { createUpstreamHttpClient } from '../../runtime/upstream-http.ts';
import { startReplay } from '../support/replay-upstream.ts';
import { createTestCa } from '../support/tls.ts';

const dir = mkdtempSync(join(tmpdir(), 'toolkit-init-provider-'));
const schemas = join(dir, 'schemas');
test.after(() => rmSync(dir, { recursive: true, force: true }));

async function toolkit(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const sink = (append: (text: string) => void) => new Writable({ write(chunk, _encoding, done) { append(String(chunk)); done(); } });
  const code = await main(args, { stdout: sink((t) => (stdout += t)), stderr: sink((t) => (stderr += t)) });
  return { code, stdout, stderr };
}

test('writes a schema and an about prompt that validate with no error and no warning', async () => {
  const run = await toolkit(['init', 'provider', 'tides', '--root', 'https://api.tides.test', '--schemas', schemas]);
  assert.is(run.code, 0, run.stderr);
  assert.match(run.stdout, /^1 schemas, 0 errors, 0 warnings$/m);
  assert.equal(readdirSync(join(schemas, 'providers')), ['tides'], 'no staging folder left behind');
  assert.ok(existsSync(join(schemas, 'providers', 'tides', 'prompts', 'about.mjs')));
  const [entry] = await loadSchemaTree(schemas);
  assert.ok(entry?.model, 'the loader builds a model');
  assert.equal(entry!.diagnostics, []);
  assert.is(entry!.model!.prompts[0]!.name, 'about');
});

test('its declared tests run through the runtime against an HTTPS upstream', async () => {
  const ca = createTestCa({ names: ['api.tides.test'] });
  const replay = await startReplay([{
    namespace: 'tides',
    host: 'api.tides.test',
    docs: ['https://api.tides.test'],
    exchanges: [
      { tool: 'getItem', test: 'An item that exists', request: { method: 'GET', url: '/items/1?lang=en' }, response: { body: { id: '1', name: 'High tide' } } },
      { tool: 'getItem', test: 'The same item in German', request: { method: 'GET', url: '/items/1?lang=de' }, response: { body: { id: '1', name: 'Flut' } } },
    ],
  }], ca);
  const http = createUpstreamHttpClient({ ca: ca.ca, connectTo: replay.connectTo });
  try {
    const report = await runDeclaredTests({ schemasDir: schemas, selector: 'tides', http });
    assert.equal(report.outcomes.map((o) => [o.tool, o.description, o.ok]), [
      ['get_item_tides', 'An item that exists', true],
      ['get_item_tides', 'The same item in German', true],
    ]);
  } finally {
    http.close();
    await replay.close();
  }
});

test('an existing provider is never overwritten', async () => {
  const before = readFileSync(join(schemas, 'providers', 'tides', 'tides.mjs'), 'utf8');
  const run = await toolkit(['init', 'provider', 'tides', '--root', 'https://other.test', '--schemas', schemas]);
  assert.is(run.code, 1);
  assert.match(run.stderr, /^toolkit init provider: .*tides already exists; nothing was written\n$/);
  assert.is(readFileSync(join(schemas, 'providers', 'tides', 'tides.mjs'), 'utf8'), before);
});

test('a namespace that is not lowercase letters, or a root that is not https, is a usage error', async () => {
  for (const [args, message] of [
    [['init', 'provider', 'Tides2', '--root', 'https://api.test'], /namespace "Tides2" must be lowercase letters/],
    [['init', 'provider', 'tides', '--root', 'http://api.test'], /--root http:\/\/api\.test: expected an https:\/\/ URL/],
    [['init', 'provider', 'tides', '--root', 'https://api.test/'], /without a trailing slash/],
  ] as const) {
    const run = await toolkit([...args, '--schemas', join(dir, 'other')]);
    assert.is(run.code, 2, args.join(' '));
    assert.match(run.stderr, message);
    assert.not.ok(existsSync(join(dir, 'other')), 'nothing written');
  }
});

test.run();
