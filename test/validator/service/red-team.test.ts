/**
 * An outside red team against the running validator (real layers, real sockets, loopback only): one
 * test per attack class, each asserting what the attacker would see or get. A "public" endpoint is a
 * loopback peer on the allowlist (host:port, as in the other service tests); the address that must
 * never be reached is another loopback listener that counts connections.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chromium } from 'playwright-core';
import type { LayerMessage, LayerResult } from '../../../validator-service/layers/layer.ts';
import type { Resolver } from '../../../validator-service/net/resolve-target.ts';
import { startValidator, type RunningValidator, type StartOptions } from '../../../validator-service/server.ts';
import { startLoopback } from '../../peers/listen.ts';
import { fetchingLayer } from './support/fake-layers.ts';
import { inProcess, postJson } from './support/service.ts';
import { expectCode } from '../support/expect-code.ts';
import { startListingMcpPeer, startPrivateListener, startRawPeer } from './support-red-team/hostile-peers.ts';
import { rawRequest } from './support-red-team/raw-request.ts';

interface Assessment {
  readonly layers: Record<string, LayerResult>;
}
interface ApiErrorBody {
  readonly error: { readonly code: string; readonly message: string; readonly field?: string };
}

const TESTNET_IDENTITY = '0x8004A818BFB912233c491871b3d84c89A494BD9e';

/** A started validator allowing exactly `allow` (host:port entries). */
function serve(allow: string[], options: Omit<StartOptions, 'port'> = {}): Promise<RunningValidator> {
  return startValidator({
    ...options,
    port: 0,
    env: { VALIDATOR_RATE_LIMIT: '1000', VALIDATOR_ALLOW_HOSTS: allow.join(','), ...options.env },
  });
}

async function assess(
  service: RunningValidator,
  body: Record<string, unknown>,
): Promise<{ status: number; text: string; json: Assessment }> {
  const response = await fetch(`${service.url}/api/assess`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, json: JSON.parse(text) as Assessment };
}

const messagesOf = (assessment: Assessment, layer: string): readonly LayerMessage[] =>
  assessment.layers[layer]?.messages ?? [];
const alive = async (service: RunningValidator) => (await fetch(`${service.url}/api/health`)).status;

test('a status line with control characters is an unusable answer, not the end of the service', async () => {
  // node:http hands the reason phrase through; `new Response` throws on it, inside a socket event.
  const peer = await startRawPeer(
    'HTTP/1.1 200 O\x01K\r\ncontent-type: text/html\r\ncontent-length: 15\r\n\r\n<html></html>\r\n',
  );
  const service = await serve([`127.0.0.1:${peer.port}`]);
  try {
    const { status, json } = await assess(service, { url: `${peer.url}/`, timeout: 3000 });
    assert.is(status, 200);
    assert.ok(json.layers['http'], 'the assessment is answered');
    assert.is(await alive(service), 200, 'the service still answers afterwards');
  } finally {
    await service.close();
    await peer.close();
  }
});

test('control characters from an agent card never become a request header that stops the service', async () => {
  // An AP2-looking extension URI is echoed in X-A2A-Extensions; `Headers` accepts \x01, node:http throws.
  let peerUrl = '';
  const peer = await startLoopback((req, res) => {
    if (!req.url?.startsWith('/.well-known/agent-card.json')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        name: 'Control agent',
        description: 'd',
        url: `${peerUrl}/a2a`,
        version: '1.0.0',
        protocolVersion: '0.3.0',
        preferredTransport: 'JSONRPC',
        capabilities: {
          extensions: [
            { uri: 'https://github.com/google-agentic-commerce/ap2/v1\u0001', params: { roles: ['merchant'] } },
          ],
        },
        defaultInputModes: ['text'],
        defaultOutputModes: ['text'],
        skills: [],
      }),
    );
  });
  peerUrl = peer.url;
  const service = await serve([`127.0.0.1:${peer.port}`]);
  try {
    // A deadline a loaded machine still meets with nine layers asking at once.
    const { status, json } = await assess(service, { url: `${peer.url}/`, timeout: 3000 });
    assert.is(status, 200);
    assert.ok(
      messagesOf(json, 'a2a').some((m) => /tasks\/get on .* failed/.test(m.message)),
      JSON.stringify(messagesOf(json, 'a2a')),
    );
    // The refused request's timers and abort listeners fire later (the request budget is 2400 ms).
    await new Promise((resolve) => setTimeout(resolve, 3200));
    assert.is(await alive(service), 200, 'the service survived the request it refused to send');
  } finally {
    await service.close();
    await peer.close();
  }
});

