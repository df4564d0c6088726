/**
 * The fast start of `toolkit search`: when a build (or the package) has an index of the catalog,
 * the search runs without clipanion, the compiler or the runtime, so the whole process costs little
 * more than starting Node. Anything it does not handle (help, a mistake, no index) returns undefined
 * and the full command line takes over, so both paths answer alike.
 */
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SEARCH_INDEX_FILE } from '../compiler/build/catalog-index-file.ts';
import { indexDirFor, locateCatalog, readPrimitivesFrom } from './project/catalog.ts';
import { findProjectDir } from './project/find-project.ts';
import { readSearchCandidates } from './search-candidates.ts';
import { MAX_RESULTS, renderSearch, searchCatalog } from './search-results.ts';

interface Parsed {
  readonly query: string;
  readonly limit: number;
  readonly json: boolean;
  readonly project?: string;
  readonly schemas?: string;
}

/** `search <words…> [--json] [--limit N] [--project DIR] [--schemas DIR]`, or undefined for anything else. */
function parse(argv: readonly string[]): Parsed | undefined {
  if (argv[0] !== 'search') return undefined;
  const words: string[] = [];
  let limit = MAX_RESULTS;
  let json = false;
  let project: string | undefined;
  let schemas: string | undefined;
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    const value = (): string | undefined => inline ?? argv[++i];
    if (flag === '--json' && inline === undefined) json = true;
    else if (flag === '--limit') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1 || n > MAX_RESULTS) return undefined;
      limit = n;
    } else if (flag === '--project') project = value();
    else if (flag === '--schemas') schemas = value();
    else if (arg.startsWith('-')) return undefined;
    else words.push(arg);
  }
  const query = words.join(' ').trim();
  if (query === '' || project === '' || schemas === '') return undefined;
  return {
    query,
    limit,
    json,
    ...(project === undefined ? {} : { project }),
    ...(schemas === undefined ? {} : { schemas }),
  };
}

const isDir = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** Runs the search when it can; the exit code, or undefined to hand over to the full CLI. */
export function fastSearch(
  argv: readonly string[],
  stdout: NodeJS.WritableStream = process.stdout,
): number | undefined {
  const parsed = parse(argv);
  if (!parsed) return undefined;
  const projectDir = parsed.project === undefined ? findProjectDir(process.cwd()) : resolve(parsed.project);
  if (!isDir(projectDir) || (parsed.schemas !== undefined && !isDir(resolve(parsed.schemas)))) return undefined;
  const catalog = locateCatalog(projectDir, parsed.schemas);
  const dir = indexDirFor(projectDir, catalog);
  let index;
  try {
    index = dir === undefined ? undefined : readSearchCandidates(join(dir, SEARCH_INDEX_FILE), parsed.query);
  } catch {
    index = undefined; // unreadable: the full command line explains
  }
  if (!index) return undefined;
  stdout.write(
    renderSearch(parsed.query, searchCatalog(index, parsed.query, parsed.limit, readPrimitivesFrom(dir!)), parsed.json),
  );
  return 0;
}
