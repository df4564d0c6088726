/**
 * The scan and the sandbox agree on globals (`runtime/isolation/guest-globals.ts` is the one list):
 * every global the scan accepts exists in the real guest (QuickJS in a worker, reached through the
 * handler sandbox as `toolkit server` reaches it), every global of the guest that is not an
 * ECMAScript built-in is one the scan accepts, and a global the guest lacks is rejected at compile
 * time instead of failing as a ReferenceError at run time. The web standards behave as the standard
 * says (checked against Node's own `URL`), and a context whose code names none of them pays nothing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { loadSchemaFile } from '../../compiler/load/load-schema.ts';
import { guestLibrariesOnFirstUse } from '../../compiler/build/guest-libraries/on-first-use.ts';
import { startBudget } from '../../runtime/call-budget.ts';
import { createHandlerSandbox, type HandlerSandbox } from '../../runtime/handler-sandbox.ts';
import { handlerGlobals } from '../../runtime/isolation/guest-globals.ts';
import { WorkerPool } from '../../runtime/isolation/worker-pool.ts';
import type { SchemaModel } from '../../runtime/model.ts';
import { createWorkspace } from '../build/support/workspace.ts';
import { schemaFile } from './support/schemas.ts';

/** The global object's properties in ECMA-262 (2025) and its Annex B: what any engine may bring along. */
const ECMASCRIPT = new Set([
  'globalThis',
  'Infinity',
  'NaN',
  'undefined',
  'eval',
  'isFinite',
  'isNaN',
  'parseFloat',
  'parseInt',
  'decodeURI',
  'decodeURIComponent',
  'encodeURI',
  'encodeURIComponent',
  'AggregateError',
  'Array',
  'ArrayBuffer',
  'BigInt',
  'BigInt64Array',
  'BigUint64Array',
  'Boolean',
  'DataView',
  'Date',
  'Error',
  'EvalError',
  'FinalizationRegistry',
  'Float16Array',
  'Float32Array',
  'Float64Array',
  'Function',
  'Int8Array',
  'Int16Array',
  'Int32Array',
  'Iterator',
  'Map',
  'Number',
  'Object',
  'Promise',
  'Proxy',
  'RangeError',
  'ReferenceError',
  'RegExp',
  'Set',
  'SharedArrayBuffer',
  'String',
  'Symbol',
  'SyntaxError',
  'TypeError',
  'Uint8Array',
  'Uint8ClampedArray',
  'Uint16Array',
  'Uint32Array',
  'URIError',
  'WeakMap',
  'WeakRef',
  'WeakSet',
  'Atomics',
  'JSON',
  'Math',
  'Reflect',
  'escape',
  'unescape',
]);

/** Globals of browsers or Node that handlers do not get (timers, I/O, entropy, locale data, …). */
const ABSENT = [
  'Intl',
  'setTimeout',
  'setInterval',
  'setImmediate',
  'clearTimeout',
  'clearInterval',
  'performance',
  'crypto',
  'Headers',
  'FormData',
  'AbortController',
  'AbortSignal',
  'fetch',
  'WebAssembly',
  'process',
  'require',
  'navigator',
];

const ws = createWorkspace('guest-globals');
const pool = new WorkerPool();
const libraries = guestLibrariesOnFirstUse({
  resolveDirs: [resolve(import.meta.dirname, '../..')],
  cacheDir: join(tmpdir(), 'toolkit-test-guest-libraries'),
});
let nextId = 1;
test.after(async () => {
  await pool.close();
  ws.remove();
});