test('an MCP server cannot make one assessment answer without bound (endless pages, huge pages)', async () => {
  const many = await startListingMcpPeer((method, params) => {
    if (method !== 'tools/list')
      return method.endsWith('/list')
        ? {
            [method === 'prompts/list' ? 'prompts' : method === 'resources/list' ? 'resources' : 'resourceTemplates']:
              [],
          }
        : null;
    const page = Number(String(params['cursor'] ?? 'p0').slice(1));
    return {
      tools: Array.from({ length: 5000 }, (_, i) => ({ name: `t${page}-${i}`, inputSchema: { type: 'object' } })),
      nextCursor: `p${page + 1}`,
    };
  });
  const fat = await startListingMcpPeer((method) => {
    const key = {
      'tools/list': 'tools',
      'resources/list': 'resources',
      'resources/templates/list': 'resourceTemplates',
      'prompts/list': 'prompts',
    }[method];
    if (!key) return null;
    const item = {
      name: `n${Math.random()}`,
      description: 'x'.repeat(200_000),
      uri: `https://fat.example/${Math.random()}`,
      uriTemplate: 'https://fat.example/{id}',
      inputSchema: { type: 'object' },
    };
    return { [key]: [item], nextCursor: `c${Math.random()}` };
  });
  const service = await serve([`127.0.0.1:${many.port}`, `127.0.0.1:${fat.port}`], {
    env: { VALIDATOR_FETCH_MAX_BYTES: String(256 * 1024) },
  });
  try {
    // 20 pages x 5000 tools without a description: 100,000 tools and as many messages before.
    const listed = await assess(service, { url: `${many.url}/mcp`, timeout: 15_000 });
    assert.is(listed.status, 200);
    assert.ok(listed.text.length < 1_500_000, `the answer is ${listed.text.length} bytes`);
    const mcp = listed.json.layers['mcp']!;
    assert.ok((mcp.raw as { tools: unknown[] }).tools.length <= 1000, 'tools kept');
    expectCode(mcp, 'MCP-012', /stopped/);
    const missing = mcp.messages.filter((m) => m.code === 'MCP-015');
    assert.ok(missing.length <= 21, `${missing.length} MCP-015 messages`);
    assert.match(missing.at(-1)!.message, /more MCP-015 findings .* not listed/);

    // Endless pages of 200 KB items in all four lists: 16 MB of input before, now one budget.
    const heavy = await assess(service, { url: `${fat.url}/mcp`, timeout: 15_000 });
    assert.is(heavy.status, 200);
    assert.ok(heavy.text.length < 3_000_000, `the answer is ${heavy.text.length} bytes`);
    assert.match(heavy.text, /exceed \d+ bytes in total/);
  } finally {
    await service.close();
    await many.close();
    await fat.close();
  }
});

test('any assessment deadline works for ERC-8004: a budget with a fraction does not break the layer', async () => {
  // The layer gives the lookup 80 % of what is left: 7999 ms → 6399.2 ms, which AbortSignal.timeout refuses.
  let rpcCalls = 0;
  const peer = await startLoopback((req, res) => {
    if (req.url === '/.well-known/agent-registration.json') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ registrations: [{ agentId: 7, agentRegistry: `eip155:84532:${TESTNET_IDENTITY}` }] }));
      return;
    }
    if (req.url === '/rpc') {
      rpcCalls += 1;
      res.writeHead(503).end('down');
      return;
    }
    res.writeHead(404).end();
  });
  const service = await serve([`127.0.0.1:${peer.port}`], { now: () => 1_760_000_000_000 });
  try {
    const { status, json } = await assess(service, {
      url: `${peer.url}/`,
      timeout: 7999,
      erc8004: { rpcNodes: { 'base-sepolia': `${peer.url}/rpc` } },
    });
    assert.is(status, 200);
    const messages = messagesOf(json, 'erc8004');
    assert.not.ok(
      messages.some((m) => m.code.startsWith('PIPE')),
      JSON.stringify(messages),
    );
    expectCode({ messages }, 'ERC-027', /did not answer/);
    assert.ok(rpcCalls > 0, 'the lookup reached the RPC node');
  } finally {
    await service.close();
    await peer.close();
  }
});

