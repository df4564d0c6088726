/**
 * The catalog index computed now from the schemas (the front end loads each one, never running it):
 * what the CLI uses when no build wrote an index. Schemas with errors are left out with a note.
 */
import { relative, sep } from 'node:path';
import type { Writable } from 'node:stream';
import { buildCatalogIndexes } from '../../compiler/build/catalog-index.ts';
import type { SchemaModel } from '../../runtime/model.ts';
import type { LoadedIndex } from './catalog.ts';
import { allowedLibrariesOf } from './project-config.ts';
import { counted } from '../../runtime/counted.ts';

export async function indexInMemory(projectDir: string, catalogDir: string, stderr: Writable): Promise<LoadedIndex> {
  const { loadSchemaTree } = await import('../../compiler/index.ts');
  const entries = await loadSchemaTree(catalogDir, {
    allowedLibraries: allowedLibrariesOf(projectDir),
    cwd: projectDir,
  });
  const models: SchemaModel[] = [];
  let skipped = 0;
  for (const entry of entries) {
    if (entry.model) models.push({ ...entry.model, file: relative(catalogDir, entry.file).split(sep).join('/') });
    else skipped++;
  }
  if (skipped > 0)
    stderr.write(
      `toolkit: ${counted(skipped, 'schema')} of the catalog did not load (\`toolkit validate\` says why) and ` +
        `are left out\n`,
    );
  const { catalog, search } = buildCatalogIndexes(models, catalogDir);
  return { catalog, search, from: 'memory' };
}
