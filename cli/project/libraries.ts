/** Imports each library the schemas declare in `requiredLibraries` (already allowlisted by the loader), as `default ?? module`. */
import type { Writable } from 'node:stream';
import type { SchemaModel } from '../../runtime/model.ts';

export async function loadLibraries(models: readonly SchemaModel[], stderr: Writable): Promise<Record<string, unknown>> {
  const libraries: Record<string, unknown> = {};
  for (const name of [...new Set(models.flatMap((m) => m.requiredLibraries))].sort()) {
    try {
      const module = (await import(name)) as { default?: unknown };
      libraries[name] = module.default ?? module;
    } catch {
      stderr.write(`toolkit: library ${name} is not installed (\`npm install ${name}\`); tools whose handlers use it will fail\n`);
    }
  }
  return libraries;
}
