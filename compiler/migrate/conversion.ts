/**
 * A conversion rewrites a schema's source from one format to another through its AST. The engine
 * (migrate-source.ts) picks the chain of conversions from the schema's format to the target, applies
 * them one after the other (each on the text the previous one produced) and validates the result.
 * New conversions (3 → 4, 4 → 3, repairs of the same format) are added to `conversions/index.ts`.
 */
import type { SchemaAst } from './schema-ast.ts';
import type { SourceEdit } from './source-edits.ts';

/** Formats by major version. */
export type SchemaFormat = 2 | 3 | 4;

/** Something the target format cannot say, removed by a conversion; reported as MIG001 at `path` of `main`. */
export interface Loss {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

export interface Conversion {
  /** Stable name, e.g. `format-2-to-3`. */
  readonly id: string;
  readonly from: SchemaFormat;
  readonly to: SchemaFormat;
  /** One line for `toolkit migrate --help` and the summary. */
  readonly summary: string;
  /** The edits that turn this schema into the target format. */
  plan(ast: SchemaAst): SourceEdit[];
  /** What the edits remove that the target format cannot hold (reported, never dropped silently). */
  losses?(ast: SchemaAst): Loss[];
}

/** The format of a schema by its `main.version` (undefined when it is not one a conversion knows). */
export function detectFormat(version: unknown): SchemaFormat | undefined {
  if (typeof version !== 'string') return undefined;
  if (/^2\.\d+\.\d+/.test(version)) return 2;
  if (/^3\.\d+\.\d+/.test(version)) return 3;
  if (/^4\.\d+\.\d+/.test(version)) return 4;
  return undefined;
}
