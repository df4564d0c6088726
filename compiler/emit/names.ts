/**
 * Names used in generated code: TypeScript identifiers and file paths derived from schema names.
 * Everything here is a pure function of its input so the output stays byte-for-byte stable.
 */

/** `get_price-now` / `getPrice` → `GetPriceNow` / `GetPrice`: for type names. */
function pascalCase(text: string): string {
  const words = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const joined = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
  return /^[0-9]/.test(joined) ? `_${joined}` : joined || '_';
}

/** Type name of a tool's input/output: namespace and tool, so types of a whole catalog never clash. */
export const toolTypeName = (namespace: string, toolName: string, suffix: 'Input' | 'Output'): string =>
  `${pascalCase(namespace)}${pascalCase(toolName)}${suffix}`;

/**
 * Path of the generated module for a schema file, relative to the output directory, in one flat
 * folder (one directory instead of hundreds keeps rewriting the output fast):
 * `providers/coingecko/simple-price.mjs` → `modules/providers__coingecko__simple-price.ts`.
 */
export function modulePathFor(schemaFile: string): string {
  const normalized = schemaFile.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
  return `modules/${normalized
    .replace(/\.m?[jt]s$/, '')
    .split('/')
    .join('__')}.ts`;
}
