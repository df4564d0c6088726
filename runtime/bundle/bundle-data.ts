/**
 * A built bundle's data file, read through one object: the file beside the bundle (JSON Lines: the
 * tool listing, code mode's typed API, each schema's data, then the skills' files) is looked at on
 * start (there, at its build-time size) and nothing more; each section (one line) is read when first
 * needed, checked against its own build-time hash, and parsed. The hashes are in the bundle's code,
 * beside the whole file's hash; a section a request does not touch is never read. The generated entry
 * (`templates/bundle-entry.ts.tpl`) holds only the build's facts and hands them here.
 */
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Tool } from '@modelcontextprotocol/server';
import { sha256 } from '../hash.ts';
import { deepFreeze, parseVerified, type ModuleIntegrity } from '../integrity.ts';
import type { SchemaModel } from '../model.ts';
import type { SchemaSource } from '../schema-source.ts';
import type { PrimitivesListing } from '../resources/primitives.ts';
import type { ApiDeclarations } from '../code-mode/api-types.ts';
import type { StoredSkillFiles } from '../skills/skill-files.ts';
import { narrowModel } from '../../templates/narrow-model.ts';

/** A line of the data file: its byte range (end exclusive, before the newline). */
export type DataRange = readonly [number, number];

/** A line of the data file that is not a schema's: where it is, and `sha256:` of its bytes. */
export interface DataSection {
  readonly range: DataRange;
  readonly hash: string;
}

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
  /** `sha256:` of its bytes: checked only when the file proves changed at start (to name what changed). */
  readonly hash: string;
  /** Its size in bytes: checked at start (a cheap stat); each section's hash when the section is first read. */
  readonly bytes: number;
  readonly parts: readonly BundlePartFacts[];
  /** The `tools/list` answer's line. */
  readonly listing: DataSection;
  /** Code mode's typed API's line. */
  readonly codeApi: DataSection;
  /** The skills' files as the skills extension serves them (absent without skills to serve). */
  readonly skills?: DataSection;
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
  /** The skills' files made at build time, from the verified data (undefined without skills). */
  skillFiles(): StoredSkillFiles | undefined;
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

  const changed = (what: string): Error =>
    new Error(
      `${what} no longer matches the hash recorded at build time; ` +
        `${facts.file} was changed after the build. Rebuild it with \`toolkit build\`.`,
    );

  /** The whole file, checked against its hash: only when it proves changed at start, to name what changed. */
  const readWhole = (): never | void => {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch (error) {
      throw unreadable(error);
    }
    if (sha256(bytes) === facts.hash) return;
    // Find the part that changed, to name it (by line: an edit may move the ranges).
    const lines = bytes.toString('utf8').split('\n');
    // Lines: the listing, code mode's typed API, then one per part.
    facts.parts.forEach(({ integrity }, index) => parseVerified(lines[index + 2] ?? '', integrity));
    throw changed('the tool listing');
  };

  /** The bytes of one line, read from the file now (a short read leaves them short: their hash then fails). */
  const readRange = ([start, end]: DataRange): Buffer => {
    const bytes = Buffer.allocUnsafe(end - start);
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch (error) {
      throw unreadable(error);
    }
    try {
      let at = 0;
      for (let read = 1; at < bytes.length && read > 0; at += read)
        read = readSync(fd, bytes, at, bytes.length - at, start + at);
      return bytes.subarray(0, at);
    } finally {
      closeSync(fd);
    }
  };

  /** A failure after start stops a running server (`onFailure`), and is thrown either way. */
  const guarded = <T>(read: () => T): T => {
    try {
      return read();
    } catch (error) {
      self.onFailure?.(error);
      throw error;
    }
  };

  /** A section's text, checked against its hash. */
  const sectionText = ({ range, hash }: DataSection, what: string): string =>
    guarded(() => {
      const bytes = readRange(range);
      if (sha256(bytes) !== hash) throw changed(what);
      return bytes.toString('utf8');
    });

  const parsed: (SchemaModel | undefined)[] = [];
  // Not frozen: only the runtime receives it.
  const schemaAt = (index: number): SchemaModel => {
    const cached = parsed[index];
    if (cached) return cached;
    const { data: range, tools, integrity } = facts.parts[index]!;
    const model = guarded(() => {
      const bytes = readRange(range);
      // One hash of the bytes; only on a mismatch is the text looked at again, to name the part that changed.
      if (sha256(bytes) === integrity.dataHash) return JSON.parse(bytes.toString('utf8')) as SchemaModel;
      return parseVerified(bytes.toString('utf8'), integrity);
    });
    return (parsed[index] = narrowModel(model, tools));
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
      if (size !== facts.bytes) guarded(readWhole);
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
    listing: () => JSON.parse(sectionText(facts.listing, 'the tool listing')) as Tool[],
    codeApi: () => JSON.parse(sectionText(facts.codeApi, "code mode's typed API")) as ApiDeclarations,
    skillFiles: () => facts.skills && (JSON.parse(sectionText(facts.skills, 'the skills section')) as StoredSkillFiles),
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
