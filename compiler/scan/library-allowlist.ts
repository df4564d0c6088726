/**
 * The library allowlist and the static reading of `main.requiredLibraries`. Handlers receive
 * libraries only through the injected `libraries` object, so the scan must know which package names
 * are allowed and which identifiers would be a library smuggled in as a global.
 */
import { ts } from '../parse/typescript.mjs';
import { readModuleShape, unwrap } from '../parse/module-exports.ts';
import { propertyKey } from '../parse/static-value.ts';

/**
 * Libraries every project may use without configuration: the domain libraries real catalog schemas
 * need that compute on values (`ethers`, `moment`, `indicatorts`, `@erc725/erc725.js`) and Node
 * built-ins that only compute on values (`crypto`, `zlib`, `buffer`, `url`, `querystring`, `path`,
 * `util`), which the sandbox offers as pure-JavaScript equivalents. Left out on purpose: generic I/O
 * (`axios` would be `fetch` by another name; `better-sqlite3` and `canvas` open files; `pinata`/`irys`
 * upload data to third parties; `vega` loaders read files and URLs). A project that needs others
 * lists them in `.toolkit/config.json` `security.allowedLibraries`.
 */
export const defaultAllowedLibraries: readonly string[] = Object.freeze([
  'ethers',
  'moment',
  'indicatorts',
  '@erc725/erc725.js',
  'crypto',
  'zlib',
  'buffer',
  'url',
  'querystring',
  'path',
  'util',
]);

/**
 * Libraries whose whole job is network or file I/O (exchange and market-data clients, HTTP clients,
 * databases, uploads). Handlers run in a sandbox without I/O, so these cannot work there and are
 * rejected (SEC032) whatever the allowlist says: call their APIs as declared tools instead.
 */
export const ioLibraries: ReadonlyMap<string, string> = new Map([
  ['ccxt', 'calls exchange APIs over the network'],
  ['yahoo-finance2', 'calls Yahoo Finance over the network'],
  ['axios', 'is an HTTP client'],
  ['node-fetch', 'is an HTTP client'],
  ['got', 'is an HTTP client'],
  ['ws', 'opens WebSocket connections'],
  ['pinata', 'uploads to IPFS over the network'],
  ['irys', 'uploads over the network'],
  ['better-sqlite3', 'opens database files'],
  ['canvas', 'reads files and uses native code'],
]);

/** One `requiredLibraries` entry as written, or the node that is not a string literal. */
export type LibraryEntry = { name: string; node: ts.Node } | { name: undefined; node: ts.Node };

/**
 * The exported `main` (or legacy `schema`) object literal, found through the same reader the
 * validator uses, so `export { m as main }` is read and a non-exported `const main` is not.
 */
export function findMainLiteral(source: ts.SourceFile): ts.ObjectLiteralExpression | undefined {
  const { exports } = readModuleShape(source);
  const binding = exports.get('main') ?? exports.get('schema');
  const value = binding?.node ? unwrap(binding.node) : undefined;
  return value && ts.isObjectLiteralExpression(value) ? value : undefined;
}

/**
 * The entries of `main.requiredLibraries`, or undefined when the field is absent. Every property
 * with that key is read (a duplicate must not hide an entry); a shorthand property is not a literal.
 */
export function readRequiredLibraries(
  main: ts.ObjectLiteralExpression,
): { value: ts.Node; entries: LibraryEntry[] } | undefined {
  let found: { value: ts.Node; entries: LibraryEntry[] } | undefined;
  for (const property of main.properties) {
    if (ts.isSpreadAssignment(property) || propertyKey(property.name) !== 'requiredLibraries') continue;
    const value = ts.isPropertyAssignment(property) ? unwrap(property.initializer) : property;
    const entries: LibraryEntry[] = !ts.isArrayLiteralExpression(value)
      ? [{ name: undefined, node: value }]
      : value.elements.map(
          (element): LibraryEntry =>
            ts.isStringLiteral(element) || ts.isNoSubstitutionTemplateLiteral(element)
              ? { name: element.text, node: element }
              : { name: undefined, node: element },
        );
    found = { value, entries: [...(found?.entries ?? []), ...entries] };
  }
  return found;
}

/** Identifiers a library would be known by if used as a global: `ethers`, `yahooFinance2`, `erc725`, … */
export function libraryGlobalNames(libraries: readonly string[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const library of libraries) {
    const last = library.split('/').pop() ?? library;
    const bare = last.replace(/\.(m?js|cjs)$/, '');
    const camel = bare.replace(/(?<![-_.])[-_.]+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());
    for (const candidate of [library, bare, camel, camel.replace(/(?<!\d)\d+$/, '')]) {
      if (/^[A-Za-z_$][\w$]*$/.test(candidate) && !names.has(candidate)) names.set(candidate, library);
    }
  }
  return names;
}
