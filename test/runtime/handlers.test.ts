/**
 * Handlers run in the sandbox (QuickJS in a worker) with only `{ sharedLists, libraries }`: each
 * hook is honoured as documented (including preRequest's returned payload), executeRequest gets no
 * secrets, a throw or a wrong shape is a tool error naming the hook, and nothing of the host is
 * reachable at run time, also through library objects (which are the guest's own).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestCa, type TestCa } from '../support/tls.ts';
import { param, schema, str, tool } from './support/models.ts';
import { assertNoCanary, CANARY, spawnStdio, textOf, type Spawned } from './support/spawn-server.ts';
import { startUpstream, type Upstream } from './support/upstream.ts';

const test = suite('handlers');
let ca: TestCa;
let upstream: Upstream;
let served: Spawned;

const HANDLERS = String.raw`({ sharedLists, libraries }) => ({
  pre: {
    preRequest: ({ struct, payload }) => {
      struct.url = struct.url.replace('_coin_', payload.coin.toUpperCase());
      struct.headers['x-chains'] = sharedLists.chains.map((c) => c.name).join(',');
      return { struct, payload: { ...payload, marker: 'from-pre' } };
    },
    postRequest: ({ response, struct, payload }) => ({
      response: { upstreamUrl: response.url, marker: payload.marker, method: struct.method },
    }),
  },
  execute: {
    executeRequest: async ({ struct, payload }) => ({
      response: {
        greeting: libraries.greeter.greet(payload.name),
        later: (await libraries.greeter.later('v')).value,
        auth: struct.headers.authorization.replace(/[0-9a-f]{32}/, 'TOKEN'),
      },
    }),
  },
  throwing: { preRequest: () => { throw new Error('boom in pre'); } },
  throwingPost: { postRequest: async () => { throw new TypeError('bad post'); } },
  wrongShape: { postRequest: () => ({ data: 1 }) },
  notObject: { preRequest: () => 42 },
  loop: { preRequest: () => { for (;;) {} } },
  spin: { preRequest: async () => { for (;;) await 0; } },
  spinLater: { preRequest: async () => { await libraries.greeter.later('v'); for (;;) await 0; } },
  hang: { preRequest: async () => { await new Promise(() => {}); } },
  frozen: {
    executeRequest: () => {
      try { sharedLists.chains[0].name = 'changed'; return { response: { result: 'mutated' } }; }
      catch (error) { return { response: { result: 'frozen', still: sharedLists.chains[0].name } }; }
    },
  },
  escape: {
    executeRequest: async () => {
      const probe = (fn) => {
        try {
          const v = fn();
          return v === undefined ? 'undefined' : typeof v === 'function' ? 'function' : String(v);
        } catch (e) {
          return 'threw';
        }
      };
      let dynamicImport;
      try { await import('node:fs'); dynamicImport = 'imported'; } catch { dynamicImport = 'threw'; }
      return { response: {
        process: typeof process, require: typeof require, fetch: typeof fetch, setTimeout: typeof setTimeout,
        console: typeof console, globalProcess: typeof globalThis.process, dynamicImport,
        functionCtor: probe(() => (() => 0).constructor('return typeof process')()),
        evalCall: probe(() => eval('1 + 1')),
        globalCtor: probe(() => globalThis.constructor.constructor('return process')()),
        libraryCtor: probe(() => libraries.greeter.constructor),
        libraryFnCtor: probe(() => libraries.greeter.greet.constructor),
        libraryProto: probe(() => Object.getPrototypeOf(libraries.greeter)),
        descriptorCtor: probe(() => Object.getOwnPropertyDescriptor(libraries.greeter, 'greet').value.constructor),
        resultCtor: probe(() => libraries.greeter.greet('x').constructor.constructor('return 1')()),
        promiseCtor: String((await libraries.greeter.later('v')).constructor),
      } };
    },
  },
})`;

test.before(async () => {
  ca = createTestCa();
  upstream = await startUpstream(ca, {
    '/slow': () => ({ headers: { 'content-type': 'application/json' }, body: '{"slow":true}', delayMs: 2200 }),
  });
  const o = upstream.origin;
  const hooked = (
    name: string,
    hooks: ('preRequest' | 'executeRequest' | 'postRequest')[],
    params = [param('coin', 'query', str, { optional: true })],
  ) => tool(name, 'GET', [`${o}/price/_coin_`], params, { hooks });
  served = await spawnStdio({
    caFile: ca.caFile,
    env: { H_KEY: CANARY },
    timeoutMs: 3000,
    schemas: [
      schema(
        'hooks',
        [
          hooked('pre', ['preRequest', 'postRequest']),
          hooked('execute', ['executeRequest'], [param('name', 'query', str)]),
          hooked('throwing', ['preRequest']),
          hooked('throwingPost', ['postRequest']),
          hooked('wrongShape', ['postRequest']),
          hooked('notObject', ['preRequest']),
          hooked('loop', ['preRequest']),
          hooked('spin', ['preRequest']),
          hooked('spinLater', ['preRequest']),
          hooked('hang', ['preRequest']),
          hooked('frozen', ['executeRequest']),
          hooked('escape', ['executeRequest']),
        ],
        {
          handlersSource: HANDLERS,
          requiredServerParams: ['H_KEY'],
          requiredLibraries: ['greeter'],
          headers: { authorization: ['Bearer ', { server: 'H_KEY' }] },
          sharedLists: {
            chains: [
              { name: 'ethereum', id: 1 },
              { name: 'polygon', id: 137 },
            ],
          },
        },
      ),
      // The factory takes longer than what is left of a call after a slow upstream, but less than a call's budget.
      schema(
        'slowload',
        [
          tool('late', 'GET', [`${o}/slow`], [], { hooks: ['postRequest'] }),
          tool('quick', 'GET', [`${o}/quick`], [], { hooks: ['postRequest'] }),
        ],
        {
          handlersSource:
            '({ sharedLists }) => { const end = Date.now() + 1200; while (Date.now() < end) {} const echo = { ' +
            'postRequest: ({ response }) => ({ response }) }; return { late: echo, quick: echo }; }',
        },
      ),
      schema('broken', [tool('any', 'GET', [`${o}/x`], [], { hooks: ['preRequest'] })], {
        handlersSource: '({ sharedLists }) => { throw new Error("factory exploded"); }',
      }),
    ],
  });
});

test.before(async () => {
  // The first hook call of a server starts the sandbox worker and bundles the library for it; on a
  // busy machine that alone can take this file's short 3 s budget, which the tests below are about.
  await served.client.callTool({ name: 'pre_hooks', arguments: { coin: 'warm' } });
});

test.after(async () => {
  await served?.close();
  await upstream?.close();
  assertNoCanary();
});

const call = async (name: string, args: Record<string, unknown> = {}) => {
  const result = await served.client.callTool({ name, arguments: args });
  return { isError: result.isError === true, text: textOf(result) };
};

test(
  'preRequest rewrites the request; its returned payload reaches postRequest; secrets are ' + 'filled in after it',
  async () => {
    const { isError, text } = await call('pre_hooks', { coin: 'btc' });
    assert.not.ok(isError, text);
    assert.equal(JSON.parse(text), { upstreamUrl: '/price/BTC?coin=btc', marker: 'from-pre', method: 'GET' });
    const seen = upstream.seen[upstream.seen.length - 1]!;
    assert.is(seen.headers['x-chains'], 'ethereum,polygon', 'shared lists are in the factory scope');
    assert.is(seen.headers.authorization, `Bearer ${CANARY}`);
  },
);

test('executeRequest replaces the HTTP call, can use libraries, and never sees a secret', async () => {
  const before = upstream.seen.length;
  const { isError, text } = await call('execute_hooks', { name: 'ada' });
  assert.not.ok(isError, text);
  assert.equal(JSON.parse(text), { greeting: 'hello ada', later: 'v', auth: 'Bearer toolkit-secret.TOKEN' });
  assert.is(upstream.seen.length, before, 'no upstream request');
});

test('a throwing hook is a tool error naming the hook', async () => {
  const pre = await call('throwing_hooks');
  assert.ok(pre.isError);
  assert.is(pre.text, 'preRequest handler of throwing failed: boom in pre');
  const post = await call('throwing_post_hooks');
  assert.ok(post.isError);
  assert.is(post.text, 'postRequest handler of throwingPost failed: bad post');
});

test('a wrong return shape is a tool error naming the hook and the expected shape', async () => {
  const post = await call('wrong_shape_hooks');
  assert.ok(post.isError);
  assert.match(post.text, /^postRequest handler of wrongShape returned the wrong shape: expected \{ response \}/);
  const pre = await call('not_object_hooks');
  assert.ok(pre.isError);
  assert.match(pre.text, /^preRequest handler of notObject returned the wrong shape: expected \{ struct, payload \}/);
});

test('a hook that never returns is stopped by the call timeout', async () => {
  const { isError, text } = await call('loop_hooks');
  assert.ok(isError);
  assert.is(text, "preRequest handler of loop timed out: it ran past the call's limit of 3000 ms (ETIMEDOUT)");
  const after = await call('throwing_hooks');
  assert.match(after.text, /boom in pre/, 'the server still answers');
});

test('an async hook that never yields is stopped by the call timeout, and the server keeps answering', async () => {
  const [spin, other] = await Promise.all([call('spin_hooks'), call('pre_hooks', { coin: 'eth' })]);
  assert.ok(spin.isError);
  assert.is(spin.text, "preRequest handler of spin timed out: it ran past the call's limit of 3000 ms (ETIMEDOUT)");
  assert.not.ok(other.isError, other.text);
  const later = await call('spin_later_hooks');
  assert.ok(later.isError);
  assert.is(
    later.text,
    "preRequest handler of spinLater timed out: it ran past the call's limit of 3000 ms (ETIMEDOUT)",
  );
  const after = await call('execute_hooks', { name: 'bob' });
  assert.not.ok(after.isError, after.text);
  assert.is(
    JSON.parse(after.text).greeting,
    'hello bob',
    'the server still answers, and awaits on library promises still complete',
  );
});

test('an async hook that awaits something that can never happen fails at once, saying so', async () => {
  const results = await Promise.all([call('hang_hooks'), call('hang_hooks'), call('hang_hooks')]);
  for (const { isError, text } of results) {
    assert.ok(isError);
    assert.is(
      text,
      'preRequest handler of hang failed: never settled: it awaits something that cannot happen (handlers have no ' +
        'timers and no I/O)',
    );
  }
});

test('a handler factory that ran out of time once loads again on the next call', async () => {
  // The factory is loaded after a slow upstream, with less of this call left than the factory takes.
  await call('late_slowload');
  const second = await call('quick_slowload');
  assert.not.ok(second.isError, second.text);
  assert.equal(JSON.parse(second.text), { method: 'GET', url: '/quick', body: null });
});

test('shared lists are deep-frozen', async () => {
  const { text } = await call('frozen_hooks');
  assert.equal(JSON.parse(text), { result: 'frozen', still: 'ethereum' });
});

test(
  'nothing of the host is reachable at run time, also through library objects (they are the ' + "guest's own)",
  async () => {
    const { isError, text } = await call('escape_hooks');
    assert.not.ok(isError, text);
    assert.equal(JSON.parse(text), {
      process: 'undefined',
      require: 'undefined',
      fetch: 'undefined',
      setTimeout: 'undefined',
      console: 'object',
      globalProcess: 'undefined',
      dynamicImport: 'threw',
      // The guest's Function and eval are its own: code they make runs in the guest, which has no host.
      functionCtor: 'undefined',
      evalCall: '2',
      globalCtor: 'threw',
      libraryCtor: 'function',
      libraryFnCtor: 'function',
      libraryProto: '[object Object]',
      descriptorCtor: 'function',
      resultCtor: '1',
      promiseCtor: 'function Object() {\n    [native code]\n}',
    });
  },
);

test('a factory that throws fails the calls that need it, with a clear message', async () => {
  const { isError, text } = await call('any_broken');
  assert.ok(isError);
  assert.is(text, 'handlers of "broken" failed to load: factory exploded');
});

test.run();
