/**
 * Every provider of the shipped catalog passes its declared tests against recorded responses: the same
 * code as `toolkit test single` (runtime, request assembly, handlers, declared outputs, the production
 * upstream client), with only the connection sent to a loopback HTTPS replay that holds the real host
 * names' certificates from the test CA. Each recording answers exactly one declared test, and a request
 * that differs from the documented one gets no answer, so a schema that drifts from its API fails here.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runDeclaredTests } from '../../cli/tool-tests/run-declared-tests.ts';
import { readDeclaredTests } from '../../cli/tool-tests/declared-tests.ts';
import { createUpstreamHttpClient } from '../../runtime/upstream/upstream-http.ts';
import { startReplay, type RecordingFile } from '../support/replay-upstream.ts';
import { shippedCatalog } from './support/catalog.ts';
import { replayCatalog } from './support/replay-catalog.ts';

const { schemas, recordings, ca, replay, http, serverParams, grants, close } = await replayCatalog();
const byNamespace = new Map(recordings.map((r) => [r.namespace, r]));
const hostOf = (root: string) => new URL(root).hostname;
test.after(close);

test('every provider with tools has one recording file for its host, and every recording file a provider', () => {
  assert.equal(schemas.map((s) => s.main.namespace).sort(), [...byNamespace.keys()].sort());
  for (const schema of schemas)
    assert.is(byNamespace.get(schema.main.namespace)!.host, hostOf(schema.main.root), schema.file);
});

test(
  'every tool declares tests, and every declared test has exactly one recorded exchange (and no ' +
    'exchange is spare)',
  () => {
    for (const schema of schemas) {
      const declared = readDeclaredTests(schema.absolute);
      const recording = byNamespace.get(schema.main.namespace)!;
      for (const tool of Object.keys(schema.main.tools))
        assert.ok((declared.get(tool) ?? []).length >= 1, `${schema.file}: ${tool} declares no tests`);
      const wanted = [...declared].flatMap(([tool, tests]) => tests.map((t) => `${tool}: ${t.description}`)).sort();
      const recorded = recording.exchanges.map((e) => `${e.tool}: ${e.test}`).sort();
      assert.equal(recorded, wanted, schema.file);
      assert.ok(
        recording.docs.length > 0,
        `${recording.namespace}: the recording names the documentation it was written from`,
      );
    }
  },
);

for (const schema of schemas) {
  const namespace = schema.main.namespace as string;
  test(`${namespace}: every declared test passes against the replayed responses`, async () => {
    const recording: RecordingFile = byNamespace.get(namespace)!;
    const missesBefore = replay.misses.length;
    const report = await runDeclaredTests({
      schemasDir: shippedCatalog,
      selector: namespace,
      http,
      serverParams,
      grants,
      timeoutMs: 10_000,
    });
    const failed = report.outcomes.filter((o) => !o.ok).map((o) => `${o.tool} "${o.description}": ${o.detail}`);
    assert.equal(
      failed,
      [],
      `${failed.join('\n')}\nunmatched requests:\n${replay.misses.slice(missesBefore).join('\n')}`,
    );
    assert.equal(report.untested, []);
    recording.exchanges.forEach((exchange, index) =>
      assert.ok(
        (replay.hits.get(`${namespace}#${index}`) ?? 0) >= 1,
        `${namespace}: the recording for ${exchange.tool} "${exchange.test}" was never requested`,
      ),
    );
  });
}

test('a request that differs from the recorded one gets no answer, so the declared test fails', async () => {
  const openmeteo = byNamespace.get('openmeteo')!;
  const drifted: RecordingFile = {
    ...openmeteo,
    exchanges: openmeteo.exchanges.map((e) => ({
      ...e,
      request: { ...e.request, url: e.request.url.replace('latitude=', 'lat=') },
    })),
  };
  const other = await startReplay([drifted], ca, serverParams);
  const client = createUpstreamHttpClient({ ca: ca.ca, connectTo: other.connectTo });
  try {
    const report = await runDeclaredTests({
      schemasDir: shippedCatalog,
      selector: 'openmeteo/tool/getElevation',
      http: client,
      serverParams,
      grants,
    });
    assert.is(report.outcomes.length, 1);
    assert.is(report.outcomes[0]!.ok, false);
    assert.match(report.outcomes[0]!.detail, /HTTP 404.*no recorded exchange/);
    assert.equal(other.misses, ['GET api.open-meteo.com/v1/elevation?latitude=46.02&longitude=7.75']);
  } finally {
    client.close();
    await other.close();
  }
});

test('the replay is real TLS: a client without the test CA refuses it', async () => {
  const untrusting = createUpstreamHttpClient({ connectTo: replay.connectTo });
  try {
    const report = await runDeclaredTests({
      schemasDir: shippedCatalog,
      selector: 'openmeteo/tool/getElevation',
      http: untrusting,
      serverParams,
      grants,
    });
    assert.is(report.outcomes[0]!.ok, false);
    assert.match(report.outcomes[0]!.detail, /certificate/i);
  } finally {
    untrusting.close();
  }
});

test.run();
