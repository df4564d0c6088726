/**
 * What a previous import left in the output folder: the files it wrote (their first line says
 * so) and, per operation, the file and tool name it got. Files are read statically, as every
 * schema is, never run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { forget, parseModule } from '../../parse/source-file.ts';
import { readSchemaSource } from '../../parse/read-schema.ts';
import { operationKey, type PreviousTool } from './layout.ts';
import { isObject } from '../../../runtime/is-object.ts';

/** The words on the first line of every file the importer writes. */
export const IMPORT_MARK = 'by toolkit import openapi';

export interface PreviousImport {
  /** Every `.mjs` file in the folder, by name, with its text. */
  readonly files: ReadonlyMap<string, string>;
  /** File names (with `.mjs`) an import wrote. */
  readonly imported: ReadonlySet<string>;
  readonly tools: ReadonlyMap<string, PreviousTool>;
}

export function readPreviousImport(outDir: string): PreviousImport {
  const files = new Map<string, string>();
  const imported = new Set<string>();
  const tools = new Map<string, PreviousTool>();
  let names: string[] = [];
  try {
    names = readdirSync(outDir)
      .filter((n) => n.endsWith('.mjs'))
      .sort();
  } catch {
    return { files, imported, tools };
  }
  for (const name of names) {
    let text: string;
    try {
      text = readFileSync(join(outDir, name), 'utf8');
    } catch {
      continue;
    }
    files.set(name, text);
    if (!(text.split('\n', 1)[0] ?? '').includes(IMPORT_MARK)) continue;
    imported.add(name);
    const source = parseModule(join(outDir, name), text);
    try {
      const main = readSchemaSource(source).main;
      const own = isObject(main) && isObject(main.tools) ? main.tools : {};
      for (const [tool, value] of Object.entries(own)) {
        if (isObject(value) && typeof value.method === 'string' && typeof value.path === 'string') {
          tools.set(operationKey(value.method, value.path), { file: name.replace(/\.mjs$/, ''), name: tool });
        }
      }
    } finally {
      forget(source);
    }
  }
  return { files, imported, tools };
}
