/**
 * What a built bundle needs at run time, said by `toolkit build` in one line per bundle: the Node it
 * runs on and the files that must travel with it (its code and data, `engine/`, `libraries/`,
 * `data/`). Nothing else: no node_modules, no NODE_PATH.
 */
import type { CarriedIndex } from '../../runtime/carried/carried-files.ts';
import { codeFileOf, dataFileOf, librariesOf, type BundleLibraries, type BundlePart } from '../emit/bundle-entry.ts';
import { narrowModel } from '../../templates/narrow-model.ts';
import { carriedBytes, type PreparedEngine } from './carry-engine.ts';
import { counted } from '../../runtime/counted.ts';

const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * One line: what `<name>.mjs` needs to run, beside it and of the machine; undefined when that is only
 * its own code and data files (nothing worth a line on every build).
 */
export function runtimeNeeds(
  name: string,
  parts: readonly BundlePart[],
  carried: CarriedIndex,
  engine: PreparedEngine,
  libraries: BundleLibraries,
): string | undefined {
  const beside = [codeFileOf(name), dataFileOf(name)];
  const engineParts: string[] = [];
  if (carried.quickjs) {
    const sandbox = { quickjs: carried.quickjs, ...(carried.standards ? { standards: carried.standards } : {}) };
    engineParts.push(`hook sandbox ${megabytes(carriedBytes(engine, sandbox))}`);
  }
  if (carried.sqlite) {
    const { builtFor } = carried.sqlite;
    engineParts.push(
      `SQLite binding for Node ${builtFor.node.split('.')[0]} (ABI ${builtFor.abi}, ` +
        `${builtFor.platform}-${builtFor.arch}) ${megabytes(carriedBytes(engine, { sqlite: carried.sqlite }))}`,
    );
  }
  if (carried.checker)
    engineParts.push(`program checker ${megabytes(carriedBytes(engine, { checker: carried.checker }))}`);
  if (engineParts.length > 0) beside.push(`engine/ (${engineParts.join(', ')})`);
  const libraryFiles = librariesOf(parts.map((part) => part.model)).filter(
    (library) => 'file' in (libraries[library] ?? {}),
  ).length;
  if (libraryFiles > 0) beside.push(`libraries/ (${counted(libraryFiles, 'file')})`);
  const databases = parts.flatMap(({ model, tools }) =>
    narrowModel(model, tools).resources.filter((resource) => resource.origin === 'inline'),
  ).length;
  if (databases > 0) beside.push(`data/ (${counted(databases, 'database')})`);
  if (beside.length === 2) return undefined;
  const node = carried.sqlite
    ? ` (its SQLite resources: Node ${carried.sqlite.builtFor.node.split('.')[0]} on ` +
      `${carried.sqlite.builtFor.platform}-${carried.sqlite.builtFor.arch}, else rebuild there)`
    : '';
  return `${name}.mjs runs on Node 20.19 or later${node} with nothing installed; copy with it: ${beside.join(', ')}`;
}