/** A schema whose `probe.executeRequest` runs `body`; loaded (scanned, validated) as `toolkit server` loads it. */
function load(name: string, body: string): { model?: SchemaModel; errors: string[] } {
  const file = ws.write(
    `schemas/${name}.mjs`,
    schemaFile({
      namespace: name.replace(/[^a-z]/g, ''),
      root: 'https://127.0.0.1:9',
      tools: { probe: { path: '/x' } },
      handlers:
        `({ sharedLists, libraries }) => ({\n  probe: {\n    executeRequest: async ({ struct, payload }) => ` +
        `{\n${body}\n    }\n  }\n})`,
    }),
  );
  const loaded = loadSchemaFile(file);
  return {
    model: loaded.model,
    errors: loaded.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.rule} ${d.message}`),
  };
}

const sandboxOf = (model: SchemaModel): HandlerSandbox => createHandlerSandbox(model, { pool, libraries }, nextId++);

async function run(sandbox: HandlerSandbox): Promise<any> {
  const budget = startBudget(20_000);
  try {
    return (
      (await sandbox.call('probe', 'executeRequest', { struct: {}, payload: {} }, budget)) as { response: unknown }
    ).response;
  } finally {
    budget.dispose();
  }
}

/** A model that skips the scan (to enumerate the global object, which handler code may not name). */
function raw(body: string): SchemaModel {
  const { model, errors } = load(`raw${nextId++}`, '      return { response: null };');
  if (!model) throw new Error(errors.join('\n'));
  return {
    ...model,
    handlersSource: `({ sharedLists, libraries }) => ({ probe: { executeRequest: async () => {\n${body}\n} } })`,
  };
}

test('every global the scan accepts is accepted in handler code and exists in the real guest', async () => {
  const names = [...handlerGlobals].sort();
  const { model, errors } = load(
    'accepted',
    `      return { response: ` +
      `{\n${names.map((name) => `        ${JSON.stringify(name)}: typeof ${name},`).join('\n')}\n      } };`,
  );
  assert.equal(errors, [], 'the scan accepts every global of the list');
  const types = await run(sandboxOf(model!));
  const missing = names.filter((name) => name !== 'undefined' && types[name] === 'undefined');
  assert.equal(missing, [], `the scan accepts globals the sandbox lacks: ${missing.join(', ')}`);
});

test('every global of the guest that is not an ECMAScript built-in is one the scan accepts', async () => {
  // Naming the globals that are loaded on demand makes the guest as full as it gets.
  const all: string[] = await run(
    sandboxOf(
      raw(
        'void [URL, URLSearchParams, structuredClone, Buffer, Blob, File];\nreturn { response: ' +
          'Object.getOwnPropertyNames(globalThis) };',
      ),
    ),
  );
  const extra = all.filter((name) => !ECMASCRIPT.has(name) && !handlerGlobals.has(name)).sort();
  assert.equal(extra, [], `the guest has globals the scan rejects: ${extra.join(', ')}`);
  for (const name of ['URL', 'URLSearchParams', 'structuredClone', 'Buffer', 'Blob', 'File', 'TextEncoder', 'atob'])
    assert.ok(all.includes(name), name);
});

test('a global the guest lacks is rejected at compile time, never a ReferenceError at run time', async () => {
  const types = await run(
    sandboxOf(raw(`return { response: { ${ABSENT.map((name) => `${name}: typeof ${name}`).join(', ')} } };`)),
  );
  for (const name of ABSENT) {
    assert.is(types[name], 'undefined', `${name} is absent from the guest`);
    const { errors } = load(`absent${nextId++}`, `      return { response: typeof ${name} };`);
    assert.ok(
      errors.length > 0 && errors.every((e) => /^SEC0(0[4-9]|1\d|2[5-7])/.test(e)),
      `${name}: ${errors.join('; ') || 'accepted'}`,
    );
  }
  const { errors } = load(
    'timers',
    '      await new Promise((resolve) => setTimeout(resolve, 250));\n      return { response: 1 };',
  );
  assert.equal(
    errors.map((e) => e.split(' ')[0]),
    ['SEC027'],
  );
  assert.match(errors[0]!, /handlers have no timers/);
});

test('a context whose code names no web standard global does not load it', async () => {
  const names: string[] = await run(sandboxOf(raw('return { response: Object.getOwnPropertyNames(globalThis) };')));
  for (const name of ['URL', 'URLSearchParams', 'structuredClone', 'Buffer', 'Blob', 'File'])
    assert.not.ok(names.includes(name), name);
  assert.ok(names.includes('TextDecoder'));
  for (const name of ['__toolkitInvoke', '__toolkitStart', 'InternalError'])
    assert.not.ok(names.includes(name), `${name} is not on the guest's global object`);
});

const URL_CASES: [string, string?][] = [
  ['https://api.etherscan.io/v2/api?chainid=ethereum&module=account&apikey=toolkit-secret.a1b2.KEY.end'],
  ['HTTPS://Example.COM:443/a/./b/../c?x=1#frag'],
  ['http://example.com:80/%7Efoo/ bar?q=a b&r=ü#h h'],
  ['https://user:pa:ss@host.example/p'],
  ['https://[2001:db8::1]:8443/x'],
  ['http://192.168.0.1.'],
  ['http://0x7f.1/'],
  ['https://xn--bcher-kva.de/'],
  ['https://Bücher.de/search?q=hello world'],
  ['../up/one?x#y', 'https://h.example/a/b/c'],
  ['//other.example/p', 'https://h.example/a'],
  ['?only=query', 'https://h.example/a/b?old=1#f'],
  ['#only-hash', 'https://h.example/a/b?old=1'],
  ['/abs\\with\\backslashes', 'https://h.example/a'],
  ['mailto:someone@example.com?subject=hi'],
  ['data:text/plain,hello%20world'],
  ['file:///C:/Windows/../x.txt'],
  ['urn:isbn:0451450523'],
  ['https://h.example/a%2fb/%zz?%41=%42'],
  ['not a url'],
  ['https://exa mple.com/'],
  ['http://[::1'],
  ['https://h.example:99999/'],
];

