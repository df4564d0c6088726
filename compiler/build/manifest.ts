/**
 * `manifest.json` of a build: what was built from what, with every hash. It is the record that
 * `toolkit build --check` compares the schemas against, and that incremental builds start from.
 * It has no timestamps: the same inputs give the same manifest.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ModuleIntegrity } from '../../runtime/integrity.ts';

export const MANIFEST_FILE = 'manifest.json';

export interface ManifestSchema {
  /** Schema file relative to the schemas directory. */
  readonly source: string;
  /** Cache key of its inputs (file, referenced files, lists, allowed libraries, compiler). */
  readonly key: string;
  readonly namespace: string;
  readonly name: string;
  readonly tools: readonly string[];
  readonly integrity: ModuleIntegrity;
  /** `sha256:` of the generated module's bytes. */
  readonly moduleSha256: string;
  /** `sha256:` of its line in `.cache/analysis.jsonl`, checked before the entry is reused. */
  readonly cacheSha256: string;
}

export interface ManifestBundle {
  readonly name: string;
  /** The launcher (`<name>.mjs`, what is run or imported) and its hash. */
  readonly file: string;
  readonly types: string;
  readonly sha256: string;
  /** The bundle's code beside it (`<name>.code.cjs`, compiled by the launcher) and its hash. */
  readonly code: string;
  readonly codeSha256: string;
  /** The bundle's data file beside it, and the hash the bundle checks it against. */
  readonly data: string;
  readonly dataSha256: string;
  /** Launcher and code together, as written and gzipped. */
  readonly bytes: number;
  readonly gzipBytes: number;
  readonly schemas: number;
  readonly tools: number;
}

export interface Manifest {
  readonly format: 1;
  /** Fingerprint of the compiler that built it. */
  readonly compiler: string;
  /** Fingerprint of the runtime, templates and bundled packages the bundles were made from. */
  readonly runtime: string;
  /** The one group built with `--group`, or null for the catalog and every group. */
  readonly group: string | null;
  /** Canonical hash of the groups of `.toolkit/config.json` at build time. */
  readonly groupsHash: string;
  readonly schemas: readonly ManifestSchema[];
  /** Schemas that failed to build, with the key of the inputs that failed. */
  readonly failed: readonly { readonly source: string; readonly key: string }[];
  readonly bundles: readonly ManifestBundle[];
  /**
   * The top-level entries the build wrote into the output directory, sorted: a later build replaces
   * a directory only when it holds nothing else (`output-ownership.ts`).
   */
  readonly written?: readonly string[];
}

/** The manifest of an output directory, or undefined when there is none (or it is unreadable). */
export function readManifest(outDir: string): Manifest | undefined {
  try {
    const manifest = JSON.parse(readFileSync(join(outDir, MANIFEST_FILE), 'utf8')) as Manifest;
    return manifest.format === 1 ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/** Stable text: two-space JSON, keys in the order the build writes them, final newline. */
export const manifestText = (manifest: Manifest): string => `${JSON.stringify(manifest, null, 2)}\n`;
