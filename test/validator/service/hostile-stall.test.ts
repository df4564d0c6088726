/**
 * A hostile endpoint cannot stall the service: every string it sends (an 8 KB `Server` header of
 * `?key?key…`, cards and discovery documents whose fields are hundreds of kilobytes of what once made
 * the redaction patterns backtrack, a challenge padded with white space, an MCP Apps blob of white
 * space) goes through the real layers, and `/api/health` keeps answering within 100 ms while the
 * assessment runs.
 *
 * The 100 ms are the service's own time: the CPU time this process spends while a health request
 * waits. On a shared machine the wall time also holds every other process's turn (an idle event
 * loop here shows tens of ms of delay), which says nothing about the service; a stall by its own work
 * shows as CPU time (the cubic redaction spent seconds of it per header).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startValidator } from '../../../validator-service/server.ts';
import { startAppsMcpServer } from '../../peers/mcp-apps-server.ts';
import { startHostile } from './support-red-team/hostile-endpoint.ts';

/** Assesses `url` on `service` while asking `/api/health` every 10 ms; the wall and CPU time of each ask. */
async function healthDuring(service: { url: string }, url: string) {
  // One assessment first, unmeasured: the first one also pays for loading and compiling the code
  // it runs (the layers, the SDK), which is start-up work, not what the endpoint makes us do.
  await (
    await fetch(`${service.url}/api/assess`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    })
  ).arrayBuffer();
  let done = false;
  const assessment = fetch(`${service.url}/api/assess`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url }),
  })
    .then(async (response) => ({
      status: response.status,
      body: (await response.json()) as {
        layers: Record<string, { status: string; messages: { code: string; message: string }[] }>;
      },
    }))
    .finally(() => {
      done = true;
    });
  const polls: { wallMs: number; cpuMs: number }[] = [];
  while (!done) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const health = await fetch(`${service.url}/api/health`);
    await health.arrayBuffer();
    const used = process.cpuUsage(cpu);
    polls.push({ wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 });
    assert.is(health.status, 200);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const worst = Math.max(...polls.map((p) => p.cpuMs));
  const seen = polls.map((p) => `${p.wallMs.toFixed(0)}/${p.cpuMs.toFixed(0)}`).join(', ');
  return { ...(await assessment), polls, worst, seen };
}

test('an MCP Apps blob of white space (once a quadratic base64 check) does not stall the service', async () => {
  const apps = await startAppsMcpServer('hostile-blob');
  const service = await startValidator({
    port: 0,
    env: {
      VALIDATOR_ALLOW_HOSTS: new URL(apps.url).host,
      VALIDATOR_RATE_LIMIT: '100000',
      VALIDATOR_DEFAULT_TIMEOUT_MS: '20000',
    },
  });
  try {
    const { status, body, polls, worst, seen } = await healthDuring(service, apps.url);
    assert.is(status, 200);
    assert.ok(
      body.layers['ui']!.messages.some(
        (m) => /blob\.html/.test(m.message) && (m.code === 'UI-012' || m.code === 'UI-010'),
      ),
      JSON.stringify(body.layers['ui']!.messages),
    );
    assert.ok(polls.length >= 3, `health was asked ${polls.length} times`);
    assert.ok(
      worst < 100,
      `a /api/health request waited ${worst.toFixed(0)} ms of the service's own time (wall/cpu ms: ${seen})`,
    );
  } finally {
    await service.close();
    await apps.close();
  }
});

test('/api/health answers within 100 ms while the service assesses a hostile endpoint', async () => {
  const hostile = await startHostile();
  const service = await startValidator({
    port: 0,
    env: {
      VALIDATOR_ALLOW_HOSTS: new URL(hostile.url).host,
      VALIDATOR_RATE_LIMIT: '100000',
      VALIDATOR_DEFAULT_TIMEOUT_MS: '20000',
    },
  });
  try {
    let done = false;
    const assessment = fetch(`${service.url}/api/assess`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${hostile.url}/` }),
    })
      .then(async (response) => ({
        status: response.status,
        body: (await response.json()) as {
          layers: Record<string, { status: string; summary: Record<string, unknown> }>;
        },
      }))
      .finally(() => {
        done = true;
      });
    const polls: { wallMs: number; cpuMs: number }[] = [];
    while (!done) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const health = await fetch(`${service.url}/api/health`);
      await health.arrayBuffer();
      const used = process.cpuUsage(cpu);
      polls.push({ wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 });
      assert.is(health.status, 200);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const { status, body } = await assessment;
    assert.is(status, 200);
    assert.ok(body.layers['a2a'] && body.layers['commerce'] && body.layers['http'], 'every layer answered');
    assert.ok(polls.length >= 3, `health was asked ${polls.length} times during the assessment`);
    const worst = Math.max(...polls.map((p) => p.cpuMs));
    const seen = polls.map((p) => `${p.wallMs.toFixed(0)}/${p.cpuMs.toFixed(0)}`).join(', ');
    assert.ok(
      worst < 100,
      `a /api/health request waited ${worst.toFixed(0)} ms of the service's own time (wall/cpu ms: ${seen})`,
    );
  } finally {
    await service.close();
    await hostile.close();
  }
});

test.run();
