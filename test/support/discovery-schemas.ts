/**
 * Validators for the discovery documents, built with Ajv from the published schemas kept in
 * `test/fixtures/discovery-schemas/` (sources in its SOURCE.md): the MCP Registry's server.json
 * schema 2025-12-11 (draft-07) and the server card's (SEP-2127 draft, 2020-12, `#/$defs/ServerCard`).
 * The AI catalog has no published schema: `aiCatalogProblems` checks the rules of its spec.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import AjvModule from 'ajv';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

type Validate = ((data: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };
const Ajv = ((AjvModule as unknown as { default?: unknown }).default ?? AjvModule) as new (
  options: Record<string, unknown>,
) => { compile(schema: unknown): Validate };
const Ajv2020 = ((Ajv2020Module as unknown as { default?: unknown }).default ?? Ajv2020Module) as typeof Ajv;
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: unknown,
) => void;

const dir = resolve(import.meta.dirname, '..', 'fixtures', 'discovery-schemas');
const read = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(resolve(dir, name), 'utf8')) as Record<string, unknown>;

function compile(AjvClass: typeof Ajv, schema: Record<string, unknown>): (data: unknown) => string[] {
  // Not strict: the registry's schema carries `example`, an annotation Ajv does not know.
  const ajv = new AjvClass({ strict: false, allErrors: true });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  return (data) =>
    validate(data) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`);
}

/** Problems of a server.json against the Registry's schema 2025-12-11 (none when valid). */
export const serverJsonProblems = compile(Ajv, read('server.schema.json'));

/** Problems of a server card against the card schema's `ServerCard`. */
const cardSchema = read('server-card.schema.json');
export const serverCardProblems = compile(Ajv2020, { ...cardSchema, $ref: '#/$defs/ServerCard' });

/**
 * Problems of an AI catalog by its spec: specVersion "1.0", entries with identifier, type and exactly one of url or
 * data.
 */
export function aiCatalogProblems(catalog: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (catalog.specVersion !== '1.0') problems.push(`specVersion is ${JSON.stringify(catalog.specVersion)}, not "1.0"`);
  if (!Array.isArray(catalog.entries)) return [...problems, 'entries is not an array'];
  catalog.entries.forEach((entry: Record<string, unknown>, i) => {
    if (typeof entry.identifier !== 'string' || !/^urn:air:[^:]+:[^:]+:[^:]+$/.test(entry.identifier))
      problems.push(`entries[${i}].identifier is not urn:air:<publisher>:<namespace>:<name>`);
    if (typeof entry.type !== 'string' || entry.type === '') problems.push(`entries[${i}].type is missing`);
    if ('url' in entry === 'data' in entry) problems.push(`entries[${i}] must have exactly one of url and data`);
  });
  return problems;
}
