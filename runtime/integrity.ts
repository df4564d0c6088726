/**
 * Integrity of generated modules. The build writes, next to each schema's data, the hashes that
 * data must have; the bundle entry checks them before serving anything, so a generated module or
 * bundle edited after the build refuses to start instead of serving tools nobody reviewed.
 */
import { canonicalJson } from './canonical-json.ts';
import { hashValue, sha256 } from './hash.ts';
import type { SchemaModel } from './model.ts';

/** The hashes written into a generated module and into `manifest.json`. */
export interface ModuleIntegrity {
  /** Path of the generated module, relative to the output directory. */
  readonly module: string;
  /** Path of the schema file it was generated from, relative to the schemas directory. */
  readonly source: string;
  /** `model.hash`: the canonical hash of the schema's `main` export. */
  readonly mainHash: string;
  /** Hash of the handler factory's source text, or null without handlers. */
  readonly handlersHash: string | null;
  /** Canonical hash of the resolved shared lists. */
  readonly listsHash: string;
  /** `sha256:` of the module's data text (the model's canonical JSON): its content hash. */
  readonly dataHash: string;
}

/** Hashes of a model as the build records them; `json` is the model's canonical JSON when already computed. */
export function integrityOf(
  model: SchemaModel,
  module: string,
  source: string,
  json = canonicalJson(model),
): ModuleIntegrity {
  return {
    module,
    source,
    mainHash: model.hash,
    handlersHash: model.handlersSource === undefined ? null : sha256(model.handlersSource),
    listsHash: hashValue(model.sharedLists),
    dataHash: sha256(json),
  };
}

/** A generated module whose data does not match its recorded hashes; the message names the file. */
export class IntegrityError extends Error {
  override readonly name = 'IntegrityError';
  constructor(
    readonly module: string,
    readonly source: string,
    readonly part: string,
  ) {
    super(
      `${module} (generated from ${source}): ${part} no longer matches the hash recorded at build time; the file was ` +
        `changed after the build. Rebuild it with \`toolkit build\`.`,
    );
  }
}

/**
 * The model in a module's data text, after checking the text against `integrity.dataHash` (one
 * SHA-256 over the text, fast enough for hundreds of schemas at start-up). Throws an
 * `IntegrityError` naming the module and the part that changed. Not frozen: deep-freezing 2,000
 * tools costs a serving bundle tens of milliseconds, and a server hands its models to no one but
 * the runtime (handlers only ever see JSON copies); bundles `deepFreeze` what they hand out.
 */
export function parseVerified(json: string, integrity: ModuleIntegrity): SchemaModel {
  if (sha256(json) === integrity.dataHash) return JSON.parse(json) as SchemaModel;
  throw new IntegrityError(integrity.module, integrity.source, changedPart(json, integrity));
}

/** Which part of a changed module differs, for the message (only computed once a mismatch is found). */
function changedPart(json: string, integrity: ModuleIntegrity): string {
  let model: SchemaModel;
  try {
    model = JSON.parse(json) as SchemaModel;
  } catch {
    return 'the schema data (no longer valid JSON)';
  }
  const actual = integrityOf(model, integrity.module, integrity.source, json);
  if (actual.handlersHash !== integrity.handlersHash) return 'the handler source';
  if (actual.listsHash !== integrity.listsHash) return 'the shared lists';
  if (actual.mainHash !== integrity.mainHash) return 'the schema hash';
  return 'the schema data';
}

/** Freezes a JSON-like value and everything inside it, so verified data cannot change afterwards. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
