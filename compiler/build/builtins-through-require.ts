/**
 * An esbuild plugin that loads Node built-ins in a bundle with `require` instead of an ESM `import`.
 *
 * An ESM import of a built-in makes node build the module's ESM facade, which reads every export:
 * `node:fs` alone then loads its streams through the lazy `ReadStream` getter. In a served bundle
 * that was about 20 ms of a 300 ms start. Through `require`, a built-in's own lazy parts stay
 * unloaded until used. The `require` is the bundle banner's (`create-require-banner.mjs`).
 *
 * Each built-in is an ES module of our own over that `require`: one export per name the built-in
 * has (as the build's node has them), each a pure read that esbuild drops unless imported. As a
 * CommonJS module instead, every file importing it would get its own copy of all its exports as
 * getters (esbuild's `__toESM`), a hundred property definitions per file for `node:fs`, at start.
 */
import { createRequire } from 'node:module';
import type { Plugin } from 'esbuild';

const NAMESPACE = 'node-builtin';
const load = createRequire(import.meta.url);

/** A name that can be exported as it is (`export const <name>`). */
const exportable = (name: string): boolean =>
  /^[A-Za-z_][\w]*$/.test(name) && name !== 'default' && !RESERVED.has(name);
/** Words no binding may be named. */
const RESERVED = new Set([
  ...'break case catch class const continue debugger delete do else enum export extends false finally for'.split(' '),
  ...'function if import in instanceof new null return super switch this throw true try typeof var void'.split(' '),
  ...'while with yield let static implements interface package private protected public await'.split(' '),
]);

/** The module text of built-in `name`: its `require`d object as the default export, each name read if imported. */
function facade(name: string): string {
  const names = Object.keys(load(name) as object)
    .filter(exportable)
    .sort();
  return [
    `const builtin$ = require(${JSON.stringify(name)});`,
    'const read$ = (key) => builtin$[key];',
    'export default builtin$;',
    ...names.map((key) => `export const ${key} = /* @__PURE__ */ read$(${JSON.stringify(key)});`),
  ].join('\n');
}

export function builtinsThroughRequire(): Plugin {
  return {
    name: 'builtins-through-require',
    setup(build) {
      // Only import statements: the `require` below resolves as a plain external built-in.
      build.onResolve({ filter: /^node:/ }, (args) =>
        args.kind === 'import-statement' ? { path: args.path, namespace: NAMESPACE } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({ contents: facade(args.path), loader: 'js' }));
    },
  };
}
