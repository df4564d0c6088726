/**
 * Agent manifests with the real binary: `toolkit validate-agent` checks them statically against the
 * catalog, and `toolkit build --agent NAME` writes a bundle with exactly the agent's tools, prompts,
 * skills and resources, served over MCP like any bundle.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SchemaModel } from '../../runtime/model.ts';
import { forecastSchema, itemsSchema } from './support/catalog.ts';
import { connect } from './support/mcp.ts';
import { createSandbox, hasStack, repoRoot } from './support/sandbox.ts';
import { startUpstream, type Upstream } from './support/upstream.ts';

const box = createSandbox('agents');
let upstream: Upstream;
const DEV = { TOOLKIT_MODE: 'dev' };

/** The items schema with a resource and an `about` prompt, for the agent to reference. */
const itemsWithExtras = (root: string) =>
  itemsSchema(root).replace(
    /\n\};\n$/,
    `,
  resources: {
    stock: {
      source: 'sqlite', origin: 'inline', database: 'demo.db', description: 'Stock of the shop.',
      queries: { getSchema: { sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table'", description: ` +
      `'Tables.', parameters: {} } }
    }
  },
  prompts: { about: { contentFile: './prompts/about.mjs' } }
};
`,
  );

const agentFile = (name: string, tools: string) =>
  `// A trip helper: the weather and the shop's items.
export const agent = {
  name: '${name}',
  version: 'toolkit/3.0.0',
  description: 'Plans a day out with the weather and the shop.',
  model: 'anthropic/claude-sonnet-4',
  systemPrompt: 'You help people plan a day out.',
  tools: {
${tools}
  },
  prompts: { 'items/prompt/about': null, briefing: { file: './prompts/briefing.mjs' } },
  skills: { 'plan-day': { file: './skills/plan-day.mjs' } },
  resources: { 'items/resource/stock': null },
  tests: [
    { _description: 'Weather', input: 'Is it sunny in Berlin?', expectedTools: ['forecast/tool/currentWeather'], ` +
  `expectedContent: ['Berlin'] },
    { _description: 'An item', input: 'What is item 7?', expectedTools: ['items/tool/getItem'] },
    { _description: 'Both', input: 'Weather in Rome and item 3?', expectedTools: ['forecast/tool/currentWeather', ` +
  `'items/tool/getItem'] }
  ]
};
`;

function writeAgent(name: string, tools: string): void {
  box.write(`agents/${name}/agent.mjs`, agentFile(name, tools));
  box.write(
    `agents/${name}/prompts/briefing.mjs`,
    `export const prompt = {
  name: 'briefing', version: 'toolkit-prompt/1.0.0', description: 'How to brief.', dependsOn: [], references: [],
  content: 'Start with the weather, then the items.'
};
`,
  );
  box.write(
    `agents/${name}/skills/plan-day.mjs`,
    `export const skill = {
  name: 'plan-day', version: 'toolkit-skill/1.0.0', description: 'Plans a day.', testedWith: ` +
      `'anthropic/claude-sonnet-4',
  requires: { tools: ['forecast/tool/currentWeather'], resources: [], external: [] },
  content: 'Check the weather first.'
};
`,
  );
}

test.before(async () => {
  upstream = await startUpstream();
  box.env.NODE_EXTRA_CA_CERTS = upstream.ca.caFile;
  box.env.FORECAST_KEY = 'agent-test-key';
  box.write('schemas/providers/forecast/weather.mjs', forecastSchema(upstream.root));
  box.write('schemas/providers/items/items.mjs', itemsWithExtras(upstream.root));
  box.write(
    'schemas/providers/items/prompts/about.mjs',
    `export const prompt = {
  name: 'about', version: 'toolkit-prompt/1.0.0', provider: 'items', description: 'What the shop offers.',
  dependsOn: ['items.getItem'], references: [], content: 'Use {{tool:getItem}} for one item.'
};
`,
  );
  mkdirSync(box.path('schemas', 'providers', 'items', 'data'), { recursive: true });
  copyFileSync(
    join(repoRoot, 'test', 'fixtures', 'agents', '_catalog', 'providers', 'demo', 'data', 'demo.db'),
    box.path('schemas', 'providers', 'items', 'data', 'demo.db'),
  );
  writeAgent('trip-helper', "    'forecast/tool/currentWeather': null,\n    'items/tool/getItem': null");
  writeAgent(
    'lost-agent',
    "    'forecast/tool/currentWeather': null,\n    'items/tool/getItem': null,\n    'items/tool/deleteItem': null",
  );
});
test.after(async () => {
  await upstream.close();
  box.remove();
});

