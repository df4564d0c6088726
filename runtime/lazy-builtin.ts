/**
 * A Node built-in loaded on its first use rather than when the runtime is imported. Serving starts
 * without the HTTP client and server stacks, TLS, zlib, worker threads or child processes until a
 * call needs them (together about 20 ms of a bundle's start-up, measured with --cpu-prof).
 */
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

/** `lazyBuiltin<typeof import('node:https')>('node:https')()` is `node:https`, loaded once. */
export function lazyBuiltin<Module>(name: `node:${string}`): () => Module {
  let loaded: Module | undefined;
  return () => (loaded ??= load(name) as Module);
}