test('DNS rebinding and other sites cannot drive the service: foreign Host or Origin is 403', async () => {
  let peerHits = 0;
  const peer = await startLoopback((_req, res) => {
    peerHits += 1;
    res.end('allowlisted peer');
  });
  const service = await serve([`127.0.0.1:${peer.port}`], { env: { API_TOKEN: 'red-team-token-0123456789abcdef' } });
  const port = new URL(service.url).port;
  const assessBody = JSON.stringify({ url: `${peer.url}/` });
  const json = { 'content-type': 'application/json' };
  try {
    // The attacker's page at rebound.attacker.test:<port>, its name now resolving to 127.0.0.1.
    const rebound = `rebound.attacker.test:${port}`;
    const page = await rawRequest(service.url, '/', 'GET', {
      host: rebound,
      'sec-fetch-site': 'same-origin',
      'sec-fetch-mode': 'cors',
    });
    assert.is(page.status, 403);
    assert.is(page.headers['set-cookie'], undefined, 'no session cookie for the rebound page');
    for (const path of ['/api/assess', '/mcp']) {
      const answer = await rawRequest(
        service.url,
        path,
        'POST',
        {
          ...json,
          host: rebound,
          origin: `http://${rebound}`,
          authorization: 'Bearer red-team-token-0123456789abcdef',
        },
        assessBody,
      );
      assert.is(answer.status, 403, `${path}: ${answer.body}`);
      assert.is((JSON.parse(answer.body) as ApiErrorBody).error.code, 'forbidden_host');
      const foreign = await rawRequest(
        service.url,
        path,
        'POST',
        {
          ...json,
          host: `127.0.0.1:${port}`,
          origin: 'https://evil.example',
          authorization: 'Bearer red-team-token-0123456789abcdef',
        },
        assessBody,
      );
      assert.is(foreign.status, 403, `${path}: ${foreign.body}`);
      assert.is((JSON.parse(foreign.body) as ApiErrorBody).error.code, 'forbidden_origin');
    }
    assert.is(peerHits, 0, 'nothing was assessed for the foreign pages');
    // The service's own page (same Host and Origin) and scripts without an Origin still work.
    const own = await rawRequest(
      service.url,
      '/api/assess',
      'POST',
      {
        ...json,
        host: `127.0.0.1:${port}`,
        origin: service.url,
        authorization: 'Bearer red-team-token-0123456789abcdef',
      },
      assessBody,
    );
    assert.is(own.status, 200, own.body);
    assert.ok(peerHits > 0);
  } finally {
    await service.close();
    await peer.close();
  }
});

test('rate limits count an IPv6 client per /64, so rotating addresses in one block buys nothing', async () => {
  const call = inProcess({ env: { VALIDATOR_TRUST_PROXY: '1', VALIDATOR_RATE_LIMIT: '3' } });
  const statuses: number[] = [];
  for (let i = 1; i <= 5; i++)
    statuses.push(
      (await call('/api/health', { headers: { 'x-forwarded-for': `2001:db8:7:7::${i.toString(16)}` } })).status,
    );
  assert.equal(statuses, [200, 200, 200, 429, 429]);
  // Another /64 is another client; an IPv4 client is the same whether written mapped or not.
  assert.is((await call('/api/health', { headers: { 'x-forwarded-for': '2001:db8:7:8::1' } })).status, 200);
  const v4: number[] = [];
  for (const address of ['198.51.100.7', '::ffff:198.51.100.7', '198.51.100.7', '::FFFF:198.51.100.7'])
    v4.push((await call('/api/health', { headers: { 'x-forwarded-for': address } })).status);
  assert.equal(v4, [200, 200, 200, 429]);
});

test('ports of other protocols are refused, as target and as redirect hop', async () => {
  const resolve: Resolver = async (host) =>
    host === 'mail.public.test' ? [{ address: '93.184.216.34', family: 4 }] : [];
  const peer = await startLoopback((_req, res) =>
    res.writeHead(302, { location: 'http://mail.public.test:25/' }).end(),
  );
  const call = inProcess({
    resolve,
    layers: [fetchingLayer('http')],
    env: { VALIDATOR_RATE_LIMIT: '1000', VALIDATOR_ALLOW_HOSTS: `127.0.0.1:${peer.port}` },
  });
  try {
    for (const url of ['http://mail.public.test:25/', 'http://93.184.216.34:6667/', 'https://mail.public.test:22/']) {
      const response = await call('/api/assess', postJson({ url }));
      const body = (await response.json()) as ApiErrorBody;
      assert.is(response.status, 400, `${url}: ${JSON.stringify(body)}`);
      assert.is(body.error.code, 'target_not_allowed');
      assert.match(body.error.message, /refused to contact port (25|6667|22) /);
    }
    const viaRedirect = await call('/api/assess', postJson({ url: `${peer.url}/` }));
    const layers = ((await viaRedirect.json()) as Assessment).layers;
    assert.is(layers['http']!.status, 'fail');
    assert.match(layers['http']!.messages[0]!.message, /refused to contact port 25 of mail\.public\.test/);
  } finally {
    await peer.close();
  }
});