test(
  'validate-agent checks every agent against the catalog: located findings, exit 1 when ' + 'one has errors',
  async () => {
    const all = await box.toolkit(['validate-agent'], { env: DEV });
    assert.is(all.code, 1, all.stdout + all.stderr);
    assert.match(
      all.stdout,
      new RegExp(
        '^agents\\/lost-agent\\/agent\\.mjs:\\d+:\\d+ {2}AGT010 {2}tool items\\/tool\\/deleteItem is not in the ' +
          'catalog \\(items has getItem, listItems\\) {2}\\(docs\\/schema-format\\.md#agt010\\)$',
        'm',
      ),
    );
    assert.match(all.stdout, /^2 agents, 1 error, 0 warnings$/m);
    const one = await box.toolkit(['validate-agent', 'trip-helper', '--json'], { env: DEV });
    assert.is(one.code, 0, one.stdout);
    assert.equal(JSON.parse(one.stdout), { agents: 1, errors: 0, warnings: 0, diagnostics: [] });
    const missing = await box.toolkit(['validate-agent', 'nobody'], { env: DEV });
    assert.is(missing.code, 2);
    assert.match(missing.stderr, /no agent "nobody" in .*agents \(agents: lost-agent, trip-helper\)/);
    assert.not.ok(hasStack(missing.stderr));
  },
);

test("build --agent writes a bundle of exactly the agent's tools, prompts, skills and resources", async () => {
  const build = await box.toolkit(['build', '--agent', 'trip-helper']);
  assert.is(build.code, 0, build.stderr);
  assert.ok(existsSync(box.path('generated', 'trip-helper.mjs')));
  assert.not.ok(existsSync(box.path('generated', 'catalog.mjs')), 'only the agent bundle is made');
  const manifest = JSON.parse(readFileSync(box.path('generated', 'manifest.json'), 'utf8'));
  assert.is(manifest.group, 'agent:trip-helper');
  const bundle = (await import(pathToFileURL(box.path('generated', 'trip-helper.mjs')).href)) as {
    loadSchemas(): readonly SchemaModel[];
  };
  const served = bundle.loadSchemas().map((m) => ({
    namespace: m.namespace,
    tools: m.tools.map((t) => t.name),
    resources: m.resources.map((r) => r.name),
    prompts: m.prompts.map((p) => p.name),
    skills: m.skills.map((s) => s.name),
  }));
  assert.equal(served, [
    { namespace: 'forecast', tools: ['currentWeather'], resources: [], prompts: [], skills: [] },
    { namespace: 'items', tools: ['getItem'], resources: ['stock'], prompts: ['about'], skills: [] },
    { namespace: 'trip-helper', tools: [], resources: [], prompts: ['briefing'], skills: ['plan-day'] },
  ]);
});

test('the agent bundle serves its tools over MCP and calls them', async () => {
  // The bundle's client configuration grants the forecast schema its key, as `--print-config` writes it.
  const env = { ...box.env, TOOLKIT_GRANTS: 'forecast:FORECAST_KEY' };
  const session = await connect([box.path('generated', 'trip-helper.mjs')], { cwd: box.project, env });
  try {
    const { tools } = await session.client.listTools();
    assert.equal(tools.map((t) => t.name).sort(), ['current_weather_forecast', 'get_item_items']);
    const result = await session.client.callTool({ name: 'current_weather_forecast', arguments: { city: 'Oslo' } });
    assert.not.ok(result.isError, JSON.stringify(result));
    assert.is(JSON.parse((result.content as { text: string }[])[0]!.text).city, 'Oslo');
  } finally {
    await session.close();
  }
});

test('an agent with errors, an unknown agent, or --agent with --group builds nothing', async () => {
  const before = readFileSync(box.path('generated', 'trip-helper.mjs'));
  const lost = await box.toolkit(['build', '--agent', 'lost-agent']);
  assert.is(lost.code, 1);
  assert.match(lost.stderr, /AGT010/);
  assert.match(lost.stderr, /nothing was written/);
  assert.ok(readFileSync(box.path('generated', 'trip-helper.mjs')).equals(before));
  const unknown = await box.toolkit(['build', '--agent', 'nobody']);
  assert.is(unknown.code, 2);
  const both = await box.toolkit(['build', '--agent', 'trip-helper', '--group', 'x']);
  assert.is(both.code, 2);
  assert.match(both.stderr, /--group and --agent build different bundles/);
});

test.run();
