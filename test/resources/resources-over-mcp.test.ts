/**
 * Resources, resource templates and prompts over MCP, end to end: the SDK's real `Client` against
 * `toolkit server` and against a built bundle, each over stdio and Streamable HTTP, serving the
 * catalog's data-set providers (each with a fresh copy of its SQLite file) and a test provider that
 * uses every placeholder kind. Every query of every resource is read and its rows compared with what
 * SQLite returns for the same SQL on the same file.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dirname, join } from 'node:path';
import { loadSchemaFile } from '../../compiler/load/load-schema.ts';
import type { ResourceQueryModel, SchemaModel } from '../../runtime/model.ts';
import { runCli } from '../build/support/run-cli.ts';
import { writeGuide } from './support/guide-schema.ts';
import type { Era } from '../support/mcp-eras.ts';
import { connect, failure, type Connected, type Target, type Transport } from './support/servers.ts';
import { createWorkspace, type Workspace } from './support/workspace.ts';
import { openSqliteFile } from '../../scripts/sqlite-file.ts';

const test = suite('resources and prompts over MCP');

/** Arguments to read each query with (queries without parameters are absent). */
const SAMPLES: Record<string, Record<string, string | number | boolean>> = {
  'worldcities.cities.citiesByCountry': { country: 'DE', limit: 3 },
  'worldcities.cities.largestCities': { minPopulation: 5000000 },
  'worldcities.cities.capitals': { continent: 'Europe' },
  'worldcities.cities.searchByName': { text: 'ro' },
  'worldcities.cities.citiesInBox': { south: 40, north: 60, west: -10, east: 20 },
  'elements.elements.elementBySymbol': { symbol: 'Fe' },
  'elements.elements.elementByNumber': { atomicNumber: 79 },
  'elements.elements.elementsInGroup': { group: 18 },
  'elements.elements.elementsInPeriod': { period: 2 },
  'elements.elements.elementsByCategory': { category: 'halogen' },
  'elements.elements.searchByName': { text: 'ium' },
  'currencies.iso.currencyByCode': { code: 'JPY' },
  'currencies.iso.currencyOfCountry': { country: 'CH' },
  'currencies.iso.countriesUsing': { code: 'EUR' },
  'currencies.iso.searchCurrencies': { text: 'dinar' },
  'guide.notes.byTopic': { topic: 'a' },
};

let workspace: Workspace;
let models: SchemaModel[];
let bundle: string;

test.before(async () => {
  try {
    await prepare();
  } catch (error) {
    // uvu reports a failing hook without its reason.
    console.error(error);
    throw error;
  }
});

async function prepare(): Promise<void> {
  workspace = createWorkspace('resources-mcp');
  // frankfurter (the catalog's exchange-rate provider) serves the tools the currencies skill refers to.
  for (const namespace of ['worldcities', 'elements', 'currencies', 'frankfurter']) workspace.copyProvider(namespace);
  writeGuide(workspace);
  // In the order servers load them: by path.
  const files = [
    'providers/currencies/iso-currencies.mjs',
    'providers/elements/periodic-table.mjs',
    'providers/frankfurter/exchange-rates.mjs',
    'providers/guide/guide.mjs',
    'providers/worldcities/world-cities.mjs',
  ];
  models = files.map((file) => {
    const loaded = loadSchemaFile(join(workspace.schemasDir, file));
    assert.ok(loaded.model, `${file}: ${loaded.diagnostics.map((d) => `${d.rule} ${d.message}`).join('; ')}`);
    assert.equal(
      loaded.diagnostics.filter((d) => d.severity === 'warning').map((d) => d.message),
      [],
      `${file} validates without warnings`,
    );
    return loaded.model!;
  });
  const built = await runCli([
    'build',
    '--schemas',
    workspace.schemasDir,
    '--out',
    workspace.path('out'),
    '--project',
    workspace.dir,
  ]);
  assert.is(built.code, 0, built.stderr + built.stdout);
  bundle = workspace.path('out', 'catalog.mjs');
}

test.after(() => workspace?.remove());

const env = () => ({ HOME: workspace.home });

/** The URI of a query read with `args`. */
function queryUri(schema: SchemaModel, resource: string, query: string, args: Record<string, unknown> = {}): string {
  const search = Object.entries(args)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return `toolkit://${schema.namespace}/${resource}/${query}${search ? `?${search}` : ''}`;
}

/** The rows SQLite returns for the query on the workspace's copy of the database, as JSON would carry them. */
function directRows(
  schema: SchemaModel,
  database: string,
  query: ResourceQueryModel,
  args: Record<string, unknown>,
): unknown {
  const db = openSqliteFile(join(dirname(schema.file), 'data', database), { readonly: true });
  try {
    const values = query.parameters.map((p) => (args[p.name] ?? p.default ?? null) as unknown);
    return JSON.parse(
      JSON.stringify(db.prepare(query.sql).all(...values.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)))),
    );
  } finally {
    db.close();
  }
}

