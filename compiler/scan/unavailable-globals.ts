/**
 * Globals of Node or of browsers that handler code in the wild names but the sandbox cannot offer,
 * each with the reason (SEC027 says it). What the sandbox does offer is the one list of
 * `runtime/isolation/guest-globals.ts`; a name on neither list and declared nowhere in the file is an
 * undefined identifier (SEC205), a ReferenceError waiting for the line to run.
 */

const NO_FETCH =
  "is part of fetch, and handlers make no requests of their own (the runtime makes the tool's request; declare " +
  'another tool for another call)';
const NO_EVENTS =
  'belongs to an event loop with listeners and messages, and a hook is one function call that returns its result';
const NO_STREAMS = 'is an I/O stream, and handlers get and return whole values';
const NO_GC = "observes garbage collection, so a hook's result would depend on when memory happens to be reclaimed";
const NO_STORAGE = 'is browser storage, and handlers keep nothing between calls';
const NO_PAGE = 'belongs to a browser page, and handlers run on a server with no page';

export const unavailableGlobals: ReadonlyMap<string, string> = new Map([
  [
    'Intl',
    "is not built into QuickJS, the sandbox's engine: it has no ICU and no locale data, so there is no locale to " +
      "format with (use toFixed, padStart and Date's toISOString, or a date library such as dayjs through " +
      'requiredLibraries)',
  ],
  ['AbortSignal', "cancels requests and timers, and handlers have neither (a hook is ended by its call's deadline)"],
  [
    'AbortController',
    "cancels requests and timers, and handlers have neither (a hook is ended by its call's deadline)",
  ],
  [
    'crypto',
    'is Web Crypto, and the sandbox has no entropy source and no key store (hash through libraries.crypto after ' +
      'declaring crypto in requiredLibraries)',
  ],
  [
    'performance',
    "is a high-resolution clock, and handlers get no clock beyond Date (a hook runs under its call's deadline)",
  ],
  ['Headers', NO_FETCH],
  ['Request', NO_FETCH],
  ['Response', NO_FETCH],
  ['FormData', NO_FETCH],
  ['Event', NO_EVENTS],
  ['EventTarget', NO_EVENTS],
  ['CustomEvent', NO_EVENTS],
  ['MessageChannel', NO_EVENTS],
  ['MessagePort', NO_EVENTS],
  ['BroadcastChannel', NO_EVENTS],
  ['Worker', NO_EVENTS],
  ['ReadableStream', NO_STREAMS],
  ['WritableStream', NO_STREAMS],
  ['TransformStream', NO_STREAMS],
  ['CompressionStream', NO_STREAMS],
  ['DecompressionStream', NO_STREAMS],
  ['WeakRef', NO_GC],
  ['FinalizationRegistry', NO_GC],
  ['localStorage', NO_STORAGE],
  ['sessionStorage', NO_STORAGE],
  ['indexedDB', NO_STORAGE],
  ['caches', NO_STORAGE],
  [
    'importScripts',
    'loads and runs scripts from URLs, and handlers load no code (libraries come through requiredLibraries)',
  ],
  ['document', NO_PAGE],
  ['location', NO_PAGE],
  ['history', NO_PAGE],
  ['alert', NO_PAGE],
]);