test('an agent id beyond uint256 is a 400 naming agentId, and the RPC node is never asked', async () => {
  let rpcHits = 0;
  const rpc = await startLoopback((_req, res) => {
    rpcHits += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  const call = inProcess({ env: { VALIDATOR_RATE_LIMIT: '1000', VALIDATOR_ALLOW_HOSTS: `127.0.0.1:${rpc.port}` } });
  try {
    const response = await call(
      '/api/lookup',
      postJson({ agentId: (2n ** 256n).toString(), chainId: 84532, rpcNodes: { 'base-sepolia': `${rpc.url}/` } }),
    );
    const body = (await response.json()) as ApiErrorBody;
    assert.is(response.status, 400, JSON.stringify(body));
    assert.is(body.error.field, 'agentId');
    assert.is(rpcHits, 0);
  } finally {
    await rpc.close();
  }
});

test(
  'URLs found inside responses (challenges, metadata, cards, server cards, redirects) all ' + 'pass the guard',
  async () => {
    const secret = await startPrivateListener();
    const inside = [
      `${secret.url}/x`,
      `http://localhost:${secret.port}/x`,
      `http://[::ffff:127.0.0.1]:${secret.port}/x`,
      `http://2130706433:${secret.port}/x`,
    ];
    let own = '';
    const peer = await startLoopback((req, res) => {
      const path = new URL(req.url ?? '/', 'http://peer').pathname;
      const json = (value: unknown, status = 200, headers: Record<string, string> = {}) =>
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
      if (path.startsWith('/.well-known/oauth-protected-resource'))
        return json({ resource: `${own}/mcp`, authorization_servers: inside });
      if (path.endsWith('/agent-card.json') || path.endsWith('/agent.json')) {
        return json({
          name: 'n',
          description: 'd',
          url: inside[0],
          version: '1',
          protocolVersion: '0.3.0',
          preferredTransport: 'JSONRPC',
          additionalInterfaces: inside.map((url) => ({ url, transport: 'JSONRPC' })),
          capabilities: {},
          defaultInputModes: ['text'],
          defaultOutputModes: ['text'],
          skills: [],
        });
      }
      if (path.startsWith('/.well-known/mcp'))
        return json({ name: 'x', remotes: inside.map((url) => ({ type: 'streamable-http', url })) });
      if (path === '/hop/private') return res.writeHead(307, { location: inside[0] }).end();
      if (path === '/hop/scheme-relative') return res.writeHead(302, { location: `//127.0.0.1:${secret.port}/` }).end();
      if (path === '/hop/file') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
      if (req.method === 'POST')
        return json({ jsonrpc: '2.0', id: 1, error: { code: -1, message: 'auth' } }, 401, {
          'www-authenticate': `Bearer resource_metadata="${inside[0]}"`,
        });
      res.writeHead(402, {
        'content-type': 'text/html',
        'payment-required': Buffer.from(
          JSON.stringify({ x402Version: 2, resource: { url: inside[0] }, accepts: [] }),
        ).toString('base64'),
      });
      res.end(
        `<html><head><meta http-equiv="refresh" content="0;url=${inside[0]}"></head><body><a ` +
          `href="${inside[0]}">x</a></body></html>`,
      );
    });
    own = peer.url;
    const service = await serve([`127.0.0.1:${peer.port}`]);
    try {
      for (const path of ['/mcp', '/hop/private', '/hop/scheme-relative', '/hop/file']) {
        const { status, text } = await assess(service, { url: `${peer.url}${path}`, timeout: 6000 });
        assert.is(status, 200, text);
        assert.not.ok(text.includes('internal secret'), path);
      }
      const { json } = await assess(service, { url: `${peer.url}/mcp`, timeout: 6000 });
      assert.ok(
        messagesOf(json, 'oauth').some((m) => /request failed \(blocked\)/.test(m.message)),
        'the OAuth discovery was refused',
      );
      assert.ok(
        messagesOf(json, 'a2a').some((m) => /failed \(blocked\)/.test(m.message)),
        'the A2A call was refused',
      );
      assert.is(secret.connections(), 0, 'the private listener never saw a connection');
    } finally {
      await service.close();
      await peer.close();
      await secret.close();
    }
  },
);

test('URL parser differentials all land on the address they mean, and are refused before any layer runs', async () => {
  let runs = 0;
  const counting = {
    ...fetchingLayer('http'),
    run: async () => {
      runs += 1;
      throw new Error('must not run');
    },
  };
  const call = inProcess({ layers: [counting], env: { VALIDATOR_RATE_LIMIT: '1000' } });
  const attempts = [
    'http:\\\\127.0.0.1\\admin',
    'http://１２７．０．０．１/',
    'http://127。0。0。1/',
    'http://①②⑦.0.0.1/',
    'http://127.0.0.1\t/',
    'http://12\n7.0.0.1/',
    ' http://10.0.0.1 ',
    'http://0x7f.0.0.1./',
    'http://0177.1/',
    'http://[::127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[64:ff9b:1::a00:1]/',
    'http://[::ffff:0.0.0.0]/',
    'HTTP://[0::1]:80/',
    'http://169.254.169.254.:80/latest/meta-data/',
    'http://[::1]#@public.example/',
  ];
  for (const url of attempts) {
    const response = await call('/api/assess', postJson({ url }));
    const body = (await response.json()) as ApiErrorBody;
    assert.is(response.status, 400, `${JSON.stringify(url)}: ${JSON.stringify(body)}`);
    assert.is(body.error.field, 'url');
  }
  for (const url of ['http://[fe80::1%25lo]/', 'http://user@127.0.0.1/', 'http://xn--/']) {
    const body = (await (await call('/api/assess', postJson({ url }))).json()) as ApiErrorBody;
    assert.is(body.error.code, 'invalid_field', url);
  }
  assert.is(runs, 0);
});

test('hostile request bodies get a clear 4xx, never a 500', async () => {
  const call = inProcess({ layers: [], env: { VALIDATOR_RATE_LIMIT: '1000' } });
  const cases: [RequestInit, number, string][] = [
    [postJson('['.repeat(30_000) + ']'.repeat(30_000)), 400, 'invalid_body'],
    [postJson('{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000)), 400, 'invalid_field'],
    [postJson('{"__proto__":{"url":"http://127.0.0.1/"}}'), 400, 'invalid_field'],
    [
      postJson('{"url":"https://a.example/","erc8004":{"rpcNodes":{"__proto__":"http://127.0.0.1/"}}}'),
      400,
      'invalid_field',
    ],
    [postJson({ url: ['https://a.example/'] }), 400, 'invalid_field'],
    [postJson('{"url":"https://a.example/","timeout":1e400}'), 400, 'invalid_field'],
    [postJson({ url: 'https://a.example/', timeout: -1 }), 400, 'invalid_field'],
    [
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: new Uint8Array([0x7b, 0xff, 0x7d]) },
      400,
      'invalid_body',
    ],
    [
      { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"url":"https://a.example/"}' },
      415,
      'unsupported_media_type',
    ],
    [postJson({ url: 'https://a.example/', pad: 'x'.repeat(70_000) }), 413, 'payload_too_large'],
  ];
  for (const [init, status, code] of cases) {
    const response = await call('/api/assess', init);
    const text = await response.text();
    assert.is(response.status, status, text.slice(0, 200));
    assert.is((JSON.parse(text) as ApiErrorBody).error.code, code, text.slice(0, 200));
  }
});

test('endpoint data shown in the UI stays text (real Chromium)', async () => {
  const marker = '<img src=x id=injected onerror="document.title=`pwned`">';
  let own = '';
  const peer = await startLoopback((req, res) => {
    if (!req.url?.endsWith('/agent-card.json')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(marker);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        name: marker,
        description: `<script>document.title='pwned'</script>${marker}`,
        url: `${own}/a2a`,
        version: marker,
        protocolVersion: '0.3.0',
        preferredTransport: 'JSONRPC',
        capabilities: {},
        defaultInputModes: ['text'],
        defaultOutputModes: ['text'],
        skills: [{ id: marker, name: marker, description: marker, tags: [marker] }],
      }),
    );
  });
  own = peer.url;
  const service = await serve([`127.0.0.1:${peer.port}`]);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${service.url}/`);
    const title = await page.title();
    await page.fill('#url', `${peer.url}/`);
    await page.click('#validate-button');
    await page.locator('[data-layer="a2a"]').waitFor({ timeout: 20_000 });
    await page.locator('[data-layer="a2a"] summary').click();
    assert.match(await page.locator('[data-layer="a2a"]').innerText(), /<img src=x id=injected/);
    assert.is(await page.locator('#injected').count(), 0, 'no element was made from endpoint data');
    assert.is(await page.locator('#cards img, #raw-json img').count(), 0);
    assert.is(await page.title(), title);
    assert.equal(dialogs, []);
  } finally {
    await browser.close();
    await service.close();
    await peer.close();
  }
});

test.run();
