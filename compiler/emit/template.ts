/**
 * Templates are our own text files in `templates/` with `%%SLOT%%` markers. Slots are filled in
 * one pass with code from the code writer, so slot contents are never re-scanned for markers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const templatesDir = join(import.meta.dirname, '..', '..', 'templates');
const cache = new Map<string, string>();

/** The text of `templates/<name>`, read once per process. */
function readTemplate(name: string): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = readFileSync(join(templatesDir, name), 'utf8');
    cache.set(name, text);
  }
  return text;
}

/** Fills every `%%SLOT%%` of a template; a slot without a value is a bug in the emitter and throws. */
export function fillTemplate(name: string, slots: Readonly<Record<string, string>>): string {
  return readTemplate(name).replace(/%%([A-Z_]+)%%/g, (_, slot: string) => {
    const value = slots[slot];
    if (value === undefined) throw new Error(`template ${name}: no value for slot ${slot}`);
    return value;
  });
}
