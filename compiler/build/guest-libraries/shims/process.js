// What a library bundled for the sandbox sees as `process` and `Buffer` when it reads them as
// globals: an empty environment (never the server's) and the pure-JavaScript Buffer.
export { Buffer } from 'buffer';
export const process = Object.freeze({
  env: Object.freeze({ NODE_ENV: 'production' }),
  argv: Object.freeze([]),
  platform: 'browser',
  browser: true,
  version: '',
  versions: Object.freeze({}),
  cwd: () => '/',
  nextTick: (callback, ...args) => {
    Promise.resolve().then(() => callback(...args));
  },
});
