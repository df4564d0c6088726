/**
 * The day-one workflow with the real binary in a temporary HOME and project: build → search → add
 * (the files it writes) → list → status (what is wrong and how to fix it) → call against a loopback
 * HTTPS upstream → server and bundle serving only the active tools → remove.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync } from 'node:fs';
import { forecastSchema, itemsSchema, widgetSchema } from './support/catalog.ts';
import { toolNames } from './support/mcp.ts';
import { bin, createSandbox, hasStack } from './support/sandbox.ts';
import { startUpstream, type Upstream } from './support/upstream.ts';

const box = createSandbox('workflow');
let upstream: Upstream;
const secret = process.env.TOOLKIT_TEST_CANARY ?? 'test-secret-value';

test.before(async () => {
  upstream = await startUpstream();
  box.env.NODE_EXTRA_CA_CERTS = upstream.ca.caFile;
  box.write('schemas/providers/forecast/weather.mjs', forecastSchema(upstream.root));
  box.write('schemas/providers/items/items.mjs', itemsSchema(upstream.root));
  box.write('schemas/providers/widgets/alpha.mjs', widgetSchema('widgetsa', 8));
  box.write('schemas/providers/widgets/beta.mjs', widgetSchema('widgetsb', 8));
});
test.after(async () => {
  await upstream.close();
  box.remove();
});

test('build writes the catalog and search indexes beside the bundle', async () => {
  const build = await box.toolkit(['build']);
  assert.is(build.code, 0, build.stderr);
  assert.match(build.stdout, /^4 schemas, 20 tools,/);
  const index = JSON.parse(box.read('generated/catalog-index.json'));
  assert.is(index.schemasDir, '../schemas');
  assert.is(index.tools.length, 20);
  const search = JSON.parse(box.read('generated/search-index.json'));
  assert.is(search.version, 1);
  assert.ok(search.entries.some((e: { name: string }) => e.name === 'current_weather_forecast'));
});

test('search ranks the catalog and shows at most 10 tools, each with the command that adds it', async () => {
  const weather = await box.toolkit(['search', 'weather']);
  assert.is(weather.code, 0, weather.stderr);
  assert.match(
    weather.stdout,
    new RegExp(
      '^current_weather_forecast  \\(tool\\)\\n  Current weather conditions \\(temperature, sky\\) in a city\\.\\n  ' +
        'toolkit add current_weather_forecast\\n',
    ),
  );
  const widgets = await box.toolkit(['search', 'widget', '--json']);
  const found = JSON.parse(widgets.stdout) as {
    total: number;
    results: { name: string; add: string; description: string }[];
  };
  assert.is(found.total, 16);
  assert.is(found.results.length, 10);
  for (const r of found.results) assert.is(r.add, `toolkit add ${r.name}`);
  const text = await box.toolkit(['search', 'widget']);
  assert.match(text.stdout, /10 of 16 matches shown/);
  assert.is(text.stdout.match(/^  toolkit add /gm)?.length, 10);
  const one = await box.toolkit(['search', 'item', 'shop', '--limit', '1', '--json']);
  assert.equal(
    JSON.parse(one.stdout).results.map((r: { name: string }) => r.name),
    ['get_item_items'],
  );
  const none = await box.toolkit(['search', 'zebra']);
  assert.is(none.code, 0);
  assert.match(none.stdout, /No tool, resource or prompt matches "zebra"/);
});

test('search without a build reads the schemas and answers the same', async () => {
  const fresh = createSandbox('workflow-nobuild');
  try {
    fresh.write('schemas/providers/forecast/weather.mjs', forecastSchema(upstream.root));
    const run = await fresh.toolkit(['search', 'weather']);
    assert.is(run.code, 0, run.stderr);
    assert.match(run.stdout, /^current_weather_forecast  \(tool\)\n/);
    assert.match(run.stderr, /no build of schemas found: read its schemas now/);
  } finally {
    fresh.remove();
  }
});

test('add activates a tool, prints its parameters and writes .toolkit/config.json and its tool file', async () => {
  const add = await box.toolkit(['add', 'current_weather_forecast']);
  assert.is(add.code, 0, add.stderr);
  assert.match(add.stdout, /^Activated: current_weather_forecast \(forecast\/tool\/currentWeather\)/);
  assert.match(add.stdout, /^  city +string +required\s*$/m);
  assert.match(add.stdout, /^  units +enum +optional +one of metric \| imperial; default "metric"$/m);
  assert.match(
    add.stdout,
    /Server params: FORECAST_KEY \(not set: FORECAST_KEY; add FORECAST_KEY=… to ~\/\.toolkit\/\.env or export it\)/,
  );
  assert.match(add.stdout, /Call it: toolkit call current_weather_forecast '\{"city":"<city>"\}'/);
  // Its server param is granted to its schema, and to no other.
  assert.match(add.stdout, /^Granted FORECAST_KEY to forecast: only this schema's tools are given its value/m);
  assert.equal(JSON.parse(box.read('.toolkit/config.json')), {
    tools: ['current_weather_forecast'],
    grants: { forecast: ['FORECAST_KEY'] },
  });
  assert.equal(JSON.parse(box.read('.toolkit/tools/current_weather_forecast.json')), {
    name: 'current_weather_forecast',
    description: 'Current weather conditions (temperature, sky) in a city.',
    parameters: {
      city: { type: 'string', required: true },
      units: { type: 'enum', required: false, default: 'metric', values: ['metric', 'imperial'] },
    },
  });
  // By MCP name or ID too; the config keeps other keys and each tool once.
  box.write(
    '.toolkit/config.json',
    JSON.stringify({ tools: ['current_weather_forecast'], security: { allowedLibraries: [] } }),
  );
  const again = await box.toolkit(['add', 'forecast/tool/currentWeather']);
  assert.is(again.code, 0, again.stderr);
  assert.match(again.stdout, /^Already active: current_weather_forecast/);
  const byId = await box.toolkit(['add', 'items/getItem', '--json']);
  assert.is(byId.code, 0, byId.stderr);
  assert.equal(JSON.parse(byId.stdout).parameters, [{ name: 'id', type: 'string', required: true }]);
  assert.equal(JSON.parse(box.read('.toolkit/config.json')), {
    tools: ['current_weather_forecast', 'get_item_items'],
    security: { allowedLibraries: [] },
    grants: { forecast: ['FORECAST_KEY'] },
  });
});

test(
  'add of a tool the catalog does not have is a usage error with suggestions, one line, ' + 'nothing written',
  async () => {
    const before = box.read('.toolkit/config.json');
    const run = await box.toolkit(['add', 'current_weather']);
    assert.is(run.code, 2);
    assert.match(
      run.stderr,
      new RegExp(
        '^toolkit add: no tool named "current_weather" in the catalog \\(20 tools\\); did you mean ' +
          'current_weather_forecast',
      ),
    );
    assert.is(run.stderr.trim().split('\n').length, 1);
    assert.not.ok(hasStack(run.stderr));
    assert.is(box.read('.toolkit/config.json'), before);
  },
);

test('list shows the active tools', async () => {
  const list = await box.toolkit(['list']);
  assert.is(list.code, 0);
  assert.match(list.stdout, /^current_weather_forecast +Current weather conditions/m);
  assert.match(list.stdout, /\(city: string, units\?: enum\)/);
  assert.match(list.stdout, /2 active tools\.\n$/);
  const json = JSON.parse((await box.toolkit(['list', '--json'])).stdout);
  assert.equal(
    json.tools.map((t: { name: string }) => t.name),
    ['current_weather_forecast', 'get_item_items'],
  );
});

test('status names the missing server param of an active tool and how to set it (exit 1), then is clean', async () => {
  const status = await box.toolkit(['status']);
  assert.is(status.code, 1, status.stdout);
  assert.match(status.stdout, /^(ok|note) {2,4}Node \d+\.\d+\.\d+/m);
  assert.match(status.stdout, /^ok {4}generated is up to date$/m);
  assert.match(
    status.stdout,
    new RegExp(
      '^FAIL  current_weather_forecast: server param FORECAST_KEY not set \\(its calls will fail\\)\\n      fix: add ' +
        'FORECAST_KEY=<value> to ~\\/\\.toolkit\\/\\.env, or export FORECAST_KEY$',
      'm',
    ),
  );
  assert.match(status.stdout, /1 problem found\.\n$/);
  box.write('../home/.toolkit/.env', `FORECAST_KEY=${secret}\n`);
  const clean = await box.toolkit(['status', '--json']);
  assert.is(clean.code, 0, clean.stdout);
  const report = JSON.parse(clean.stdout) as { ok: boolean; checks: { name: string; status: string }[] };
  assert.is(report.ok, true);
  assert.ok(report.checks.every((c) => c.status !== 'fail'));
});

test(
  'call runs the tool against the upstream with the server param from ~/.toolkit/.env, ' + 'never printing it',
  async () => {
    upstream.requests.length = 0;
    const call = await box.toolkit(['call', 'current_weather_forecast', '{"city":"Berlin"}']);
    assert.is(call.code, 0, call.stderr);
    assert.equal(JSON.parse(call.stdout), { city: 'Berlin', units: 'metric', temperature: 21.5, sky: 'clear' });
    assert.is(upstream.requests.length, 1);
    assert.is(upstream.requests[0]!.url, '/current?city=Berlin&units=metric');
    assert.is(upstream.requests[0]!.headers['x-api-key'], secret);
    assert.not.ok(call.stdout.includes(secret) || call.stderr.includes(secret));
    const json = await box.toolkit(['call', 'get_item_items', '{"id":"a b"}', '--json']);
    assert.is(json.code, 0, json.stderr);
    const result = JSON.parse(json.stdout) as { content: { type: string; text: string }[]; isError?: boolean };
    assert.equal(JSON.parse(result.content[0]!.text), { id: 'a b', name: 'A thing', price: 3 });
    assert.is(upstream.requests[1]!.url, '/items/a%20b');
  },
);

test('call: malformed JSON is a usage error (2); arguments the tool rejects and upstream failures exit 1', async () => {
  const malformed = await box.toolkit(['call', 'current_weather_forecast', '{city:']);
  assert.is(malformed.code, 2);
  assert.match(malformed.stderr, /^toolkit call: the arguments are not valid JSON/);
  const array = await box.toolkit(['call', 'current_weather_forecast', '[1]']);
  assert.is(array.code, 2);
  const invalid = await box.toolkit(['call', 'current_weather_forecast', '{"city":5}']);
  assert.is(invalid.code, 1);
  assert.match(invalid.stderr, /current_weather_forecast failed: invalid arguments/);
  const broken = await box.toolkit(['call', 'broken_call_forecast']);
  assert.is(broken.code, 1);
  assert.match(broken.stderr, /broken_call_forecast failed: .*500/);
  for (const run of [malformed, array, invalid, broken]) assert.not.ok(hasStack(run.stderr), run.stderr);
});

test('server and the built bundle serve only the active tools; the indexes still cover the catalog', async () => {
  const served = await toolNames([bin, 'server'], { cwd: box.project, env: box.env });
  assert.equal(served, ['current_weather_forecast', 'get_item_items']);
  const build = await box.toolkit(['build']);
  assert.is(build.code, 0, build.stderr);
  assert.match(build.stderr, /catalog\.mjs serves the 2 active tools of this project/);
  assert.equal(await toolNames([box.path('generated', 'catalog.mjs')], { cwd: box.project, env: box.env }), [
    'current_weather_forecast',
    'get_item_items',
  ]);
  assert.is(JSON.parse(box.read('generated/catalog-index.json')).tools.length, 20);
  const group = await toolNames([bin, 'server', '--group', 'shop'], { cwd: box.project, env: box.env }).catch(
    (e: Error) => e.message,
  );
  assert.ok(typeof group === 'string', 'an unknown group does not serve');
});

test('status says the build is stale after a schema changed, with the fix', async () => {
  box.write(
    'schemas/providers/items/items.mjs',
    itemsSchema(upstream.root).replace('Every item of the shop.', 'Every item.'),
  );
  const status = await box.toolkit(['status']);
  assert.is(status.code, 1);
  assert.match(
    status.stdout,
    /^FAIL  generated is stale: providers\/items\/items\.mjs: changed since the last build\n      fix: toolkit build$/m,
  );
});

test('remove deactivates a tool and deletes its file; an inactive name is a usage error', async () => {
  const remove = await box.toolkit(['remove', 'get_item_items']);
  assert.is(remove.code, 0, remove.stderr);
  assert.match(remove.stdout, /Deactivated get_item_items\. 1 tool still active\./);
  assert.not.ok(existsSync(box.path('.toolkit', 'tools', 'get_item_items.json')));
  assert.ok(existsSync(box.path('.toolkit', 'tools', 'current_weather_forecast.json')));
  assert.equal(JSON.parse(box.read('.toolkit/config.json')).tools, ['current_weather_forecast']);
  const again = await box.toolkit(['remove', 'get_item_items']);
  assert.is(again.code, 2);
  assert.match(again.stderr, /"get_item_items" is not an active tool \(active: current_weather_forecast/);
  const last = await box.toolkit(['remove', 'forecast/tool/currentWeather']);
  assert.is(last.code, 0, last.stderr);
  assert.match(last.stdout, /No tool is active: servers serve the whole catalog\./);
  // Grants stay until the user takes them back (`toolkit grant --revoke`).
  assert.equal(JSON.parse(readFileSync(box.path('.toolkit', 'config.json'), 'utf8')), {
    tools: [],
    security: { allowedLibraries: [] },
    grants: { forecast: ['FORECAST_KEY'] },
  });
  const list = await box.toolkit(['list']);
  assert.match(list.stdout, /^No active tools\./);
  const all = await toolNames([bin, 'server'], { cwd: box.project, env: box.env });
  assert.is(all.length, 20);
});

test.run();
