/**
 * `toolkit assess` as a CI job runs it, against real loopback peers (the official SDK's MCP server,
 * healthy and with a failing tools list): exit codes by threshold, every report format (SARIF checked
 * against the SARIF 2.1.0 JSON schema with ajv, JUnit parsed and checked for the structure CI
 * systems read), the SSRF guard and its documented loopback setting, usage mistakes as one line.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { main } from '../../cli/main.ts';
import { checkRegistry } from '../../validator-service/checks/registry.ts';
import { openHistoryStore } from '../../validator-service/history/history-store.ts';
import { startStreamableMcpServer, type StreamablePeer } from '../peers/mcp-streamable-server.ts';
import { createSandbox, hasStack } from './support/sandbox.ts';

const test = suite('toolkit assess');
let healthy: StreamablePeer;
let broken: StreamablePeer;
const saved = process.env['VALIDATOR_ALLOW_HOSTS'];

test.before(async () => {
  healthy = await startStreamableMcpServer({ name: 'ci-healthy' });
  broken = await startStreamableMcpServer({ name: 'ci-broken', failingToolList: true });
  process.env['VALIDATOR_ALLOW_HOSTS'] = `${new URL(healthy.url).host},${new URL(broken.url).host}`;
});
test.after(async () => {
  if (saved === undefined) delete process.env['VALIDATOR_ALLOW_HOSTS'];
  else process.env['VALIDATOR_ALLOW_HOSTS'] = saved;
  await healthy?.close();
  await broken?.close();
});

async function assess(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c) => (out += c));
  stderr.on('data', (c) => (err += c));
  const code = await main(['assess', ...argv], { stdout, stderr });
  return { code, out, err };
}

const titleOf = (code: string) => checkRegistry.checks.find((c) => c.code === code)?.title;

test(
  'text: a healthy MCP server passes at --fail-on error (exit 0) and fails at --fail-on ' + 'warning (exit 1)',
  async () => {
    const ok = await assess(healthy.url);
    assert.is(ok.code, 0, ok.err);
    assert.match(ok.out, /grade B {2}MCP server/);
    assert.match(ok.out, /mcp {7}pass/);
    assert.match(ok.out, /warning HTTP-004 {2}plain HTTP, no TLS/);
    assert.match(ok.out, /1 endpoint: 1 passed, 0 failed \(--fail-on error\)/);
    const strict = await assess(healthy.url, '--fail-on', 'warning');
    assert.is(strict.code, 1);
    assert.match(strict.out, /FAILED at --fail-on warning/);
  },
);

test('an error fails the run (exit 1); with two URLs each is reported and the run fails once', async () => {
  const run = await assess(broken.url, healthy.url);
  assert.is(run.code, 1);
  assert.match(run.out, /grade C/);
  assert.match(run.out, /2 endpoints: 1 passed, 1 failed/);
});

test('json (and --json): threshold, verdict, each assessment with its profile', async () => {
  const run = await assess(broken.url, '--json');
  assert.is(run.code, 1);
  const report = JSON.parse(run.out) as {
    failOn: string;
    passed: boolean;
    assessments: {
      grade: string;
      passed: boolean;
      profile: { kind: string };
      layers: Record<string, { status: string }>;
    }[];
  };
  assert.is(report.failOn, 'error');
  assert.is(report.passed, false);
  assert.is(report.assessments[0]!.grade, 'C');
  assert.is(report.assessments[0]!.profile.kind, 'mcp-server');
  assert.is(report.assessments[0]!.layers['mcp']!.status, 'fail');
});

test('sarif: valid against the SARIF 2.1.0 schema; every result has its rule with the registry title', async () => {
  const run = await assess(broken.url, healthy.url, '--format', 'sarif');
  assert.is(run.code, 1);
  const sarif = JSON.parse(run.out) as { runs: { tool: { driver: unknown }; results: unknown }[] };
  const require = createRequire(import.meta.url);
  // The schema ships in the multitool's package for this platform (an optional dependency of the multitool).
  const schemaPath = ['linux', 'darwin', 'win32']
    .map((os) => {
      try {
        return require.resolve(`@microsoft/sarif-multitool-${os}/sarif-2.1.0.json`);
      } catch {
        return undefined;
      }
    })
    .find((path) => path !== undefined);
  assert.ok(schemaPath, 'the SARIF 2.1.0 schema (npm ci installs @microsoft/sarif-multitool)');
  const schema = JSON.parse(readFileSync(schemaPath, 'utf8'));
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  const valid = ajv.validate(schema, sarif);
  assert.ok(valid, JSON.stringify(ajv.errors?.slice(0, 5), null, 2));
  const { rules } = sarif.runs[0]!.tool.driver as { rules: { id: string; shortDescription: { text: string } }[] };
  const results = sarif.runs[0]!.results as {
    ruleId: string;
    ruleIndex: number;
    level: string;
    locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
  }[];
  assert.ok(
    results.some((r) => r.level === 'error' && r.ruleId.startsWith('MCP-')),
    'the failing tools list is an error',
  );
  for (const r of results) {
    assert.is(rules[r.ruleIndex]!.id, r.ruleId);
    assert.is(rules[r.ruleIndex]!.shortDescription.text, titleOf(r.ruleId));
  }
  const uris = new Set(results.map((r) => r.locations[0]!.physicalLocation.artifactLocation.uri));
  assert.equal([...uris].sort(), [broken.url, healthy.url].map((u) => new URL(u).href).sort());
});

test(
  'junit: well-formed XML, one suite per URL, one case per layer, the failing layer lists code, ' +
    'severity and title',
  async () => {
    const run = await assess(broken.url, healthy.url, '--format', 'junit');
    assert.is(run.code, 1);
    assert.is(XMLValidator.validate(run.out), true);
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => ['testsuite', 'testcase', 'property'].includes(name),
    }).parse(run.out);
    const root = parsed.testsuites;
    assert.is(root.testsuite.length, 2);
    let failures = 0;
    for (const suiteEl of root.testsuite) {
      assert.is(suiteEl.testcase.length, 9);
      assert.is(Number(suiteEl.tests), 9);
      const failed = suiteEl.testcase.filter((c: Record<string, unknown>) => c['failure'] !== undefined);
      assert.is(Number(suiteEl.failures), failed.length);
      failures += failed.length;
      for (const c of suiteEl.testcase) assert.ok(c.name && c.classname && c.time !== undefined);
    }
    assert.is(Number(root.failures), failures);
    const brokenSuite = root.testsuite.find((s: { name: string }) => s.name === new URL(broken.url).href);
    const mcp = brokenSuite.testcase.find((c: { classname: string }) => c.classname === 'assess.mcp');
    const body = String(mcp.failure['#text']);
    const code = body.match(/^(MCP-\d+) \[error\]/)?.[1];
    assert.ok(code, body);
    assert.ok(body.includes(titleOf(code!)!), 'the registry title is in the failure');
    assert.is(brokenSuite.properties.property.find((p: { name: string }) => p.name === 'grade').value, 'C');
  },
);

test('markdown: a PR comment with the grade, the kind, a layer table and the findings', async () => {
  const run = await assess(broken.url, '--format', 'markdown');
  assert.is(run.code, 1);
  assert.match(run.out, /^## Agent endpoint assessment: 0 of 1 passed/);
  assert.match(run.out, /### ❌ Grade C · MCP server · /);
  assert.match(run.out, /\| MCP \| ❌ fail \| [1-9]/);
  assert.match(run.out, /\| ❌ error \| `MCP-\d+` \|/);
});

test('--layers runs only those layers; the rest are not assessed (PIPE-003)', async () => {
  const run = await assess(healthy.url, '--layers', 'mcp', '--json');
  const a = JSON.parse(run.out).assessments[0];
  assert.is(a.layers.mcp.status, 'pass');
  assert.ok(a.notAssessed.includes('http'));
  assert.is(a.layers.http.messages[0].code, 'PIPE-003');
});

test('--history stores each assessment in the SQLite file and names its permalink', async () => {
  const box = createSandbox('assess-history');
  try {
    const file = box.path('history.sqlite');
    const run = await assess(healthy.url, '--history', file);
    const id = run.out.match(/result: \/r\/([A-Za-z0-9_-]{16})/)?.[1];
    assert.ok(id, run.out);
    const store = await openHistoryStore({ path: file, maxRows: 10, maxAgeDays: 1 });
    try {
      const stored = await store.get(id!);
      assert.is(stored?.url, new URL(healthy.url).href);
      assert.is(stored?.assessment.grade, 'B');
    } finally {
      await store.close();
    }
  } finally {
    box.remove();
  }
});

test(
  'the SSRF guard: a loopback target not in VALIDATOR_ALLOW_HOSTS is refused, exit 2, one line ' + 'naming the setting',
  async () => {
    process.env['VALIDATOR_ALLOW_HOSTS'] = '';
    try {
      const run = await assess(healthy.url);
      assert.is(run.code, 2);
      assert.is(run.err.trim().split('\n').length, 1, run.err);
      assert.match(run.err, /VALIDATOR_ALLOW_HOSTS=127\.0\.0\.1:\d+/);
      assert.is(run.out, '');
    } finally {
      process.env['VALIDATOR_ALLOW_HOSTS'] = `${new URL(healthy.url).host},${new URL(broken.url).host}`;
    }
  },
);

test('usage mistakes are one line and exit 2', async () => {
  for (const argv of [
    ['ftp://example.com/'],
    [],
    ['https://example.com/', '--format', 'yaml'],
    ['https://example.com/', '--fail-on', 'info'],
    ['https://example.com/', '--layers', 'mcp,smtp'],
    ['https://example.com/', '--json', '--format', 'sarif'],
  ]) {
    const run = await assess(...argv);
    assert.is(run.code, 2, `${argv.join(' ')}: ${run.err}`);
    assert.is(run.err.trim().split('\n').length, 1, `${argv.join(' ')}: ${run.err}`);
    assert.not.ok(hasStack(run.err));
  }
});

test('the real binary: exit 1 on an error, the SARIF on stdout', async () => {
  const box = createSandbox('assess-bin');
  try {
    const run = await box.toolkit(['assess', broken.url, '--format', 'sarif'], {
      env: { VALIDATOR_ALLOW_HOSTS: new URL(broken.url).host },
    });
    assert.is(run.code, 1, run.stderr);
    assert.is(JSON.parse(run.stdout).version, '2.1.0');
  } finally {
    box.remove();
  }
});

test.run();
