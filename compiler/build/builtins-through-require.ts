/**
 * An esbuild plugin that loads Node built-ins in a bundle with `require` instead of an ESM `import`.
 *
 * An ESM import of a built-in makes node build the module's ESM facade, which reads every export:
 * `node:fs` alone then loads its streams through the lazy `ReadStream` getter. In a served bundle
 * that was about 20 ms of a 300 ms start. Through `require`, a bundle copies only getters and a
 * built-in's own lazy parts stay unloaded until used. The `require` is the bundle banner's
 * (`create-require-banner.mjs`).
 */
import type { Plugin } from 'esbuild';

const NAMESPACE = 'node-builtin';

export function builtinsThroughRequire(): Plugin {
  return {
    name: 'builtins-through-require',
    setup(build) {
      // Only import statements: the `require` below resolves as a plain external built-in.
      build.onResolve({ filter: /^node:/ }, (args) =>
        args.kind === 'import-statement' ? { path: args.path, namespace: NAMESPACE } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
        contents: `module.exports = require(${JSON.stringify(args.path)});`,
        loader: 'js',
      }));
    },
  };
}
