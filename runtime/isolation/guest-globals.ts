/**
 * The one list of globals handler code may name: what the security scan accepts (`compiler/scan/`)
 * and what the sandbox provides, kept in one place so the two cannot drift apart
 * (`test/isolation/guest-globals.test.ts` checks both against the real guest).
 *
 * Handlers get the ECMAScript built-ins that compute on values, plus a few web standards that are pure
 * computation. They get no timers, no I/O, no entropy source and no reflection on the global object.
 *
 * The rule for a global of Node 20.19+ that real handlers name: it is on this list only when the
 * guest really provides it (a package or our own script, loaded where named) and it computes on
 * values only, like `Blob`/`File`. Node's others stay rejected at compile time: timers, network and
 * its types (`fetch`, `Headers`, `Request`, `Response`, `FormData`, `WebSocket`), entropy and clocks
 * (`crypto`, `performance`), `Intl` (QuickJS has no locale data), streams, `AbortController`/`Event`
 * (`compiler/scan/unavailable-globals.ts` says why for each). `WeakRef` and `FinalizationRegistry`,
 * which QuickJS has, stay out: they make a result depend on garbage collection.
 */

/** ECMAScript built-ins handlers may name (QuickJS has them all; `Intl` it has not, so it is not here). */
export const ecmaScriptGlobals: readonly string[] = Object.freeze([
  'undefined',
  'NaN',
  'Infinity',
  'Object',
  'Array',
  'String',
  'Number',
  'Boolean',
  'BigInt',
  'Symbol',
  'Date',
  'RegExp',
  'Math',
  'JSON',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'Promise',
  'Error',
  'TypeError',
  'RangeError',
  'SyntaxError',
  'ReferenceError',
  'EvalError',
  'URIError',
  'AggregateError',
  'ArrayBuffer',
  'DataView',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
  // Newer built-ins QuickJS has (the iterator helpers, half-precision arrays), whatever the host's Node.
  'Iterator',
  'Float16Array',
  'parseInt',
  'parseFloat',
  'isNaN',
  'isFinite',
  'encodeURIComponent',
  'decodeURIComponent',
  'encodeURI',
  'decodeURI',
  'escape',
  'unescape',
]);

/**
 * Where each web global of the guest comes from: `prelude` (always defined, `guest-prelude.ts`), or a
 * standard library evaluated only in the contexts whose code names it (`guest-standard-library.ts`:
 * `url` is `URL`/`URLSearchParams`, `structured-clone` is `structuredClone`, `blob` is `Blob`/`File`,
 * the guest's own script `guest-blob.ts`), or `buffer` (the
 * pure-JavaScript `buffer` package, loaded by `handler-sandbox.ts` for code that names `Buffer`).
 */
export type WebGlobalSource = 'prelude' | 'url' | 'structured-clone' | 'blob' | 'buffer';

export const webGlobals: ReadonlyMap<string, WebGlobalSource> = new Map<string, WebGlobalSource>([
  ['TextEncoder', 'prelude'],
  ['TextDecoder', 'prelude'],
  ['atob', 'prelude'],
  ['btoa', 'prelude'],
  ['queueMicrotask', 'prelude'],
  ['console', 'prelude'],
  ['URL', 'url'],
  ['URLSearchParams', 'url'],
  ['structuredClone', 'structured-clone'],
  ['Blob', 'blob'],
  ['File', 'blob'],
  ['Buffer', 'buffer'],
]);

/** Every global a handler may name: the scan accepts exactly these, and the guest has every one. */
export const handlerGlobals: ReadonlySet<string> = new Set([...ecmaScriptGlobals, ...webGlobals.keys()]);
