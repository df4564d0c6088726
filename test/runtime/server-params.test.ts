/**
 * Server params: `~/.toolkit/.env`, overridden by the process environment (which carries the
 * client config's `env` block). Checked in-process and through a real server process.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadServerParams, parseEnvFile } from '../../runtime/index.ts';
import { createTestCa, type TestCa } from '../support/tls.ts';
import { param, schema, str, tool } from './support/models.ts';
import { assertNoCanary, CANARY, spawnStdio, textOf } from './support/spawn-server.ts';
import { startUpstream, type Upstream } from './support/upstream.ts';

const test = suite('server params');
let ca: TestCa;
let upstream: Upstream;

const homeWith = (envFile: string): string => {
  const home = mkdtempSync(join(tmpdir(), 'toolkit-home-'));
  mkdirSync(join(home, '.toolkit'));
  writeFileSync(join(home, '.toolkit', '.env'), envFile);
  return home;
};

test.before(async () => {
  ca = createTestCa();
  upstream = await startUpstream(ca);
});

test.after(async () => {
  await upstream?.close();
  assertNoCanary();
});

test('the .env format: comments, export, quotes, spaces; malformed lines skipped', () => {
  assert.equal(
    parseEnvFile(
      '# c\nA=1\nexport B = two \nC="quoted # not comment"\nD=\'single\'\nE=x # trailing\nnot a line\n\nF=a=b',
    ),
    {
      A: '1',
      B: 'two',
      C: 'quoted # not comment',
      D: 'single',
      E: 'x',
      F: 'a=b',
    },
  );
});

test('precedence: the environment (client env block) overrides ~/.toolkit/.env', () => {
  const home = homeWith('FROM_FILE=file\nBOTH=file\n');
  const keys = ['FROM_FILE', 'BOTH', 'ONLY_ENV', 'X'];
  assert.equal(loadServerParams({ keys, homeDir: home, env: { BOTH: 'env', ONLY_ENV: 'env' } }), {
    FROM_FILE: 'file',
    BOTH: 'env',
    ONLY_ENV: 'env',
  });
  assert.equal(loadServerParams({ keys, homeDir: join(home, 'missing'), env: { X: '1' } }), { X: '1' });
  // Only the variables asked for (the granted ones) are read, from either place.
  assert.equal(loadServerParams({ keys: ['BOTH'], homeDir: home, env: { BOTH: 'env', ONLY_ENV: 'env' } }), {
    BOTH: 'env',
  });
});

test('a server process reads ~/.toolkit/.env, lets its environment win, and never echoes either secret', async () => {
  const model = schema(
    'params',
    [
      tool(
        'echo',
        'GET',
        [`${upstream.origin}/p`],
        [
          param('fromFile', 'query', str, {}, [{ server: 'FILE_KEY' }]),
          param('both', 'query', str, {}, [{ server: 'BOTH_KEY' }]),
        ],
      ),
    ],
    { requiredServerParams: ['FILE_KEY', 'BOTH_KEY'] },
  );
  const served = await spawnStdio({
    caFile: ca.caFile,
    schemas: [model],
    home: homeWith(`FILE_KEY=${CANARY}-file\nBOTH_KEY=from-file-value\n`),
    env: { BOTH_KEY: `${CANARY}-env` },
  });
  try {
    const result = await served.client.callTool({ name: 'echo_params', arguments: {} });
    assert.not.ok(result.isError, textOf(result));
    assert.is(upstream.seen[upstream.seen.length - 1]!.url, `/p?fromFile=${CANARY}-file&both=${CANARY}-env`);
    assert.is(textOf(result), '{"method":"GET","url":"/p?fromFile=[redacted]&both=[redacted]","body":null}');
  } finally {
    await served.close();
  }
});

test.run();
