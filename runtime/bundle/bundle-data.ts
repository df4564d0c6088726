/**
 * A built bundle's data file, read through one object: the file beside the bundle (JSON Lines: the
 * tool listing, code mode's typed API, then each schema's data) is looked at on start (there, at its
 * build-time size), read and checked against its build-time hash on first need, and each line parsed
 * when asked for. The generated entry (`templates/bundle-entry.ts.tpl`) holds only the build's facts
 * and hands them here.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Tool } from '@modelcontextprotocol/server';
import { sha256 } from '../hash.ts';
import { deepFreeze, parseVerified, type ModuleIntegrity } from '../integrity.ts';
import type { SchemaModel } from '../model.ts';
import type { SchemaSource } from '../schema-source.ts';
import type { PrimitivesListing } from '../resources/primitives.ts';
import type { ApiDeclarations } from '../code-mode/api-types.ts';
import { narrowModel } from '../../templates/narrow-model.ts';

/** A line of the data file: its byte range (end exclusive, before the newline). */
export type DataRange = readonly [number, number];

/** One schema of a bundle, as its build recorded it. */
export interface BundlePartFacts {
  /** The generated module's hashes. */
  readonly integrity: ModuleIntegrity;
  /** Where the schema's data (its module's canonical JSON) is in the data file. */
  readonly data: DataRange;
  /** How many tools of the schema this bundle serves. */
  readonly toolCount: number;
  /** The schema's namespace. */
  readonly namespace: string;
  /** Tools of the schema in this bundle; null for the whole schema (with its resources, prompts and skills). */
  readonly tools: readonly string[] | null;
  /** True when the part serves resources, prompts or skills (read at start; the others on first need). */
  readonly primitives?: boolean;
}

/** What the build recorded of a bundle's data file. */
export interface BundleDataFacts {
  /** The directory of the bundle (the data file is beside it). */
  readonly dir: string;
  /** The data file's name. */
  readonly file: string;
  /** `sha256:` of its bytes. */
  readonly hash: string;
  /** Its size in bytes: checked at start (a cheap stat); the hash is checked when the file is first read. */
  readonly bytes: number;
  readonly parts: readonly BundlePartFacts[];
  /** The `tools/list` answer's line. */
  readonly listing: DataRange;
  /** Code mode's typed API's line. */
  readonly codeApi: DataRange;
  /** Whether a schema of this bundle has resources, prompts or skills. */
  readonly hasPrimitives: boolean;
}

export interface BundleData {
  /**
   * What start-up checks of the data file without reading it: that it is there, at its build-time
   * size (a file of another size is read and checked at once, to name what changed).
   */
  checkAtStart(): void;
  /** The schemas as the runtime reads them: each one when one of its tools is first called. */
  readonly schemas: SchemaSource;
  /** Every schema, verified; throws an IntegrityError naming the module. */
  verifiedSchemas(): readonly SchemaModel[];
  /** Every schema, verified and deep-frozen (they leave the bundle); the same array on every call. */
  frozenSchemas(): readonly SchemaModel[];
  /** The build's `tools/list` answer, from the verified data. */
  listing(): Tool[];
  /** Code mode's typed API, from the verified data. */
  codeApi(): ApiDeclarations;
  /**
   * Called with the error when the data file proves changed or unreadable after start (a running
   * server stops then, as it would have refused to start); the error is thrown as well.
   */
  onFailure?: (error: unknown) => never;
}

/** The bundle's data file as the runtime reads it; nothing is read until first asked for. */
export function bundleData(facts: BundleDataFacts): BundleData {
  const path = join(facts.dir, facts.file);
  const unreadable = (error: unknown): Error => {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return new Error(
      `${facts.file} cannot be read beside the bundle (${reason}): ` +
        "it holds the bundle's schemas and listing; copy it with the bundle, or rebuild with `toolkit build`.",
    );
  };

  const readVerified = (): Buffer => {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch (error) {
      throw unreadable(error);
    }
    if (sha256(bytes) !== facts.hash) {
      // Only on a mismatch: find the part that changed, to name it (by line: an edit may move the ranges).
      const lines = bytes.toString('utf8').split('\n');
      // Lines: the listing, code mode's typed API, then one per part.
      facts.parts.forEach(({ integrity }, index) => parseVerified(lines[index + 2] ?? '', integrity));
      throw new Error(
        'the tool listing no longer matches the hash recorded at build time; ' +
          `${facts.file} was changed after the build. Rebuild it with \`toolkit build\`.`,
      );
    }
    return bytes;
  };

  let data: Buffer | undefined;
  const verifiedData = (): Buffer => {
    if (data) return data;
    try {
      return (data = readVerified());
    } catch (error) {
      self.onFailure?.(error);
      throw error;
    }
  };
  const line = ([start, end]: DataRange): string => verifiedData().toString('utf8', start, end);

  const parsed: (SchemaModel | undefined)[] = [];
  // Not frozen: only the runtime receives it.
  const schemaAt = (index: number): SchemaModel => {
    const { data: range, tools } = facts.parts[index]!;
    return (parsed[index] ??= narrowModel(JSON.parse(line(range)) as SchemaModel, tools));
  };
  const verifiedSchemas = (): readonly SchemaModel[] => facts.parts.map((_, index) => schemaAt(index));
  let frozen: readonly SchemaModel[] | undefined;

  const self: BundleData = {
    checkAtStart() {
      let size: number;
      try {
        size = statSync(path).size;
      } catch (error) {
        throw unreadable(error);
      }
      if (size !== facts.bytes) verifiedData();
    },
    schemas: {
      length: facts.parts.length,
      toolCount: (index) => facts.parts[index]!.toolCount,
      at: schemaAt,
      hasPrimitives: facts.hasPrimitives,
      primitiveIndexes: facts.parts.flatMap((part, index) => (part.primitives ? [index] : [])),
      namespaceOf: (index) => facts.parts[index]!.namespace,
    },
    verifiedSchemas,
    frozenSchemas: () => (frozen ??= deepFreeze(verifiedSchemas().slice())),
    listing: () => JSON.parse(line(facts.listing)) as Tool[],
    codeApi: () => JSON.parse(line(facts.codeApi)) as ApiDeclarations,
  };
  return self;
}

/** The build's resource and prompt listing (JSON), checked against its hash like the tool listing. */
export function verifiedPrimitives(json: string, hash: string): PrimitivesListing {
  if (sha256(json) !== hash) {
    throw new Error(
      'the resource and prompt listing no longer matches the hash recorded at build time; ' +
        'the bundle was changed after the build. Rebuild it with `toolkit build`.',
    );
  }
  return JSON.parse(json) as PrimitivesListing;
}
