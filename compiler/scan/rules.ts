/**
 * The security rules, one id per concept. SEC0xx are static findings in schema files, SEC2xx are
 * findings in data files (shared lists, skills, prompt content). The lead merges this table into the
 * global rule manifest; a code never changes meaning once published.
 */
import type { Severity } from '../diagnostics/diagnostic.ts';

/** Rule id → severity and one-line meaning, so every finding can be explained and looked up. */
export const secRules: Record<string, { severity: Severity; summary: string }> = {
  SEC001: { severity: 'error', summary: 'Static module import (`import` declaration or `export … from`)' },
  SEC002: { severity: 'error', summary: 'Dynamic `import()`' },
  SEC003: { severity: 'error', summary: 'Meta-property (`import.meta`, `new.target`) exposing the loader context' },
  SEC004: { severity: 'error', summary: 'Reference to the global `require`' },
  SEC005: { severity: 'error', summary: 'Reference to the global `eval`' },
  SEC006: {
    severity: 'error',
    summary: 'Route to the Function constructor (`Function`, `.constructor`, the key "constructor")',
  },
  SEC007: { severity: 'error', summary: 'Reference to the global `process`' },
  SEC008: { severity: 'error', summary: 'Node module object used as a global (`fs`, `child_process`)' },
  SEC009: {
    severity: 'error',
    summary: 'Network global (`fetch`, `XMLHttpRequest`, `WebSocket`, `EventSource`, `navigator`)',
  },
  SEC010: {
    severity: 'error',
    summary: 'Global object (`globalThis`, `global`, `window`, `self`, `this` outside a method)',
  },
  SEC011: { severity: 'error', summary: 'Meta-programming global (`Reflect`, `Proxy`)' },
  SEC012: { severity: 'error', summary: '`with` statement' },
  SEC013: { severity: 'error', summary: 'Path global (`__dirname`, `__filename`)' },
  SEC014: { severity: 'error', summary: 'CommonJS module scope (`module`, `exports`, `arguments` outside a function)' },
  SEC015: { severity: 'error', summary: 'Other runtime global (`Deno`, `Bun`)' },
  SEC016: { severity: 'error', summary: 'Timer called with a code string or used other than as a direct call' },
  SEC017: { severity: 'error', summary: 'Reference to the global `WebAssembly`' },
  SEC018: { severity: 'error', summary: 'Shared-memory global (`Atomics`, `SharedArrayBuffer`)' },
  SEC019: { severity: 'error', summary: 'Stack introspection (`.callee`, `.caller`)' },
  SEC020: {
    severity: 'error',
    summary: 'Prototype access or mutation (`__proto__`, `.prototype` other than `X.prototype.m.call(…)`)',
  },
  SEC021: { severity: 'error', summary: 'Computed member access with a non-constant key on a global' },
  SEC022: { severity: 'error', summary: 'String assembled at run time that spells a forbidden name' },
  SEC023: {
    severity: 'error',
    summary:
      'Reflective object or engine API (`getPrototypeOf`, `getOwnPropertyDescriptor`, `defineProperty`, ' +
      '`prepareStackTrace`, …)',
  },
  SEC024: { severity: 'error', summary: 'Library in `main.requiredLibraries` is not on the allowlist' },
  SEC025: {
    severity: 'error',
    summary: 'Library package used as a global instead of through the injected `libraries` object',
  },
  SEC026: { severity: 'error', summary: '`main.requiredLibraries` is not an array of string literals' },
  SEC027: { severity: 'error', summary: 'Reference to a global outside the safe set of built-ins' },
  SEC028: { severity: 'error', summary: 'File cannot be read' },
  SEC029: { severity: 'error', summary: 'File does not parse as a module; the scan is incomplete' },
  SEC030: {
    severity: 'error',
    summary:
      'HTML-like comment (`<!--`, or `-->` at the start of a line) in code: script and module parsers read ' +
      'it differently',
  },
  SEC031: {
    severity: 'error',
    summary:
      'Handler reads a library that `main.requiredLibraries` does not declare (or with a key that is not a constant)',
  },
  SEC032: {
    severity: 'error',
    summary: 'Library needs network or file I/O, which handlers do not have inside the sandbox',
  },
  SEC200: { severity: 'error', summary: 'Data file defines a function, method, accessor or class' },
  SEC201: { severity: 'error', summary: 'Data file defines an arrow function' },
  SEC202: { severity: 'error', summary: 'Data file uses `async`/`await`' },
  SEC203: { severity: 'error', summary: 'Data file uses a template literal with an expression' },
  SEC204: { severity: 'error', summary: 'Data file contains a pattern forbidden in schema files' },
  // Schema files again (the range this code was given): a name nothing defines.
  SEC205: {
    severity: 'error',
    summary:
      'Reference to a name the file never declares and the sandbox does not have (a ReferenceError when the code runs)',
  },
};

/** A rule id of this table. */
export type SecRule = keyof typeof secRules & string;
