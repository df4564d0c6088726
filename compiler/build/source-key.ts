/**
 * Cache keys computed before any analysis: a schema's key changes when its file, a file it names
 * by relative path (prompt and skill files), the shared lists, the allowed libraries or the
 * compiler itself change. Unchanged keys let an incremental build skip the analysis entirely.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { hashValue, sha256 } from '../../runtime/hash.ts';
import { listedDirectories, type SchemaSource } from './discover-schemas.ts';

const toolkitRoot = resolve(import.meta.dirname, '..', '..');

/** Files whose contents shape what the build emits; a change to any of them invalidates every cache entry. */
const COMPILER_INPUTS = ['compiler', 'templates', 'runtime/model.ts', 'runtime/hash.ts', 'runtime/canonical-json.ts', 'runtime/integrity.ts', 'runtime/input-json-schema.ts', 'package.json'];

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .flatMap((entry) => filesUnder(join(path, entry.name)))
    .sort();
}

/** Fingerprint of everything under `paths` (relative to `root`): names and contents. */
export function fingerprintFiles(root: string, paths: readonly string[]): string {
  const files = paths.flatMap((path) => filesUnder(join(root, path)));
  return hashValue(files.map((file) => [relative(root, file).split(sep).join('/'), sha256(readFileSync(file, 'utf8'))]));
}

/** What a bundle carries besides the schemas: a change here makes bundles stale without touching the analysis cache. */
const BUNDLE_INPUTS = ['runtime', 'templates', 'node_modules/@modelcontextprotocol/sdk/package.json', 'node_modules/zod/package.json', 'node_modules/esbuild/package.json'];

/** Fingerprint of the runtime and bundled dependencies (recorded in the manifest for `--check`). */
export const runtimeFingerprint = (): string => fingerprintFiles(toolkitRoot, BUNDLE_INPUTS);

let compilerVersion: string | undefined;

/** The compiler's version for cache keys: a hash of its own sources and templates (computed once per process). */
export function compilerFingerprint(): string {
  compilerVersion ??= fingerprintFiles(toolkitRoot, COMPILER_INPUTS);
  return compilerVersion;
}

/** Relative paths written as string literals in a schema (`'./prompts/about.mjs'`): the files it depends on. */
export function referencedFiles(source: SchemaSource): string[] {
  const found = new Set<string>();
  for (const match of source.text.matchAll(/(['"`])(\.{1,2}\/[^'"`\n]+)\1/g)) {
    const path = resolve(dirname(source.path), match[2]!);
    if (existsSync(path) && statSync(path).isFile()) found.add(path);
  }
  return [...found].sort();
}

export interface KeyInputs {
  readonly schemasDir: string;
  /** The lists directory given to the loader; default: the nearest `_lists/` above each schema, as the front end does. */
  readonly listsDir?: string;
  /** Libraries allowed on top of the front end's default allowlist. */
  readonly allowedLibraries: readonly string[];
}

const listFingerprints = new Map<string, string | null>();

/** Fingerprint of the lists directory a schema uses (memoized per directory for one build). */
function listsFingerprint(source: SchemaSource, inputs: KeyInputs): string | null {
  const dir = inputs.listsDir ?? nearestListsDir(source.path);
  if (dir === undefined) return null;
  let fingerprint = listFingerprints.get(dir);
  if (fingerprint === undefined) {
    fingerprint = existsSync(dir) ? fingerprintFiles(dir, ['.']) : null;
    listFingerprints.set(dir, fingerprint);
  }
  return fingerprint;
}

const listsDirProbes = new Map<string, boolean>();

/** Forgets memoized list fingerprints and directory probes (call at the start of each build: lists may have changed). */
export const resetListFingerprints = (): void => {
  listFingerprints.clear();
  listsDirProbes.clear();
};

/** Whether `dir/_lists` is a directory: answered from the discovery's listing when it says no, else from the disk (once per build). */
function hasListsDir(dir: string): boolean {
  if (listedDirectories.get(dir) === false) return false;
  let found = listsDirProbes.get(dir);
  if (found === undefined) {
    const candidate = join(dir, '_lists');
    found = existsSync(candidate) && statSync(candidate).isDirectory();
    listsDirProbes.set(dir, found);
  }
  return found;
}

/** The nearest `_lists/` directory above a schema file (at most 10 levels up), as the front end finds it. */
export function nearestListsDir(schemaPath: string): string | undefined {
  let dir = dirname(resolve(schemaPath));
  for (let level = 0; level <= 10; level += 1) {
    const candidate = join(dir, '_lists');
    if (hasListsDir(dir)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return undefined;
}

/** The cache key of one schema. */
export function sourceKey(source: SchemaSource, inputs: KeyInputs): string {
  const dependencies = referencedFiles(source).map((path) => [relative(inputs.schemasDir, path).split(sep).join('/'), sha256(readFileSync(path, 'utf8'))]);
  return hashValue({
    compiler: compilerFingerprint(),
    file: source.file,
    text: sha256(source.text),
    dependencies,
    lists: source.text.includes('sharedLists') ? listsFingerprint(source, inputs) : null,
    allowedLibraries: [...inputs.allowedLibraries].sort(),
  });
}
