/**
 * Where the project's catalog is and what is in it. The catalog is `--schemas DIR` when given, else
 * the project's `schemas/`, else the catalog shipped with toolkit. Its index (catalog-index.json and
 * search-index.json) comes from the project's last build (`generated/`), or for the shipped catalog
 * from the package, or is computed in memory from the schemas (slower: the front end loads them).
 */
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Writable } from 'node:stream';
import {
  CATALOG_INDEX_FILE,
  readCatalogIndex,
  SEARCH_INDEX_FILE,
  type CatalogIndex,
  type CatalogPrimitive,
  type CatalogTool,
} from '../../compiler/build/catalog-index-file.ts';
import { readSearchIndex, type SearchIndex } from '../../runtime/search/search-index.ts';
import { UsageMistake } from '../errors.ts';

/** The toolkit installation (the repository, or the installed package). */
export const toolkitRoot = resolve(import.meta.dirname, '..', '..');
/** Index of the shipped catalog, written when the package is packed. */
export const packageIndexDir = join(toolkitRoot, 'catalog-index');
/** Where `toolkit build` writes by default, relative to the project. */
export const DEFAULT_OUT = 'generated';

export interface Catalog {
  /** Absolute path of the catalog directory. */
  readonly dir: string;
  readonly origin: 'option' | 'project' | 'package';
}

const isDir = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

export function locateCatalog(projectDir: string, schemasOption?: string): Catalog {
  if (schemasOption !== undefined) {
    const dir = resolve(schemasOption);
    if (!isDir(dir)) throw new UsageMistake(`--schemas ${schemasOption}: not a directory`);
    return { dir, origin: 'option' };
  }
  const own = join(projectDir, 'schemas');
  if (isDir(own)) return { dir: own, origin: 'project' };
  return { dir: join(toolkitRoot, 'schemas'), origin: 'package' };
}

/** How the catalog is named in messages: relative to the working directory where that is shorter. */
export function showPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' ? '.' : rel.startsWith('..') || rel.includes(`..${sep}`) ? path : rel;
}

export interface LoadedIndex {
  readonly catalog: CatalogIndex;
  readonly search: SearchIndex;
  /** The directory the index was read from, or 'memory'. */
  readonly from: string;
}

/**
 * Whether the index in `dir` describes `catalogDir`, answered from the first bytes of
 * catalog-index.json (`{"version":1,"schemasDir":…` always comes first), so a search of a large
 * catalog does not parse that file just to find out.
 */
export function indexDescribes(dir: string, catalogDir: string): boolean {
  let fd: number;
  try {
    fd = openSync(join(dir, CATALOG_INDEX_FILE), 'r');
  } catch {
    return false;
  }
  try {
    const head = Buffer.alloc(4096);
    const n = readSync(fd, head, 0, head.length, 0);
    const match = /^\{"version":1,"schemasDir":("(?:[^"\\]|\\.)*")/.exec(head.subarray(0, n).toString('utf8'));
    return match !== null && resolve(dir, JSON.parse(match[1]!) as string) === catalogDir;
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

/**
 * The directory whose index describes the catalog (the project's build, else the package's for the shipped catalog).
 */
export function indexDirFor(projectDir: string, catalog: Catalog): string | undefined {
  const built = join(projectDir, DEFAULT_OUT);
  if (indexDescribes(built, catalog.dir)) return built;
  if (catalog.origin === 'package' && indexDescribes(packageIndexDir, catalog.dir)) return packageIndexDir;
  return undefined;
}

/** The search index alone from an index directory (what `toolkit search` needs). */
export function readSearchIndexFrom(dir: string): SearchIndex | undefined {
  try {
    return readSearchIndex(JSON.parse(readFileSync(join(dir, SEARCH_INDEX_FILE), 'utf8')));
  } catch {
    return undefined;
  }
}

/** The resources, prompts and skills of the catalog index in `dir` (none when it has none or cannot be read). */
export function readPrimitivesFrom(dir: string): readonly CatalogPrimitive[] {
  try {
    return readCatalogIndex(JSON.parse(readFileSync(join(dir, CATALOG_INDEX_FILE), 'utf8'))).primitives ?? [];
  } catch {
    return [];
  }
}

/** Both indexes from an index directory. */
export function readIndexFrom(dir: string): LoadedIndex | undefined {
  try {
    const catalog = readCatalogIndex(JSON.parse(readFileSync(join(dir, CATALOG_INDEX_FILE), 'utf8')));
    const search = readSearchIndexFrom(dir);
    return search ? { catalog, search, from: dir } : undefined;
  } catch {
    return undefined;
  }
}

/** The index of the catalog without computing it, or undefined when no build or package index describes it. */
export function findIndex(projectDir: string, catalog: Catalog): LoadedIndex | undefined {
  const dir = indexDirFor(projectDir, catalog);
  return dir === undefined ? undefined : readIndexFrom(dir);
}

/** The index of the catalog: read from a build or the package, else computed now (with a note on stderr). */
export async function loadIndex(projectDir: string, catalog: Catalog, stderr: Writable): Promise<LoadedIndex> {
  const found = findIndex(projectDir, catalog);
  if (found) return found;
  const { indexInMemory } = await import('./index-in-memory.ts');
  const loaded = await indexInMemory(projectDir, catalog.dir, stderr);
  stderr.write(
    `toolkit: no build of ${showPath(catalog.dir)} found: read its schemas now (\`toolkit build\` writes an index to ` +
      `${DEFAULT_OUT}/ and makes this fast)\n`,
  );
  return loaded;
}

/**
 * A tool by its CLI name, MCP wire name, or `namespace/tool` / `namespace/tool/name` ID; a usage mistake with
 * suggestions otherwise.
 */
export function findTool(index: CatalogIndex, name: string): CatalogTool {
  const exact = index.tools.find((t) => t.name === name) ?? index.tools.find((t) => t.wireName === name);
  if (exact) return exact;
  const id = /^([a-z][a-z0-9-]*)\/(?:tool\/)?([A-Za-z][A-Za-z0-9]*)$/.exec(name);
  if (id) {
    const byId = index.tools.filter((t) => t.namespace === id[1] && t.tool === id[2]);
    if (byId.length === 1) return byId[0]!;
  }
  const words = name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1);
  const close = index.tools
    .map((t) => ({ t, score: words.filter((w) => t.name.includes(w)).length }))
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || (a.t.name < b.t.name ? -1 : 1))
    .slice(0, 5)
    .map((c) => c.t.name);
  const hint =
    close.length > 0
      ? `; did you mean ${close.join(', ')}?`
      : `; \`toolkit search ${words.join(' ') || '<words>'}\` finds tools`;
  throw new UsageMistake(`no tool named ${JSON.stringify(name)} in the catalog (${index.tools.length} tools)${hint}`);
}

/** A short example of arguments for a tool: its required parameters with a placeholder value each. */
export function exampleArguments(tool: CatalogTool): string {
  const example: Record<string, unknown> = {};
  for (const p of tool.parameters.filter((q) => q.required)) {
    example[p.name] =
      p.type === 'number'
        ? 1
        : p.type === 'boolean'
          ? true
          : p.type === 'enum'
            ? (p.values?.[0] ?? '')
            : p.type === 'array'
              ? []
              : p.type === 'object'
                ? {}
                : `<${p.name}>`;
  }
  return JSON.stringify(example);
}
