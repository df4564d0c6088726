// The banner of every ESM bundle esbuild makes here (server bundles and the CLI's own bundle):
// CommonJS dependencies bundled into ESM still call `require` for Node built-ins. Plain JavaScript,
// so `cli/bundled-sources.mjs` can import it before TypeScript can be loaded.
export const CREATE_REQUIRE_BANNER =
  "import { createRequire as __toolkitCreateRequire } from 'node:module';\nconst require = " +
  '__toolkitCreateRequire(import.meta.url);';
