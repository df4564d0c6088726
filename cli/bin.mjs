#!/usr/bin/env node
// The `toolkit` command. Sources are TypeScript; tsx compiles them on the fly (generated bundles
// under generated/ do not need this: they are plain JavaScript). `toolkit build` starts faster: it
// runs from a cached, hash-checked bundle of the same sources (bundled-sources.mjs) and compiles
// TypeScript's own 13 MB from a V8 code cache (commonjs-code-cache.mjs); TOOLKIT_NO_START_CACHE=1
// turns both off.
const argv = process.argv.slice(2);
const fastStart = argv[0] === 'build' && !process.env.TOOLKIT_NO_START_CACHE;
let main;
let saveCodeCache = () => {};
if (fastStart) {
  const codeCache = await import('./commonjs-code-cache.mjs');
  codeCache.installCodeCache();
  saveCodeCache = codeCache.saveCodeCache;
  main = await (await import('./bundled-sources.mjs')).bundledMain();
}
if (main === undefined) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('./main.ts'));
}
process.exitCode = await main(argv);
saveCodeCache();
