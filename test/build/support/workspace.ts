/**
 * Scratch space for build tests: a directory under the repository's ignored `tmp/` (so generated
 * code resolves `zod` and the bundles resolve their external packages from node_modules, as they
 * would in a project), removed after the test. Never the real `generated/`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { SchemaModel } from '../../../runtime/model.ts';
import type { LoadOutcome, SchemaLoader } from '../../../compiler/build/schema-loader.ts';
import { readFileSync } from 'node:fs';

export const repoRoot = resolve(import.meta.dirname, '..', '..', '..');

export interface Workspace {
  readonly dir: string;
  readonly schemasDir: string;
  path(...parts: string[]): string;
  write(relativePath: string, text: string): string;
  remove(): void;
}

/** A fresh directory `tmp/<prefix>-XXXX/` with an empty `schemas/` inside. */
export function createWorkspace(prefix = 'build'): Workspace {
  mkdirSync(join(repoRoot, 'tmp'), { recursive: true });
  const dir = mkdtempSync(join(repoRoot, 'tmp', `${prefix}-`));
  const schemasDir = join(dir, 'schemas');
  mkdirSync(schemasDir);
  return {
    dir,
    schemasDir,
    path: (...parts) => join(dir, ...parts),
    write(relativePath, text) {
      const path = join(dir, relativePath);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      return path;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Stand-in schema files for the fake loader: `export const main = <model JSON>`. The build's own
 * discovery sees an ordinary schema file; the loader reads the model back without running anything.
 */
export const modelFile = (model: SchemaModel): string => `export const main = ${JSON.stringify(model, null, 2)};\n`;

/** A loader that reads `modelFile` texts; `failing` files yield one error diagnostic. Records the files it analysed. */
export function fakeLoader(failing: ReadonlySet<string> = new Set()): SchemaLoader & { calls: string[] } {
  const calls: string[] = [];
  const loader = async (path: string): Promise<LoadOutcome> => {
    calls.push(path);
    if ([...failing].some((name) => path.endsWith(name))) {
      return { status: false, diagnostics: [{ rule: 'VAL010', severity: 'error', message: 'main.namespace is required and must be a string', file: path, line: 2, column: 3 }] };
    }
    const text = readFileSync(path, 'utf8');
    const model = JSON.parse(text.replace(/^export const main = /, '').replace(/;\s*$/, '')) as SchemaModel;
    return { status: true, diagnostics: [], model };
  };
  return Object.assign(loader, { calls });
}
