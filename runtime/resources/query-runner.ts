/**
 * Runs the queries of a catalog: arguments typed and checked, freeQuery's SQL through its guard,
 * the database located by origin, and the statement sent to one of two pools of query processes,
 * one for the schemas' own queries and one for freeQuery, so that a client's runaway statement never
 * delays the author's queries (nor anything else: the server's event loop runs no SQL); within a
 * pool, schemas share the processes fairly (`lane-pool.ts`): one schema's runaway delays only itself.
 */
import { InvalidArgumentsError } from '../served-primitives.ts';
import { databasePath, databaseRoot, shownPath, type DatabasePlaces } from './database-location.ts';
import { freeQueryProblem } from './free-query-guard.ts';
import { bindParameters } from './query-parameters.ts';
import { LanePool } from './lane-pool.ts';
import { QueryError, type QueryAnswer, type QueryLimits } from './query-lane.ts';
import { FREE_QUERY_MAX_LIMIT, type CatalogQuery } from './resource-catalog.ts';

export const DEFAULT_QUERY_LIMITS: QueryLimits = {
  timeoutMs: 3000,
  maxRows: 1000,
  maxBytes: 1024 * 1024,
  maxMemoryMb: 256,
};

/** The limits, with the time cap from `env`'s `TOOLKIT_QUERY_TIMEOUT_MS` when given and set. */
export function queryLimitsFrom(
  overrides: Partial<QueryLimits> = {},
  env: Readonly<Record<string, string | undefined>> = {},
): QueryLimits {
  const fromEnv = Number(env.TOOLKIT_QUERY_TIMEOUT_MS);
  const timeoutMs = Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_QUERY_LIMITS.timeoutMs;
  return { ...DEFAULT_QUERY_LIMITS, timeoutMs, ...overrides };
}

/** A failure reading a known resource; its message is safe to show to the client. */
export class ResourceReadError extends Error {
  override readonly name = 'ResourceReadError';
}

export class QueryRunner {
  #named: LanePool | undefined;
  #free: LanePool | undefined;

  constructor(
    readonly places: DatabasePlaces,
    readonly limits: QueryLimits,
  ) {}

  /** The database file of a query's resource. */
  pathOf(target: CatalogQuery): string {
    return databasePath(target.owner.schema, target.owner.resource, this.places);
  }

  /** Runs `target` with `given` arguments (text from a URI, or JSON from a tool call). */
  async run(target: CatalogQuery, given: ReadonlyMap<string, unknown>, source: 'text' | 'json'): Promise<QueryAnswer> {
    const values = bindParameters(target.parameters, given, source);
    const free = target.query === undefined;
    let sql: string;
    let maxRows = this.limits.maxRows;
    if (free) {
      sql = values[0] as string;
      const limit = values[1] as number;
      if (!Number.isInteger(limit) || limit < 1 || limit > FREE_QUERY_MAX_LIMIT)
        throw new InvalidArgumentsError(`parameter limit must be a whole number from 1 to ${FREE_QUERY_MAX_LIMIT}`);
      const problem = freeQueryProblem(sql);
      if (problem) throw new InvalidArgumentsError(`freeQuery refused: ${problem}`);
      maxRows = Math.min(limit, this.limits.maxRows);
    } else {
      sql = target.query!.sql;
    }
    const pool = free
      ? (this.#free ??= new LanePool('freeQuery', this.limits))
      : (this.#named ??= new LanePool('queries', this.limits));
    const path = this.pathOf(target);
    try {
      const within = databaseRoot(target.owner.schema, target.owner.resource, this.places);
      return await pool.run(target.owner.schema.namespace, {
        db: path,
        ...(within !== undefined ? { within } : {}),
        sql,
        params: free ? [] : values,
        maxRows,
      });
    } catch (error) {
      throw this.#explain(error, target, path);
    }
  }

  #explain(error: unknown, target: CatalogQuery, path: string): Error {
    const label = `${target.owner.schema.namespace}/${target.owner.resource.name}`;
    if (!(error instanceof QueryError))
      return new ResourceReadError(
        `${label}.${target.queryName} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    switch (error.kind) {
      case 'missing':
        return new ResourceReadError(
          `resource ${label} cannot be loaded: database ${target.owner.resource.database} (origin ` +
            `${target.owner.resource.origin}) not found at ${shownPath(path, this.places.home)}`,
        );
      case 'database':
        // The file is there but cannot be served as it is: named, never with its full path.
        return new ResourceReadError(
          `resource ${label} cannot be read: database ${target.owner.resource.database} (origin ` +
            `${target.owner.resource.origin}): ${error.message}`,
        );
      case 'refused':
      case 'sql':
        // The client wrote freeQuery's SQL, so SQLite's objection is about its argument; an author's query failing is
        // the server's problem.
        return target.query === undefined
          ? new InvalidArgumentsError(`freeQuery refused: ${error.message}`)
          : new ResourceReadError(`${label}.${target.queryName} failed: ${error.message}`);
      default:
        return new ResourceReadError(`${label}.${target.queryName}: ${error.message}`);
    }
  }

  close(): void {
    this.#named?.close();
    this.#free?.close();
  }
}