const textOf = (result: { contents: object[] }): string =>
  String((result.contents[0] as { text?: unknown } | undefined)?.text ?? '');
/** The text of a prompt's only message. */
const promptText = (result: { messages: { content: object }[] }): string =>
  String((result.messages[0]?.content as { text?: unknown } | undefined)?.text ?? '');

async function checkEverything(server: Connected, label: string): Promise<void> {
  const { client } = server;
  const capabilities = client.getServerCapabilities() ?? {};
  assert.ok(
    capabilities.tools && capabilities.resources && capabilities.prompts,
    `${label}: capabilities ${JSON.stringify(capabilities)}`,
  );
  assert.equal(capabilities.resources, { listChanged: false });
  assert.equal(capabilities.prompts, { listChanged: false });

  // Listing: each resource, each query without parameters, and a template for the others and freeQuery.
  // Skills are listed too, as the skills extension's SKILL.md resources (test/surface checks their content).
  const listed = (await client.listResources()).resources;
  const resources = listed.filter((r) => !r.uri.startsWith('skill://'));
  assert.ok(
    listed
      .filter((r) => r.uri.startsWith('skill://'))
      .every((r) => /^skill:\/\/[a-z0-9-]+\/[a-z0-9-]+\/SKILL\.md$/.test(r.uri)),
    `${label}: skill resources`,
  );
  const templates = (await client.listResourceTemplates()).resourceTemplates;
  const resourceTemplates = templates.filter((t) => !t.uriTemplate.startsWith('skill://'));
  assert.ok(
    templates.filter((t) => t.uriTemplate.startsWith('skill://')).every((t) => t.uriTemplate === 'skill://{+path}'),
    `${label}: skill template`,
  );
  const expectedResources: string[] = [];
  const expectedTemplates: string[] = [];
  for (const schema of models) {
    for (const resource of schema.resources) {
      expectedResources.push(`toolkit://${schema.namespace}/${resource.name}`);
      for (const query of resource.queries) {
        const uri = queryUri(schema, resource.name, query.name);
        if (query.parameters.length === 0) expectedResources.push(uri);
        else expectedTemplates.push(`${uri}{?${query.parameters.map((p) => p.name).join(',')}}`);
      }
      expectedTemplates.push(`toolkit://${schema.namespace}/${resource.name}/freeQuery{?sql,limit}`);
    }
  }
  assert.equal(
    resources.map((r) => r.uri),
    expectedResources,
    `${label}: resources/list`,
  );
  assert.equal(
    resourceTemplates.map((t) => t.uriTemplate),
    expectedTemplates,
    `${label}: resources/templates/list`,
  );
  assert.ok(resources.every((r) => r.mimeType === 'application/json' && r.name && r.description));
  const byCountry = resourceTemplates.find((t) => t.uriTemplate.includes('citiesByCountry'))!;
  assert.match(byCountry.description ?? '', /country \(string, required\)/);
  assert.match(byCountry.description ?? '', /limit \(number, default 10\)/);

  // Every query returns exactly the rows SQLite returns for it.
  let reads = 0;
  for (const schema of models) {
    for (const resource of schema.resources) {
      for (const query of resource.queries) {
        const args = SAMPLES[`${schema.namespace}.${resource.name}.${query.name}`] ?? {};
        assert.ok(
          query.parameters.every((p) => !p.required || p.name in args),
          `${query.name}: sample args`,
        );
        const uri = queryUri(schema, resource.name, query.name, args);
        const result = await client.readResource({ uri });
        assert.is(result.contents[0]?.uri, uri);
        assert.is(result.contents[0]?.mimeType, 'application/json');
        const rows = JSON.parse(textOf(result)) as unknown[];
        assert.equal(rows, directRows(schema, resource.database, query, args), `${label}: ${uri}`);
        assert.ok(rows.length > 0, `${label}: ${uri} returns rows`);
        reads++;
      }
    }
  }
  assert.is(reads, 22);

  // A few facts, so equal-but-wrong data would still be caught.
  const iron = JSON.parse(
    textOf(await client.readResource({ uri: 'toolkit://elements/elements/elementBySymbol?symbol=Fe' })),
  ) as Record<string, unknown>[];
  assert.equal(iron, [
    {
      atomic_number: 26,
      symbol: 'Fe',
      name: 'Iron',
      atomic_weight: 55.845,
      period: 4,
      group_number: 8,
      block: 'd',
      category: 'transition metal',
      phase: 'solid',
      stable_isotopes: 1,
    },
  ]);
  const yen = JSON.parse(
    textOf(await client.readResource({ uri: 'toolkit://currencies/iso/currencyByCode?code=JPY' })),
  ) as Record<string, unknown>[];
  assert.equal(yen, [{ code: 'JPY', numeric_code: '392', name: 'Yen', minor_units: 0, ecb_reference: 1 }]);

  // getSchema is the table structure: exactly sqlite_master's tables of the file.
  for (const schema of models) {
    for (const resource of schema.resources) {
      const rows = JSON.parse(
        textOf(await client.readResource({ uri: queryUri(schema, resource.name, 'getSchema') })),
      ) as { name: string; sql: string }[];
      const db = openSqliteFile(join(workspace.schemasDir, 'providers', schema.namespace, 'data', resource.database), {
        readonly: true,
      });
      const tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
      db.close();
      assert.equal(rows, tables, `${label}: ${schema.namespace} getSchema`);
      assert.ok(rows.every((r) => r.sql.startsWith('CREATE TABLE')));
    }
  }

  // freeQuery answers a normal SELECT (with WITH too), and its own LIMIT never beats the row cap.
  const free = (sql: string, limit?: number) =>
    client.readResource({
      uri: `toolkit://elements/elements/freeQuery?sql=${encodeURIComponent(sql)}${limit ? `&limit=${limit}` : ''}`,
    });
  assert.equal(
    JSON.parse(textOf(await free('SELECT symbol, name FROM elements WHERE period = 1 ORDER BY atomic_number'))),
    [
      { symbol: 'H', name: 'Hydrogen' },
      { symbol: 'He', name: 'Helium' },
    ],
  );
  assert.equal(
    JSON.parse(
      textOf(
        await free(
          "WITH g AS (SELECT * FROM elements WHERE category = 'noble gas') SELECT count(*) AS n, max(atomic_number) " +
            'AS heaviest FROM g',
        ),
      ),
    ),
    [{ n: 7, heaviest: 118 }],
  );
  const capped = await free('SELECT atomic_number FROM elements ORDER BY atomic_number LIMIT 100', 5);
  assert.equal(
    JSON.parse(textOf(capped)),
    [1, 2, 3, 4, 5].map((n) => ({ atomic_number: n })),
  );
  assert.match(textOf({ contents: capped.contents.slice(1) }), /first 5 rows/);
  const plusSign = await client.readResource({
    uri: `toolkit://elements/elements/freeQuery?sql=${encodeURIComponent('SELECT 1+1 AS two')}`,
  });
  assert.equal(JSON.parse(textOf(plusSign)), [{ two: 2 }]);

  // Reading a resource's own URI describes its queries.
  const described = JSON.parse(textOf(await client.readResource({ uri: 'toolkit://worldcities/cities' }))) as {
    queries: { name: string; uri?: string; uriTemplate?: string }[];
  };
  assert.equal(
    described.queries.map((q) => q.name),
    [
      'getSchema',
      'citiesByCountry',
      'largestCities',
      'capitals',
      'searchByName',
      'citiesInBox',
      'continentTotals',
      'freeQuery',
    ],
  );
  assert.is(described.queries[1]!.uriTemplate, 'toolkit://worldcities/cities/citiesByCountry{?country,limit}');

  // Unknown URIs are -32602 with data.uri; bad arguments -32602 naming the problem.
  const unknown = await failure(client.readResource({ uri: 'toolkit://elements/elements/nope' }));
  assert.is(unknown?.code, -32602);
  assert.equal(unknown?.data, { uri: 'toolkit://elements/elements/nope' });
  assert.is((await failure(client.readResource({ uri: 'toolkit://nobody/x' })))?.code, -32602);
  const missing = await failure(client.readResource({ uri: 'toolkit://elements/elements/elementBySymbol' }));
  assert.is(missing?.code, -32602);
  assert.match(missing!.message, /symbol \(string\) is required/);
  const notNumber = await failure(
    client.readResource({ uri: 'toolkit://elements/elements/elementByNumber?atomicNumber=iron' }),
  );
  assert.match(notNumber!.message, /atomicNumber must be a number/);
  assert.match(
    (await failure(client.readResource({ uri: 'toolkit://elements/elements/elementBySymbol?symbol=Fe&extra=1' })))!
      .message,
    /unknown parameter "extra"/,
  );

  // Prompts and skills: listed with their arguments, rendered with every placeholder kind.
  const { prompts } = await client.listPrompts();
  assert.equal(
    prompts.map((p) => p.name),
    [
      'about_currencies',
      'convert_between_countries_currencies',
      'about_elements',
      'molar_mass_check_elements',
      'about_frankfurter',
      'about_guide',
      'plan_trip_guide',
      'pack_bag_guide',
      'about_worldcities',
    ],
  );
  const plan = prompts.find((p) => p.name === 'plan_trip_guide')!;
  assert.equal(
    plan.arguments?.map((a) => [a.name, a.required]),
    [
      ['city', true],
      ['days', true],
      ['budget', false],
      ['season', false],
      ['bagSize', false],
    ],
  );
  const aboutElements = await client.getPrompt({ name: 'about_elements' });
  const aboutText = promptText(aboutElements);
  assert.ok(aboutText.includes('toolkit://elements/elements is a read-only SQLite table'), aboutText);
  assert.ok(
    aboutText.includes('get_compound_properties_elements asks PubChem') &&
      aboutText.includes('get_compound_synonyms_elements'),
  );
  assert.not.ok(aboutText.includes('{{'));
  const guideAbout = await client.getPrompt({ name: 'about_guide', arguments: { topic: 'cheese' } });
  assert.is(promptText(guideAbout), 'Use look_up_guide and read toolkit://guide/notes about cheese.');
  assert.is(guideAbout.messages[0]?.role, 'user');
  const planned = await client.getPrompt({
    name: 'plan_trip_guide',
    arguments: { city: 'Oslo', days: '3', season: 'winter', bagSize: 'small' },
  });
  assert.is(
    promptText(planned),
    'Plan 3 days in Oslo (winter, budget <budget>). Call look_up_guide, read toolkit://guide/notes. Then: Pack a ' +
      'small bag for Oslo.',
  );
  const convert = await client.getPrompt({
    name: 'convert_between_countries_currencies',
    arguments: { amount: '250', fromCountry: 'CH', toCountry: 'JP' },
  });
  const convertText = promptText(convert);
  assert.ok(convertText.startsWith('Convert 250 from the currency of CH to the currency of JP.'));
  // A tool of another provider, named by its full id, renders as that provider's wire name.
  assert.ok(
    convertText.includes('toolkit://currencies/iso with the currencyOfCountry query') &&
      convertText.includes('call get_latest_rates_frankfurter with'),
    convertText,
  );
  assert.is((await failure(client.getPrompt({ name: 'plan_trip_guide', arguments: { city: 'Oslo' } })))?.code, -32602);
  assert.match(
    (await failure(client.getPrompt({ name: 'plan_trip_guide', arguments: { city: 'Oslo', days: 'three' } })))!.message,
    /days must be a number/,
  );
  assert.match(
    (await failure(
      client.getPrompt({ name: 'plan_trip_guide', arguments: { city: 'Oslo', days: '2', season: 'spring' } }),
    ))!.message,
    /one of summer, winter/,
  );
  assert.is((await failure(client.getPrompt({ name: 'no_such_prompt' })))?.code, -32602);

  // The schemas' tools are still served beside them.
  const { tools } = await client.listTools();
  assert.equal(
    tools.map((t) => t.name),
    [
      'get_compound_properties_elements',
      'get_compound_synonyms_elements',
      'get_latest_rates_frankfurter',
      'get_historical_rates_frankfurter',
      'get_time_series_frankfurter',
      'list_currencies_frankfurter',
      'look_up_guide',
    ],
  );
}