test("URL parses, resolves and serialises as Node's WHATWG URL does", async () => {
  const expected = URL_CASES.map(([input, base]) => {
    try {
      const url = new URL(input, base);
      return {
        href: url.href,
        origin: url.origin,
        host: url.host,
        pathname: url.pathname,
        search: url.search,
        hash: url.hash,
        params: [...url.searchParams],
      };
    } catch (error) {
      return { error: (error as Error).name };
    }
  });
  const { model, errors } = load(
    'urls',
    `      const cases = ${JSON.stringify(URL_CASES)};
      return { response: cases.map(([input, base]) => {
        try {
          const url = new URL(input, base);
          return { href: url.href, origin: url.origin, host: url.host, pathname: url.pathname, search: url.search, ` +
      `hash: url.hash, params: [...url.searchParams] };
        } catch (error) {
          return { error: error.name };
        }
      }) };`,
  );
  assert.equal(errors, []);
  const got = await run(sandboxOf(model!));
  URL_CASES.forEach(([input, base], index) => assert.equal(got[index], expected[index], `${input} (base ${base})`));
});

test('URLSearchParams and structuredClone behave as the standards say', async () => {
  const { model, errors } = load(
    'standards',
    `      const params = new URLSearchParams('a=1&b=x+y&a=%E2%82%AC');
      params.append('c', 'd&e=f');
      params.sort();
      const cycle = { name: 'root', when: new Date(86400000), tags: new Set(['a']), map: new Map([[1, { big: 2n ** ` +
      `70n }]]), bytes: new Uint8Array([1, 2, 3]), re: /x+/gi };
      cycle.self = cycle;
      const copy = structuredClone(cycle);
      let fn;
      try { structuredClone({ f: () => 1 }); fn = 'cloned'; } catch (error) { fn = error.name; }
      return { response: {
        all: params.getAll('a'), b: params.get('b'), text: params.toString(), fromObject: String(new ` +
      `URLSearchParams({ q: 'a b&c', n: 1 })),
        same: copy !== cycle && copy.self === copy, when: copy.when.toISOString(), tags: [...copy.tags], big: ` +
      `String(copy.map.get(1).big),
        bytes: Array.from(copy.bytes), bytesCopied: copy.bytes !== cycle.bytes, re: String(copy.re), fn,
      } };`,
  );
  assert.equal(errors, []);
  const got = await run(sandboxOf(model!));
  const params = new URLSearchParams('a=1&b=x+y&a=%E2%82%AC');
  params.append('c', 'd&e=f');
  params.sort();
  assert.equal(got, {
    all: params.getAll('a'),
    b: 'x y',
    text: params.toString(),
    fromObject: String(new URLSearchParams({ q: 'a b&c', n: '1' })),
    same: true,
    when: '1970-01-02T00:00:00.000Z',
    tags: ['a'],
    big: String(2n ** 70n),
    bytes: [1, 2, 3],
    bytesCopied: true,
    re: '/x+/gi',
    fn: 'TypeError',
  });
});

/** The same Blob and File work, written once, run by Node and by the guest. */
const BLOB_WORK =
  `
      const file = new File(['héllo ', new Uint8Array([119, 111]), new Blob(['rld'])], 'greeting.txt', { type: ` +
  `'Text/Plain', lastModified: 1700000000000 });
      const blob = new Blob([file, '!'], { type: 'bad\\u00e9type' });
      const tail = blob.slice(-4, undefined, 'text/x-tail');
      const middle = file.slice(1, 3);
      let noArgs;
      try { new File(['x']); noArgs = 'made'; } catch (error) { noArgs = error.name; }
      return {
        name: file.name, type: file.type, size: file.size, lastModified: file.lastModified,
        text: await file.text(), blobType: blob.type, blobSize: blob.size, tail: await tail.text(), tailType: tail.type,
        middle: Array.from(await middle.bytes()), buffer: Array.from(new Uint8Array(await new Blob([new ` +
  `Uint16Array([258])]).arrayBuffer())),
        tags: [String(file), String(blob)], isBlob: file instanceof Blob, empty: new Blob().size, keys: ` +
  `Object.keys(file), noArgs,
        outOfRange: await blob.slice(100, 200).text(), reversed: blob.slice(5, 2).size,
      };`;

test("Blob and File behave as Node's do, and only contexts naming them load them", async () => {
  const expected = await new Function(`return (async () => {${BLOB_WORK}\n})();`)();
  const { model, errors } = load(
    'blobs',
    `${BLOB_WORK.replace(/return \{\n/, 'return { response: {\n').replace(/\};$/, '} };')}`,
  );
  assert.equal(errors, []);
  assert.equal(await run(sandboxOf(model!)), expected);
});

test.run();
