/**
 * The MCP verdict must not depend on how fast the body-prefix capture runs: a failed handshake
 * whose POST answered JSON-RPC is `handshake-failed` even when the clone read by the capture lags
 * behind the body the SDK read.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openAssessmentState } from '../../../validator-service/layers/shared/assessment-state.ts';
import type { LayerContext } from '../../../validator-service/layers/layer.ts';
import { connectMcp } from '../../../validator-service/layers/mcp/connect.ts';

/** An incomplete initialize result (no capabilities, no serverInfo): MCP wire format, failed handshake. */
function answer(id: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', id, result: { protocolVersion: '2025-11-25' } });
}

/** A response whose clone delivers the same bytes only after `lagMs`. */
function lagging(text: string, lagMs: number): Response {
  const init = { status: 200, headers: { 'content-type': 'application/json' } };
  const response = new Response(text, init);
  response.clone = () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          setTimeout(() => {
            controller.enqueue(new TextEncoder().encode(text));
            controller.close();
          }, lagMs);
        },
      }),
      init,
    );
  return response;
}

test('a lagging prefix capture is awaited before the verdict (handshake-failed, not not-mcp)', async () => {
  const controller = new AbortController();
  const ctx: LayerContext = {
    url: new URL('http://127.0.0.1:9/mcp'),
    signal: controller.signal,
    timeoutMs: 5000,
    tlsInfo: async () => null,
    options: {},
    assessment: openAssessmentState(),
    fetch: async (_input, init) => {
      if ((init?.method ?? 'GET').toUpperCase() !== 'POST') return new Response(null, { status: 405 });
      const message = JSON.parse(String(init?.body)) as { id?: unknown };
      return lagging(answer(message.id ?? null), 50);
    },
  };
  const outcome = await connectMcp(ctx);
  controller.abort();
  assert.is(outcome.kind, 'handshake-failed', JSON.stringify(outcome));
  if (outcome.kind !== 'handshake-failed') return;
  const post = outcome.exchanges.find((e) => e.method === 'POST');
  assert.match(post?.bodyStart ?? '', /"jsonrpc":"2.0"/);
  assert.not.ok(Object.keys(post ?? {}).includes('prefixDone'), 'prefixDone stays out of the serialised exchange');
});

test.run();
