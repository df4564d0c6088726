/**
 * Pipeline semantics with small fake layers: layers run concurrently, a throwing layer becomes a
 * `fail`, a layer still running at the deadline is cut off (its signal aborts), layers without an
 * implementation are `not_detected`, and the result always has all nine layers.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Fetch, Layer } from '../../../validator-service/layers/layer.ts';
import { LAYER_NAMES } from '../../../validator-service/pipeline/layer-names.ts';
import { runAssessment } from '../../../validator-service/pipeline/run-assessment.ts';
import { toSections } from '../../../validator-service/pipeline/sectioned.ts';
import { fixedLayer, hangingLayer, throwingLayer } from './support/fake-layers.ts';
import { expectCode } from '../support/expect-code.ts';

const noFetch: Fetch = async () => {
  throw new Error('no network in this test');
};
const deps = (layers: Layer[]) => ({ layers, openNetwork: () => ({ fetch: noFetch, tlsInfo: async () => null }) });
const url = new URL('https://agent.example/mcp');

test(
  'layers run concurrently: each waits until all have started, which a sequential run could ' + 'never satisfy',
  async () => {
    const names = ['http', 'mcp', 'oauth'] as const;
    let started = 0;
    let allStarted!: () => void;
    const barrier = new Promise<void>((resolve) => (allStarted = resolve));
    const layers: Layer[] = names.map((name) => ({
      name,
      async run() {
        if (++started === names.length) allStarted();
        await barrier;
        return { layer: name, status: 'pass', categories: {}, summary: {}, messages: [], raw: null };
      },
    }));
    const result = await runAssessment({ url, timeoutMs: 5_000 }, deps(layers));
    for (const name of names) assert.is(result.layers[name].status, 'pass', name);
    assert.equal(result.cutOff, []);
  },
);

test('a layer that throws becomes fail with PIPE-001 and its message; the others are unaffected', async () => {
  const result = await runAssessment(
    { url, timeoutMs: 5_000 },
    deps([throwingLayer('oauth', 'metadata parser exploded'), fixedLayer('mcp', 'pass')]),
  );
  assert.is(result.layers.oauth.status, 'fail');
  assert.is(result.layers.oauth.messages[0]?.code, 'PIPE-001');
  expectCode(result.layers.oauth, 'PIPE-001');
  assert.match(result.layers.oauth.messages[0]!.message, /metadata parser exploded/);
  assert.is(result.layers.mcp.status, 'pass');
});

test('a layer still running at the deadline is cut off with PIPE-002 and sees its signal abort', async () => {
  let abortReason: unknown = null;
  const result = await runAssessment(
    { url, timeoutMs: 150 },
    deps([hangingLayer('a2a', (r) => (abortReason = r)), fixedLayer('http', 'pass')]),
  );
  assert.is(result.layers.a2a.status, 'fail');
  assert.is(result.layers.a2a.messages[0]?.code, 'PIPE-002');
  expectCode(result.layers.a2a, 'PIPE-002');
  assert.match(result.layers.a2a.messages[0]!.message, /150 ms deadline/);
  assert.equal(result.cutOff, ['a2a']);
  assert.ok(abortReason instanceof Error, 'the layer signal aborted');
  assert.is(result.layers.http.status, 'pass', 'a finished layer keeps its verdict');
});

test('the deadline also aborts the fetch a layer is waiting on', async () => {
  let fetchSignal: AbortSignal | undefined;
  const slowFetch: Fetch = (_input, init) =>
    new Promise((_resolve, reject) => {
      fetchSignal = init?.signal ?? undefined;
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    });
  const layer: Layer = {
    name: 'http',
    run: async (ctx) => {
      await ctx.fetch(ctx.url);
      throw new Error('unreachable');
    },
  };
  await runAssessment(
    { url, timeoutMs: 100 },
    { layers: [layer], openNetwork: () => ({ fetch: slowFetch, tlsInfo: async () => null }) },
  );
  assert.ok(fetchSignal?.aborted);
});

test('layers without an implementation are not_detected with PIPE-003; all nine are always present', async () => {
  const result = await runAssessment({ url, timeoutMs: 1_000 }, deps([fixedLayer('mcp', 'pass')]));
  assert.equal(Object.keys(result.layers), [...LAYER_NAMES]);
  assert.equal(
    result.notAssessed,
    LAYER_NAMES.filter((n) => n !== 'mcp'),
  );
  assert.is(result.layers.x402.status, 'not_detected');
  assert.is(result.layers.x402.messages[0]?.code, 'PIPE-003');
  expectCode(result.layers.x402, 'PIPE-003');
});

test('a malformed layer result is contained as fail with PIPE-004', async () => {
  const bad = { name: 'ui', run: async () => ({ status: 'great' }) } as unknown as Layer;
  const result = await runAssessment({ url, timeoutMs: 1_000 }, deps([bad]));
  assert.is(result.layers.ui.status, 'fail');
  assert.is(result.layers.ui.messages[0]?.code, 'PIPE-004');
  expectCode(result.layers.ui, 'PIPE-004');
});

test('grade and counts follow the messages: an error makes C', async () => {
  const result = await runAssessment(
    { url, timeoutMs: 1_000 },
    deps([fixedLayer('mcp', 'fail'), fixedLayer('http', 'pass')]),
  );
  assert.is(result.grade, 'C');
  assert.is(result.counts.errors, 1);
});

test('the sectioned shape has every layer with status, categories, summary and messages, and no raw', async () => {
  const sections = toSections(await runAssessment({ url, timeoutMs: 1_000 }, deps([fixedLayer('mcp', 'pass')])));
  for (const name of ['mcp', 'a2a', 'ui', 'oauth', ...LAYER_NAMES] as const) {
    assert.equal(Object.keys(sections[name]).sort(), ['categories', 'messages', 'status', 'summary'], name);
  }
  assert.is(sections.mcp.status, 'pass');
  assert.equal(sections.mcp.categories, { mcpChecked: true });
});

test.run();
