/**
 * Cache keys computed before any analysis: a schema's key changes when its file, a file it names
 * by relative path (prompt and skill files), a file its model carries (skill folders, format 4's
 * skills and markdown documents), the shared lists, the allowed libraries or the compiler itself change. Unchanged keys
 * let an incremental build skip the analysis entirely.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { hashValue, sha256 } from '../../runtime/hash.ts';
import { nearestListsDir } from '../load/nearest-lists-dir.ts';
import { nodeFileSystem, type FileSystem } from '../load/file-system.ts';
import type { Discovery, SchemaSource } from './discover-schemas.ts';

const toolkitRoot = resolve(import.meta.dirname, '..', '..');

/** Files whose contents shape what the build emits; a change to any of them invalidates every cache entry. */
const COMPILER_INPUTS = [
  'compiler',
  'templates',
  'runtime/model.ts',
  'runtime/hash.ts',
  'runtime/canonical-json.ts',
  'runtime/integrity.ts',
  'runtime/input-json-schema.ts',
  'package.json',
];

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .flatMap((entry) => filesUnder(join(path, entry.name)))
    .sort();
}

/** Fingerprint of everything under `paths` (relative to `root`): names and contents. */
function fingerprintFiles(root: string, paths: readonly string[]): string {
  const files = paths.flatMap((path) => filesUnder(join(root, path)));
  return hashValue(
    files.map((file) => [relative(root, file).split(sep).join('/'), sha256(readFileSync(file, 'utf8'))]),
  );
}

/** What a bundle carries besides the schemas: a change here makes bundles stale without touching the analysis cache. */
const BUNDLE_INPUTS = [
  'runtime',
  'templates',
  'node_modules/@modelcontextprotocol/server/package.json',
  'node_modules/@modelcontextprotocol/core/package.json',
  'node_modules/zod/package.json',
  'node_modules/esbuild/package.json',
];

let runtimeVersion: string | undefined;

/**
 * Fingerprint of the runtime and bundled dependencies (recorded in the manifest for `--check`; computed once per
 * process).
 */
export function runtimeFingerprint(): string {
  runtimeVersion ??= fingerprintFiles(toolkitRoot, BUNDLE_INPUTS);
  return runtimeVersion;
}

let compilerVersion: string | undefined;

/** The compiler's version for cache keys: a hash of its own sources and templates (computed once per process). */
export function compilerFingerprint(): string {
  compilerVersion ??= fingerprintFiles(toolkitRoot, COMPILER_INPUTS);
  return compilerVersion;
}

/** Relative paths written as string literals in a schema (`'./prompts/about.mjs'`): the files it depends on. */
function referencedFiles(source: SchemaSource): string[] {
  const found = new Set<string>();
  for (const match of source.text.matchAll(/(['"`])(\.{1,2}\/[^'"`\n]+)\1/g)) {
    const path = resolve(dirname(source.path), match[2]!);
    if (existsSync(path) && statSync(path).isFile()) found.add(path);
  }
  return [...found].sort();
}

/** Every file under `dir` (recursively, dot-entries skipped), sorted; none when it is not a directory. */
function filesIn(dir: string): string[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .flatMap((entry) =>
      entry.isDirectory() ? filesIn(join(dir, entry.name)) : entry.isFile() ? [join(dir, entry.name)] : [],
    )
    .sort();
}

/**
 * Files the model carries that no string in the schema names: format 4's `skills/` beside it, each
 * skill's folder (beside its `.mjs` file), and the markdown documents in `data/`.
 */
function companionFiles(source: SchemaSource, referenced: readonly string[]): string[] {
  const dir = dirname(source.path);
  const found = new Set<string>([
    ...filesIn(join(dir, 'skills')),
    ...referenced.filter((path) => path.endsWith('.mjs')).flatMap((path) => filesIn(path.slice(0, -'.mjs'.length))),
    ...filesIn(join(dir, 'data')).filter((path) => path.endsWith('.md')),
  ]);
  return [...found].sort();
}

export interface KeyInputs {
  readonly schemasDir: string;
  /** Libraries allowed on top of the front end's default allowlist. */
  readonly allowedLibraries: readonly string[];
  /** Fingerprint of the shared lists a schema uses (the nearest `_lists/` above it), or null when it has none. */
  readonly listsFingerprint: (schemaPath: string) => string | null;
}

/**
 * The key inputs of one build: the nearest `_lists/` of each schema is found as the front end finds it,
 * with directories answered from this build's discovery, and each lists directory fingerprinted once.
 */
export function keyInputs(
  schemasDir: string,
  allowedLibraries: readonly string[],
  discovery: Pick<Discovery, 'isDirectory'>,
): KeyInputs {
  const directories: FileSystem = { ...nodeFileSystem(), isDirectory: discovery.isDirectory };
  const fingerprints = new Map<string, string | null>();
  return {
    schemasDir,
    allowedLibraries,
    listsFingerprint(schemaPath) {
      const dir = nearestListsDir(schemaPath, directories);
      if (dir === undefined) return null;
      let fingerprint = fingerprints.get(dir);
      if (fingerprint === undefined) {
        fingerprint = fingerprintFiles(dir, ['.']);
        fingerprints.set(dir, fingerprint);
      }
      return fingerprint;
    },
  };
}

/** The cache key of one schema. */
export function sourceKey(source: SchemaSource, inputs: KeyInputs): string {
  const referenced = referencedFiles(source);
  const dependencies = [...new Set([...referenced, ...companionFiles(source, referenced)])]
    .sort()
    .map((path) => [relative(inputs.schemasDir, path).split(sep).join('/'), sha256(readFileSync(path))]);
  return hashValue({
    compiler: compilerFingerprint(),
    file: source.file,
    text: sha256(source.text),
    dependencies,
    lists: source.text.includes('sharedLists') ? inputs.listsFingerprint(source.path) : null,
    allowedLibraries: [...inputs.allowedLibraries].sort(),
  });
}
