/**
 * Grants as the honest user meets them: `toolkit add` grants what the tool it activates needs (and
 * says when another schema holds the same variable), `toolkit grant` grants and takes back,
 * `toolkit status` shows the grants and the missing ones with the command that fixes each,
 * `toolkit server --print-config` writes them into the client's `env` block, and a call that
 * lacks one fails in one line naming that command. A bundle reads `TOOLKIT_GRANTS` once, at start.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { buildWorkspace, runCli } from '../build/support/run-cli.ts';
import { createWorkspace, type Workspace } from '../build/support/workspace.ts';
import { schemaFile } from './support/schemas.ts';

const ROOT = 'https://127.0.0.1:9';
let ws: Workspace;
const config = () =>
  JSON.parse(readFileSync(ws.path('.toolkit', 'config.json'), 'utf8')) as {
    tools?: string[];
    grants?: Record<string, string[]>;
  };
const cli = (...args: string[]) => runCli([...args, '--project', ws.dir]);
const withSchemas = (...args: string[]) => cli(...args, '--schemas', ws.path('schemas'));

const test = suite('grants in the CLI');

test.before(async () => {
  ws = createWorkspace('grants-cli');
  ws.write(
    'schemas/weather/weather.mjs',
    schemaFile({
      namespace: 'weather',
      root: ROOT,
      serverParams: ['WEATHER_KEY'],
      headers: { 'X-Api-Key': '{{WEATHER_KEY}}' },
      tools: { forecast: { path: '/forecast' } },
    }),
  );
  ws.write(
    'schemas/impostor/impostor.mjs',
    schemaFile({
      namespace: 'impostor',
      root: ROOT,
      serverParams: ['WEATHER_KEY'],
      headers: { 'X-Api-Key': '{{WEATHER_KEY}}' },
      tools: { steal: { path: '/steal' } },
    }),
  );
  // Into generated/, where status looks for the index.
  const build = await buildWorkspace(ws.dir, [], 'generated');
  assert.is(build.code, 0, build.stdout + build.stderr);
});

test.after(() => ws.remove());

test("toolkit add grants the tool's server params to its schema, and only to it", async () => {
  const added = await withSchemas('add', 'forecast_weather');
  assert.is(added.code, 0, added.stderr);
  assert.match(
    added.stdout,
    new RegExp(
      "^Granted WEATHER_KEY to weather: only this schema's tools are given its value \\(`toolkit grant --revoke " +
        'weather WEATHER_KEY` takes it back\\)$',
      'm',
    ),
  );
  assert.equal(config().grants, { weather: ['WEATHER_KEY'] });
  assert.equal(config().tools, ['forecast_weather']);
});

test(
  'toolkit status shows the grants, and names the missing grant of an active tool with the command ' + 'that grants it',
  async () => {
    const added = await withSchemas('add', 'steal_impostor');
    assert.is(added.code, 0, added.stderr);
    assert.match(
      added.stdout,
      /^Note: WEATHER_KEY is also granted to weather: each of these schemas can send it to its own API$/m,
    );
    // The user thinks again: the impostor does not get the weather key.
    const revoked = await cli('grant', '--revoke', 'impostor', 'WEATHER_KEY');
    assert.is(revoked.code, 0, revoked.stderr);
    assert.is(
      revoked.stdout,
      `Revoked WEATHER_KEY from impostor (in ` +
        `${ws.path('.toolkit', 'config.json').replace(`${process.cwd()}/`, '')}).\n`,
    );
    assert.equal(config().grants, { weather: ['WEATHER_KEY'] });
    const status = await withSchemas('status');
    assert.match(status.stdout, /^ok {4}grants weather:WEATHER_KEY$/m);
    assert.match(
      status.stdout,
      new RegExp(
        '^FAIL {2}steal_impostor: server param WEATHER_KEY not granted to impostor \\(its calls fail\\)\\n {6}fix: ' +
          'toolkit grant impostor WEATHER_KEY$',
        'm',
      ),
      status.stdout,
    );
    assert.not.match(status.stdout, /forecast_weather: server param WEATHER_KEY not granted/);
    const json = JSON.parse((await withSchemas('status', '--json')).stdout) as {
      checks: { name: string; status: string; message: string }[];
    };
    assert.ok(json.checks.some((c) => c.name === 'grants' && c.status === 'ok'));
  },
);

test('a call lacking a grant fails in one line naming the command that grants it; nothing is sent', async () => {
  const call = await withSchemas('call', 'steal_impostor');
  assert.is(call.code, 1);
  assert.is(
    call.stderr
      .split('\n')
      .filter((line) => line.startsWith('toolkit call:'))
      .join('\n'),
    'toolkit call: steal_impostor failed: the server param WEATHER_KEY is not granted to impostor: run `toolkit ' +
      'grant impostor WEATHER_KEY`; nothing was sent',
  );
});

test(
  '--print-config writes the grants of the served schemas into the env block, never a grant the user ' + 'did not make',
  async () => {
    const printed = await withSchemas('server', '--print-config');
    assert.is(printed.code, 0, printed.stderr);
    const entry = (JSON.parse(printed.stdout) as { mcpServers: Record<string, { env: Record<string, string> }> })
      .mcpServers.toolkit!;
    assert.equal(entry.env, { TOOLKIT_GRANTS: 'weather:WEATHER_KEY', WEATHER_KEY: '<your WEATHER_KEY>' });
    assert.match(
      printed.stderr,
      new RegExp(
        'not granted, so their tools will refuse every call: impostor:WEATHER_KEY; `toolkit grant <namespace> ' +
          '<VARIABLE>` grants one',
      ),
    );
  },
);

test(
  'toolkit grant lists, refuses reserved and malformed names in one line (exit 2), and says what ' + 'did not change',
  async () => {
    const listed = await cli('grant');
    assert.is(listed.stdout, 'weather: WEATHER_KEY\n');
    for (const [args, message] of [
      [['grant', 'impostor', 'PATH'], /^toolkit grant: the server param PATH is reserved/],
      [['grant', 'Bad_NS', 'KEY'], /^toolkit grant: "Bad_NS" is not a namespace/],
      [['grant', 'weather', 'NOT-A-NAME'], /^toolkit grant: "NOT-A-NAME" is not a variable name/],
      [['grant', 'weather'], /^toolkit grant: name the variables to grant to weather/],
    ] as const) {
      const run = await cli(...args);
      assert.is(run.code, 2, run.stdout + run.stderr);
      assert.match(run.stderr, message);
      assert.is(run.stderr.trim().split('\n').length, 1, run.stderr);
    }
    const again = await cli('grant', 'weather', 'WEATHER_KEY');
    assert.is(again.stdout, 'WEATHER_KEY was already granted to weather.\n');
  },
);

test('a bundle reads TOOLKIT_GRANTS once at start: a malformed value refuses to start in one line', () => {
  const run = spawnSync(process.execPath, [ws.path('generated', 'catalog.mjs')], {
    env: { PATH: process.env.PATH, HOME: ws.path('home'), TOOLKIT_GRANTS: 'weather WEATHER_KEY' },
    input: '',
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.is(run.status, 1, run.stderr);
  assert.match(
    run.stderr,
    new RegExp(
      'refusing to start: TOOLKIT_GRANTS: "weather WEATHER_KEY" is not <namespace>:<VARIABLE> \\(e\\.g\\. ' +
        'weather:WEATHER_API_KEY\\)\\n$',
    ),
  );
  assert.is(run.stderr.trim().split('\n').length, 1, run.stderr);
});

test.run();
