/**
 * The version of everything that decides a schema's findings: the toolkit's own sources (the
 * compiler's rules and the runtime files they share), the TypeScript parser it reads files with,
 * and Node (the regular expression engine and SQLite differ by Node line). A cached result made by
 * any other version is never used. Computed from the files' contents, once per process.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve, sep } from 'node:path';

const toolkitRoot = resolve(import.meta.dirname, '..', '..', '..');

/** What the findings depend on, relative to the toolkit's root. */
const SOURCES = ['compiler', 'runtime', 'package.json'];

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .flatMap((entry) => filesUnder(join(path, entry.name)))
    .sort();
}

/** `name@version` of the parser's packages (ts-morph and the TypeScript it carries). */
function parserVersions(): string {
  try {
    const require = createRequire(join(toolkitRoot, 'package.json'));
    const morph = require.resolve('ts-morph/package.json');
    const common = createRequire(morph).resolve('@ts-morph/common/package.json');
    return [morph, common].map((file) => `${JSON.parse(readFileSync(file, 'utf8')).version}`).join(' ');
  } catch {
    return 'unknown';
  }
}

let version: string | undefined;

/** The front end's version: a SHA-256 over its sources, parser and Node. */
export function frontEndVersion(): string {
  if (version !== undefined) return version;
  const hash = createHash('sha256');
  hash.update(`toolkit front end 1\0${process.version}\0${parserVersions()}\0`);
  for (const file of SOURCES.flatMap((path) => filesUnder(join(toolkitRoot, path)))) {
    hash.update(relative(toolkitRoot, file).split(sep).join('/')).update('\0').update(readFileSync(file)).update('\0');
  }
  version = hash.digest('hex');
  return version;
}
