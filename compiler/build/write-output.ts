/**
 * The last stage of a build: the manifest, then every file written into a temp directory that
 * replaces the output directory in one rename. Modules that did not change are hard-linked from the
 * previous output rather than written again (the old directory is only ever renamed and removed,
 * never written in place, so the link keeps its bytes).
 */
import { linkSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { sha256 } from '../../runtime/hash.ts';
import { codeFileOf, dataFileOf, type BundlePart } from '../emit/bundle-entry.ts';
import type { AnalysedSchema, FailedSchema } from './analyse-schemas.ts';
import { writeCache } from './analysis-cache.ts';
import { replaceDirectory } from './atomic-output.ts';
import { carryInlineDatabases } from './carry-databases.ts';
import { MANIFEST_FILE, manifestText, type Manifest, type ManifestBundle, type ManifestSchema } from './manifest.ts';

/** One bundle ready to write. */
export interface BundleOutput {
  readonly name: string;
  /** The bundle's code (`<name>.code.cjs`) and the launcher that runs it (`<name>.mjs`). */
  readonly code: string;
  readonly launcher: string;
  /** The bundle's data file (`<name>.data.jsonl`): its listing and schemas, read by the bundle at start. */
  readonly data: string;
  readonly types: string;
  readonly parts: readonly BundlePart[];
}

const gzipAsync = promisify(gzip);

/** The manifest entry of a bundle (sizes included); gzip runs on libuv's pool, beside the writes. */
export async function bundleRecord(output: BundleOutput): Promise<ManifestBundle> {
  const files = [Buffer.from(output.launcher), Buffer.from(output.code)];
  const gzipped = await Promise.all(files.map((bytes) => gzipAsync(bytes, { level: 9 })));
  return {
    name: output.name,
    file: `${output.name}.mjs`,
    types: `${output.name}.d.mts`,
    sha256: sha256(output.launcher),
    code: codeFileOf(output.name),
    codeSha256: sha256(output.code),
    data: dataFileOf(output.name),
    dataSha256: sha256(output.data),
    bytes: files[0]!.length + files[1]!.length,
    gzipBytes: gzipped[0]!.length + gzipped[1]!.length,
    schemas: output.parts.length,
    tools: output.parts.reduce((n, part) => n + (part.tools?.length ?? part.model.tools.length), 0),
  };
}

/** The manifest entry of a schema that built. */
export const schemaRecord = (b: AnalysedSchema): ManifestSchema => ({
  source: b.source.file,
  key: b.key,
  namespace: b.model.namespace,
  name: b.model.name,
  tools: b.model.tools.map((tool) => tool.name),
  integrity: b.emitted.integrity,
  moduleSha256: b.moduleSha256,
  cacheSha256: sha256(b.cacheLine),
});

/** Sorted failures, as the manifest keeps them. */
export const sortFailures = (failed: readonly FailedSchema[]): FailedSchema[] =>
  [...failed].sort((a, b) => (a.source < b.source ? -1 : a.source > b.source ? 1 : 0));

/**
 * Writes modules, cache, bundles, `extra` files (path relative to the output → text: the indexes,
 * an agent's modules) and the manifest (awaited last: its sizes are still being measured, and it
 * lists what was written), then swaps them in for `outDir` (`beforeSwap` may still refuse).
 */
export async function writeOutput(
  outDir: string,
  built: readonly AnalysedSchema[],
  outputs: readonly BundleOutput[],
  manifest: Promise<Manifest>,
  extra: ReadonlyMap<string, string | Buffer> = new Map(),
  beforeSwap?: () => void,
): Promise<void> {
  await replaceDirectory(
    outDir,
    async (temp) => {
      const made = new Set<string>();
      for (const b of built) {
        const path = join(temp, b.emitted.path);
        if (!made.has(dirname(path))) mkdirSync(dirname(path), { recursive: true });
        made.add(dirname(path));
        if (!(b.unchangedOnDisk && tryLink(join(outDir, b.emitted.path), path))) writeFileSync(path, b.emitted.text);
      }
      writeCache(
        temp,
        built.map((b) => b.cacheLine),
      );
      carryInlineDatabases(temp, built);
      for (const output of outputs) {
        writeFileSync(join(temp, `${output.name}.mjs`), output.launcher);
        writeFileSync(join(temp, codeFileOf(output.name)), output.code);
        writeFileSync(join(temp, dataFileOf(output.name)), output.data);
        writeFileSync(join(temp, `${output.name}.d.mts`), output.types);
      }
      for (const [path, text] of extra) {
        mkdirSync(dirname(join(temp, path)), { recursive: true });
        writeFileSync(join(temp, path), text);
      }
      const written = [...readdirSync(temp), MANIFEST_FILE].sort();
      writeFileSync(join(temp, MANIFEST_FILE), manifestText({ ...(await manifest), written }));
    },
    beforeSwap,
  );
}

/** Hard-links `from` to `to`; false when the file system cannot (the caller writes the bytes instead). */
function tryLink(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch {
    return false;
  }
}