const targets: [string, () => Target][] = [
  ['toolkit server', () => ({ kind: 'server', schemasDir: workspace.schemasDir, projectDir: workspace.dir })],
  ['built bundle', () => ({ kind: 'bundle', bundle, cwd: workspace.dir })],
];

// Each target over each transport, and each era over both transports and both targets: a
// 2026-07-28 client (v2 SDK) and a 2025-era one (the v1 SDK, as many clients in the wild still are).
const matrix: [number, Transport, Era][] = [
  [0, 'stdio', 'modern'],
  [0, 'http', 'v1'],
  [1, 'stdio', 'v1'],
  [1, 'http', 'modern'],
];
for (const [which, transport, era] of matrix) {
  const [name, target] = targets[which]!;
  {
    test(
      `${name} over ${transport}, ${era} client: every query readable, getSchema, freeQuery, prompts and ` +
        `skills rendered`,
      async () => {
        const server = await connect(target(), transport, env(), era);
        try {
          await checkEverything(server, `${name}/${transport}`);
        } finally {
          await server.close();
        }
      },
    );
  }
}

test('the bundle carries its inline databases: it serves them after the schemas directory is gone', async () => {
  const moved = workspace.path('moved-schemas');
  (await import('node:fs')).renameSync(workspace.schemasDir, moved);
  try {
    const server = await connect({ kind: 'bundle', bundle, cwd: workspace.dir }, 'stdio', env());
    try {
      const rows = JSON.parse(
        textOf(await server.client.readResource({ uri: 'toolkit://worldcities/cities/capitals?continent=Asia' })),
      ) as { name: string }[];
      assert.equal(rows.map((r) => r.name).sort(), ['Beijing', 'New Delhi', 'Tokyo']);
    } finally {
      await server.close();
    }
  } finally {
    (await import('node:fs')).renameSync(moved, workspace.schemasDir);
  }
});

test.run();
