/**
 * The library allowlist and the static reading of `main.requiredLibraries`. Handlers receive
 * libraries only through the injected `libraries` object, so the scan must know which package names
 * are allowed and which identifiers would be a library smuggled in as a global.
 */
import { ts } from 'ts-morph';

/**
 * Libraries every project may use without configuration: the domain libraries real catalog schemas
 * need (`ethers`, `moment`, `indicatorts`, `@erc725/erc725.js`, `ccxt`, `yahoo-finance2`) and Node
 * built-ins that only compute on values (`crypto`, `zlib`, `buffer`, `url`, `querystring`, `path`, `util`).
 * Left out on purpose: generic I/O (`axios` would be `fetch` by another name; `better-sqlite3` and
 * `canvas` open files; `pinata`/`irys` upload data to third parties; `vega` loaders read files and URLs).
 * A project that needs them lists them in `.toolkit/config.json` `security.allowedLibraries`.
 */
export const defaultAllowedLibraries: readonly string[] = Object.freeze([
  'ethers', 'moment', 'indicatorts', '@erc725/erc725.js', 'ccxt', 'yahoo-finance2',
  'crypto', 'zlib', 'buffer', 'url', 'querystring', 'path', 'util',
]);

/** One `requiredLibraries` entry as written, or the node that is not a string literal. */
export type LibraryEntry = { name: string; node: ts.Node } | { name: undefined; node: ts.Node };

const propertyName = (name: ts.PropertyName): string | undefined =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name) ? name.text : undefined;

const unwrap = (node: ts.Expression): ts.Expression => {
  let current = node;
  while (ts.isParenthesizedExpression(current)) current = current.expression;
  return current;
};

/** The top-level `const main = {…}` (or legacy `schema`) object literal, read without running anything. */
export function findMainLiteral(source: ts.SourceFile): ts.ObjectLiteralExpression | undefined {
  for (const name of ['main', 'schema']) {
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer) {
          const value = unwrap(declaration.initializer);
          if (ts.isObjectLiteralExpression(value)) return value;
        }
      }
    }
  }
  return undefined;
}

/** The entries of `main.requiredLibraries`, or undefined when the field is absent. */
export function readRequiredLibraries(main: ts.ObjectLiteralExpression): { value: ts.Node; entries: LibraryEntry[] } | undefined {
  for (const property of main.properties) {
    if (!ts.isPropertyAssignment(property) || propertyName(property.name) !== 'requiredLibraries') continue;
    const value = unwrap(property.initializer);
    if (!ts.isArrayLiteralExpression(value)) return { value, entries: [{ name: undefined, node: value }] };
    const entries = value.elements.map((element): LibraryEntry =>
      ts.isStringLiteral(element) || ts.isNoSubstitutionTemplateLiteral(element)
        ? { name: element.text, node: element }
        : { name: undefined, node: element });
    return { value, entries };
  }
  return undefined;
}

/** Identifiers a library would be known by if used as a global: `ethers`, `yahooFinance2`, `erc725`, … */
export function libraryGlobalNames(libraries: readonly string[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const library of libraries) {
    const last = library.split('/').pop() ?? library;
    const bare = last.replace(/\.(m?js|cjs)$/, '');
    const camel = bare.replace(/[-_.]+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());
    for (const candidate of [library, bare, camel, camel.replace(/\d+$/, '')]) {
      if (/^[A-Za-z_$][\w$]*$/.test(candidate) && !names.has(candidate)) names.set(candidate, library);
    }
  }
  return names;
}
