/**
 * A client that trickles its request body cannot hold the service: after VALIDATOR_BODY_TIMEOUT_MS the
 * request is answered 408 and its connection closed, while other clients are served meanwhile.
 */
import { connect, type Socket } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startValidator } from '../../../validator-service/server.ts';
import { fixedLayer } from './support/fake-layers.ts';

interface Trickle {
  readonly done: Promise<{ status: number; closed: boolean; ms: number }>;
  stop(): void;
}

/** Opens a raw socket, sends headers promising 200 bytes and then one byte every 150 ms. */
function trickle(base: string, path: string): Trickle {
  const { hostname, port } = new URL(base);
  const socket: Socket = connect(Number(port), hostname);
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  let received = '';
  const done = new Promise<{ status: number; closed: boolean; ms: number }>((resolve) => {
    socket.on('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: ` +
          `200\r\n\r\n{`,
      );
      timer = setInterval(() => {
        if (!socket.destroyed) socket.write(' ');
      }, 150);
    });
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({
        status: Number(received.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0),
        closed: true,
        ms: Date.now() - started,
      });
    });
  });
  return {
    done,
    stop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

test('four trickled bodies get 408 and a closed connection, and another client is served meanwhile', async () => {
  const service = await startValidator({
    port: 0,
    env: { VALIDATOR_BODY_TIMEOUT_MS: '1200', VALIDATOR_RATE_LIMIT: '1000', VALIDATOR_MAX_CONCURRENT: '10' },
    layers: [fixedLayer('mcp', 'pass')],
  });
  const trickles = ['/api/assess', '/api/validate', '/api/lookup', '/mcp'].map((path) => trickle(service.url, path));
  try {
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    // A route that needs no DNS answer (resolving a made-up name takes the resolver's time, not ours).
    const other = await fetch(`${service.url}/api/health`);
    assert.is(other.status, 200, 'a normal client is answered while four bodies trickle');
    assert.ok(Date.now() - started < 1000, 'and without waiting for them');
    const outcomes = await Promise.all(trickles.map((t) => t.done));
    for (const outcome of outcomes) {
      assert.is(outcome.status, 408);
      assert.ok(outcome.closed);
      assert.ok(outcome.ms < 4000, `closed after ${outcome.ms} ms`);
    }
  } finally {
    for (const t of trickles) t.stop();
    await service.close();
  }
});

test('the 408 body names the problem', async () => {
  const service = await startValidator({
    port: 0,
    env: { VALIDATOR_BODY_TIMEOUT_MS: '300' },
    layers: [fixedLayer('mcp', 'pass')],
  });
  try {
    const { hostname, port } = new URL(service.url);
    const text = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), hostname, () =>
        socket.write(
          `POST /api/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ` +
            `50\r\n\r\n{"url"`,
        ),
      );
      let out = '';
      socket.on('data', (c) => {
        out += c.toString();
      });
      socket.on('close', () => resolve(out));
      socket.on('error', () => undefined);
    });
    assert.match(text, /^HTTP\/1\.1 408/);
    assert.match(text, /"code":"request_timeout"/);
    assert.match(text, /did not arrive within 300 ms/);
  } finally {
    await service.close();
  }
});

test.run();
