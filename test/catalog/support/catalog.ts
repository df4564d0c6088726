/**
 * Walks a catalog (`providers/`, `_lists/`) and reads every schema, list, prompt and skill file
 * statically, so each catalog test can check one concept against the same data without executing
 * any schema. Two catalogs exist: the shipped one in `schemas/` (real public APIs, no wild forms)
 * and the example one in `test/fixtures/example-catalog/` (invented `*.example` APIs written in every
 * wild form the compiler accepts, so compiler and runtime tests meet every shape).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { readStaticModule, type StaticModule } from './static-exports.ts';

/** The catalog users copy from: real public APIs. */
export const shippedCatalog = resolve(import.meta.dirname, '../../../schemas');
/** The invented `*.example` catalog that covers the wild forms (test data). */
export const exampleCatalog = resolve(import.meta.dirname, '../../fixtures/example-catalog');
/** Both, for the rules every catalog keeps. */
export const catalogs = [
  { name: 'shipped', root: shippedCatalog },
  { name: 'example', root: exampleCatalog },
] as const;

/** Loosely typed view of a `main` export; the tests check the shapes they rely on. */
export type Json = Record<string, any>;

export interface CatalogSchema {
  /** Path relative to `schemas/`, e.g. `providers/fxrates/exchange-rates.mjs`. */
  readonly file: string;
  readonly absolute: string;
  readonly text: string;
  readonly module: StaticModule;
  readonly main: Json;
}

export interface CatalogList {
  readonly file: string;
  readonly text: string;
  readonly module: StaticModule;
  readonly list: Json;
}

/** Schema files: `providers/<ns>/*.mjs`, not the content files in `prompts/`, `skills/` or `data/`. */
export function schemaFiles(root: string): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      readdirSync(join(root, entry.name))
        .filter((name) => name.endsWith('.mjs') && statSync(join(root, entry.name, name)).isFile())
        .map((name) => join(root, entry.name, name)),
    )
    .sort();
}

/** Reads every schema under `<root>/providers`. */
export function loadSchemas(root: string): CatalogSchema[] {
  return schemaFiles(join(root, 'providers')).map((absolute) => {
    const text = readFileSync(absolute, 'utf8');
    const module = readStaticModule(relative(root, absolute), text);
    const main = module.values.get('main');
    return { file: relative(root, absolute), absolute, text, module, main: (main ?? {}) as Json };
  });
}

/** Reads every list under `<root>/_lists`. */
export function loadLists(root: string): CatalogList[] {
  const dir = join(root, '_lists');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.mjs'))
    .sort()
    .map((name) => {
      const text = readFileSync(join(dir, name), 'utf8');
      const module = readStaticModule(`_lists/${name}`, text);
      return { file: `_lists/${name}`, text, module, list: (module.values.get('list') ?? {}) as Json };
    });
}

/** Reads a prompt or skill content file referenced relative to its schema. */
export function loadContentFile(
  schema: CatalogSchema,
  relativePath: string,
): { absolute: string; text: string; module: StaticModule } {
  const absolute = resolve(dirname(schema.absolute), relativePath);
  const text = readFileSync(absolute, 'utf8');
  return { absolute, text, module: readStaticModule(relative(dirname(schema.absolute), absolute), text) };
}

/** `evmChains` → `evm-chains`: how a list reference maps to its file name. */
export function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

export type Parameter = {
  position: { key: string; value: string; location: string };
  z: { primitive: string; options: string[] };
};

/** Every tool of every schema with its owner, for tests that check tools one by one. */
export function allTools(schemas: readonly CatalogSchema[]): { schema: CatalogSchema; name: string; tool: Json }[] {
  return schemas.flatMap((schema) =>
    Object.entries(schema.main.tools ?? {}).map(([name, tool]) => ({ schema, name, tool: tool as Json })),
  );
}

/** Every file of a catalog, for scans that must cover lists, prompts and skills too. */
export function allCatalogFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? allCatalogFiles(join(dir, entry.name)) : [join(dir, entry.name)]))
    .sort();
}
