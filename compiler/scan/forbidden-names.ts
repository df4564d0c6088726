/**
 * The names the scan knows: globals that are forbidden (with the rule that explains why), globals
 * that are safe to use, and property names that lead out of the sandbox whatever object they are on.
 * Kept as data so the policy can be read in one place.
 */
import { handlerGlobals } from '../../runtime/isolation/guest-globals.ts';

/** Global identifiers that are forbidden, with their rule and what to say about them. */
export const forbiddenGlobals: ReadonlyMap<string, { rule: string; what: string }> = new Map([
  ['require', { rule: 'SEC004', what: 'loads modules' }],
  ['eval', { rule: 'SEC005', what: 'runs code from a string' }],
  ['Function', { rule: 'SEC006', what: 'is the Function constructor, which runs code from a string' }],
  ['process', { rule: 'SEC007', what: 'exposes the environment, arguments and exit of the server' }],
  ['fs', { rule: 'SEC008', what: 'is the file system module' }],
  ['child_process', { rule: 'SEC008', what: 'starts programs' }],
  ['fetch', { rule: 'SEC009', what: 'makes network requests outside the declared tools' }],
  ['XMLHttpRequest', { rule: 'SEC009', what: 'makes network requests outside the declared tools' }],
  ['WebSocket', { rule: 'SEC009', what: 'opens network connections' }],
  ['EventSource', { rule: 'SEC009', what: 'opens network connections' }],
  ['navigator', { rule: 'SEC009', what: 'can send network beacons' }],
  ['globalThis', { rule: 'SEC010', what: 'is the global object, from which every forbidden name is reachable' }],
  ['global', { rule: 'SEC010', what: 'is the global object, from which every forbidden name is reachable' }],
  ['window', { rule: 'SEC010', what: 'is the global object, from which every forbidden name is reachable' }],
  ['self', { rule: 'SEC010', what: 'is the global object, from which every forbidden name is reachable' }],
  ['Reflect', { rule: 'SEC011', what: 'reaches properties and constructors reflectively' }],
  ['Proxy', { rule: 'SEC011', what: 'intercepts operations on objects given to the runtime' }],
  ['__dirname', { rule: 'SEC013', what: 'reveals the server file system layout' }],
  ['__filename', { rule: 'SEC013', what: 'reveals the server file system layout' }],
  ['module', { rule: 'SEC014', what: 'is the CommonJS module object (module.require loads modules)' }],
  ['exports', { rule: 'SEC014', what: 'is the CommonJS exports object' }],
  ['Deno', { rule: 'SEC015', what: 'is the Deno runtime API (files, network, processes)' }],
  ['Bun', { rule: 'SEC015', what: 'is the Bun runtime API (files, network, processes)' }],
  ['WebAssembly', { rule: 'SEC017', what: 'compiles and runs binary code' }],
  ['Atomics', { rule: 'SEC018', what: 'can block the server thread (Atomics.wait)' }],
  ['SharedArrayBuffer', { rule: 'SEC018', what: 'enables shared memory and precise timers for side channels' }],
]);

/**
 * Timers: handlers have none (a hook runs to completion under its call's deadline). `setTimeout` or
 * `setInterval` given a code string or passed around as a value is SEC016; any other timer is a global
 * the sandbox lacks (SEC027), reported with `noTimers`.
 */
export const timerGlobals: ReadonlySet<string> = new Set(['setTimeout', 'setInterval']);
export const otherTimerGlobals: ReadonlySet<string> = new Set([
  'setImmediate',
  'clearTimeout',
  'clearInterval',
  'clearImmediate',
]);
export const noTimers = "handlers have no timers (a hook runs to completion under its call's deadline)";

/**
 * Globals a handler may name: the ECMAScript built-ins that compute on values and the web standards
 * the sandbox provides, one list with the sandbox (`runtime/isolation/guest-globals.ts`). They cannot
 * reach the global object, code evaluation or I/O by themselves; the dangerous members some of them
 * have (`Object.getPrototypeOf`, `Error.prepareStackTrace`, …) are caught by property name instead.
 */
export const safeGlobals: ReadonlySet<string> = handlerGlobals;

/** Property names that lead to the Function constructor, the prototype chain or engine internals. */
export const dangerousProperties: ReadonlyMap<string, string> = new Map([
  ['constructor', 'SEC006'],
  ['__proto__', 'SEC020'],
  ['prototype', 'SEC020'],
  ['callee', 'SEC019'],
  ['caller', 'SEC019'],
  ['getPrototypeOf', 'SEC023'],
  ['setPrototypeOf', 'SEC023'],
  ['getOwnPropertyDescriptor', 'SEC023'],
  ['getOwnPropertyDescriptors', 'SEC023'],
  ['getOwnPropertyNames', 'SEC023'],
  ['getOwnPropertySymbols', 'SEC023'],
  ['defineProperty', 'SEC023'],
  ['defineProperties', 'SEC023'],
  ['__defineGetter__', 'SEC023'],
  ['__defineSetter__', 'SEC023'],
  ['__lookupGetter__', 'SEC023'],
  ['__lookupSetter__', 'SEC023'],
  ['prepareStackTrace', 'SEC023'],
]);

/** Every name an assembled string must not spell (SEC022): forbidden globals and dangerous properties. */
export const assembledForbidden: ReadonlySet<string> = new Set([
  ...forbiddenGlobals.keys(),
  ...timerGlobals,
  ...dangerousProperties.keys(),
  'import',
]);
