/**
 * `toolkit test single` as a user runs it: the real binary as a child process in a temporary HOME,
 * against the recorded-response replay on loopback. The binary has no test hooks: `--connect-to`
 * (curl's option) sends the provider's host to the replay and `NODE_EXTRA_CA_CERTS` trusts the test CA,
 * exactly as a user would point it at a staging server with its own certificate authority.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { replayCatalog } from './support/replay-catalog.ts';

const root = resolve(import.meta.dirname, '..', '..');
const home = mkdtempSync(join(tmpdir(), 'toolkit-test-single-'));
const catalog = await replayCatalog();
const replayTo = `::127.0.0.1:${catalog.replay.port}`;
const canary = process.env.TOOLKIT_TEST_CANARY ?? 'replay-secret';
test.after(async () => {
  await catalog.close();
  rmSync(home, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function toolkit(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(root, 'cli', 'bin.mjs'), ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home,
        NO_COLOR: '1',
        TOOLKIT_MODE: 'dev',
        NODE_EXTRA_CA_CERTS: catalog.ca.caFile,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

test('one tool: its declared test passes against the replay, exit 0', async () => {
  const run = await toolkit([
    'test',
    'single',
    'get_elevation_openmeteo',
    '--connect-to',
    `api.open-meteo.com:443:127.0.0.1:${catalog.replay.port}`,
  ]);
  assert.is(run.code, 0, run.stderr + run.stdout);
  assert.match(
    run.stdout,
    new RegExp(
      '^PASS {2}get_elevation_openmeteo {2}Elevation of Zermatt {2}\\(\\d+ ms\\)\\n {6}JSON matching the declared ' +
        'output, \\d+ bytes\\n1 passed, 0 failed\\n$',
    ),
  );
});

test(
  'a namespace runs every tool; an API key granted to its schema comes from the environment ' + 'and never shows',
  async () => {
    const run = await toolkit(['test', 'single', 'etherscan', '--connect-to', replayTo], {
      ETHERSCAN_API_KEY: canary,
      TOOLKIT_GRANTS: 'etherscan:ETHERSCAN_API_KEY',
    });
    assert.is(run.code, 0, run.stderr + run.stdout);
    assert.match(run.stdout, /^7 passed, 0 failed$/m);
    for (const tool of [
      'get_balance_etherscan',
      'get_transactions_etherscan',
      'get_token_transfers_etherscan',
      'get_contract_abi_etherscan',
      'get_gas_oracle_etherscan',
      'get_latest_block_number_etherscan',
    ]) {
      assert.match(run.stdout, new RegExp(`^PASS  ${tool}  `, 'm'));
    }
    assert.not.ok(run.stdout.includes(canary) || run.stderr.includes(canary));
  },
);

test('the tool ID form and --json', async () => {
  const run = await toolkit(['test', 'single', 'frankfurter/tool/getLatestRates', '--json', '--connect-to', replayTo]);
  assert.is(run.code, 0, run.stderr);
  const report = JSON.parse(run.stdout) as {
    passed: number;
    failed: number;
    untested: string[];
    outcomes: { tool: string; id: string; description: string; ok: boolean; detail: string; ms: number }[];
  };
  assert.equal([report.passed, report.failed, report.untested], [2, 0, []]);
  assert.equal(
    report.outcomes.map((o) => [o.tool, o.id, o.description, o.ok]),
    [
      ['get_latest_rates_frankfurter', 'frankfurter/tool/getLatestRates', 'Euro to US dollar and pound', true],
      ['get_latest_rates_frankfurter', 'frankfurter/tool/getLatestRates', '250 Swiss francs in every currency', true],
    ],
  );
});

test('a missing API key fails the test with the name of the variable, exit 1', async () => {
  const run = await toolkit(['test', 'single', 'get_gas_oracle_etherscan', '--connect-to', replayTo], {
    TOOLKIT_GRANTS: 'etherscan:ETHERSCAN_API_KEY',
  });
  assert.is(run.code, 1);
  assert.match(run.stdout, /^FAIL {2}get_gas_oracle_etherscan {2}Gas prices on Ethereum now/m);
  assert.match(run.stdout, /missing server parameter ETHERSCAN_API_KEY/);
  assert.match(run.stdout, /^0 passed, 1 failed$/m);
});

test(
  'an API key in the environment but not granted to the schema is not used: the test fails naming the command ' +
    'that grants it',
  async () => {
    const run = await toolkit(['test', 'single', 'get_gas_oracle_etherscan', '--connect-to', replayTo], {
      ETHERSCAN_API_KEY: canary,
    });
    assert.is(run.code, 1);
    assert.match(
      run.stdout,
      /the server param ETHERSCAN_API_KEY is not granted to etherscan: run `toolkit grant etherscan ETHERSCAN_API_KEY`/,
    );
    assert.not.ok(run.stdout.includes(canary) || run.stderr.includes(canary));
  },
);

test('certificates are checked: without the test CA the replay is refused, exit 1', async () => {
  const run = await toolkit(['test', 'single', 'get_elevation_openmeteo', '--connect-to', replayTo], {
    NODE_EXTRA_CA_CERTS: '',
  });
  assert.is(run.code, 1);
  assert.match(run.stdout, /^FAIL .*\n.*certificate/m);
});

test('without --connect-to the real host is asked for, which this machine cannot reach: a clear failure', async () => {
  const run = await toolkit(['test', 'single', 'get_elevation_openmeteo', '--timeout', '5000']);
  assert.is(run.code, 1);
  assert.match(run.stdout, /^FAIL {2}get_elevation_openmeteo/m);
  assert.match(run.stdout, /api\.open-meteo\.com/);
});

test('an unknown tool is one line naming the tools of its namespace, exit 2', async () => {
  const run = await toolkit(['test', 'single', 'get_weather_openmeteo']);
  assert.is(run.code, 2);
  assert.is(run.stdout, '');
  assert.match(
    run.stderr,
    new RegExp(
      '^toolkit test single: no tool "get_weather_openmeteo" in schemas; tools of openmeteo: ' +
        'get_current_weather_openmeteo, get_daily_forecast_openmeteo, get_hourly_forecast_openmeteo, ' +
        'get_elevation_openmeteo\\n$',
    ),
  );
});

test('a tool without declared tests is reported, exit 1', async () => {
  const dir = join(home, 'schemas', 'providers', 'demo');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'demo.mjs'),
    [
      'export const main = {',
      "    namespace: 'demo', name: 'Demo', description: 'A schema whose tool declares no tests.', version: '3.0.0',",
      "    root: 'https://api.open-meteo.com',",
      "    tools: { ping: { method: 'GET', path: '/v1/ping', description: 'Pings the service.', parameters: [] } }",
      '}',
      '',
    ].join('\n'),
  );
  const run = await toolkit(['test', 'single', 'demo', '--schemas', join(home, 'schemas')]);
  assert.is(run.code, 1);
  assert.match(
    run.stderr,
    /^toolkit test single: ping_demo declares no tests: add a tests array to the tool in its schema\n$/,
  );
});

test('usage errors are one line with exit 2', async () => {
  const cases: [string[], RegExp][] = [
    [
      ['test', 'single', 'openmeteo', '--connect-to', 'nonsense'],
      /^toolkit test single: --connect-to nonsense: expected HOST1:PORT1:HOST2:PORT2/,
    ],
    [
      ['test', 'single', 'openmeteo', '--connect-to', 'a:99999:b:1'],
      /^toolkit test single: --connect-to a:99999:b:1: 99999 is not a port/,
    ],
    [
      ['test', 'single', 'openmeteo', '--timeout', 'soon'],
      /^toolkit test single: --timeout soon: expected a whole number of milliseconds\n$/,
    ],
    [
      ['test', 'single', 'openmeteo', '--schemas', 'no-such-dir'],
      /^toolkit test single: --schemas no-such-dir: not a directory\n$/,
    ],
  ];
  for (const [args, message] of cases) {
    const run = await toolkit(args);
    assert.is(run.code, 2, args.join(' '));
    assert.match(run.stderr, message);
  }
});

test.run();
