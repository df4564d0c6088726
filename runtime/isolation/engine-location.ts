/**
 * Where the handler sandbox's engine comes from: the files a built bundle carries beside it
 * (`engine/`, each checked against the hash the build recorded, on the first hook call), else the
 * installed packages (`quickjs-emscripten-core` and its WebAssembly variant), resolved from where
 * this runtime lives. A failure is one line naming what is missing or changed and the fix, given
 * to every hooked call; it never comes out as a module-resolution stack.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { carriedFiles, verifiedBytes, verifiedPath } from '../carried/carried-files.ts';

export interface EngineLocation {
  /** Paths the worker requires: quickjs-emscripten-core and the WebAssembly variant. */
  readonly core: string;
  readonly variant: string;
  /** The engine's WebAssembly (checked, when carried). */
  wasm(): Buffer<ArrayBuffer>;
}

const VARIANT = '@jitl/quickjs-wasmfile-release-sync';

let found: EngineLocation | { readonly problem: string } | undefined;

function locate(): EngineLocation | { readonly problem: string } {
  const quickjs = carriedFiles()?.index.quickjs;
  try {
    if (quickjs) {
      const core = verifiedPath(quickjs.core, 'the handler sandbox engine');
      const variant = verifiedPath(quickjs.variant, 'the handler sandbox engine');
      // Checked now, so that a changed file is refused before any worker could compile it itself.
      let bytes: Buffer<ArrayBuffer> | undefined = verifiedBytes(quickjs.wasm, 'the handler sandbox engine');
      const wasm = (): Buffer<ArrayBuffer> => {
        const taken = bytes ?? verifiedBytes(quickjs.wasm, 'the handler sandbox engine');
        bytes = undefined;
        return taken;
      };
      return { core, variant, wasm };
    }
    const require = createRequire(import.meta.url);
    const variant = require.resolve(VARIANT);
    return {
      core: require.resolve('quickjs-emscripten-core'),
      variant,
      wasm: () => readFileSync(join(dirname(variant), 'emscripten-module.wasm')),
    };
  } catch (error) {
    if (quickjs) return { problem: (error as Error).message };
    // Node's own message spans lines and lists this server's files.
    return {
      problem:
        'the handler sandbox engine (quickjs-emscripten-core) is not installed where this server runs: rebuild the ' +
        'bundle with `toolkit build`, which carries the engine beside it in engine/',
    };
  }
}

/** The engine's files; throws the one-line problem when there are none to be had. */
export function engineLocation(): EngineLocation {
  found ??= locate();
  if ('problem' in found) throw new Error(found.problem);
  return found;
}

/**
 * Why hooks cannot run here (one line), or undefined when the engine is at hand. A failed check is tried again on the
 * next call.
 */
export function engineProblem(): string | undefined {
  found ??= locate();
  if (!('problem' in found)) return undefined;
  const { problem } = found;
  found = undefined;
  return problem;
}

/** The guest script of a web standard the running bundle carries (checked), or undefined outside a bundle. */
export function carriedStandard(name: string): string | undefined {
  const entry = carriedFiles()?.index.standards?.[name];
  return entry === undefined ? undefined : verifiedBytes(entry, `the sandbox's ${name}`).toString('utf8');
}
