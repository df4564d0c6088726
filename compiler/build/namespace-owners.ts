/**
 * One namespace, one owner (VAL123). A client calls a tool by `<tool>_<namespace>`, so a schema that
 * declares another provider's namespace could take that provider's tool names (`providers/aaa/
 * impostor.mjs` declaring `victim` sorted first and took `send_victim`). The rule: all files of a
 * namespace live in one directory. When they do not, the directory named after the namespace
 * (`providers/victim/`) owns it and every file elsewhere is an error naming an owner's file; when no
 * directory bears the name, every file of the namespace is an error naming the others, so none of
 * them can take the names. Two files of one directory may still share a namespace (the later
 * file's duplicate tools take its file name as suffix: `runtime/wire-name.ts`).
 */
import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';

export interface NamespaceDeclaration {
  /** The schema file as the caller shows it. */
  readonly file: string;
  readonly namespace: string;
  /** The file's text, to locate `namespace:` (read from `file` when absent). */
  readonly text?: string;
}

/** Where `namespace:` is first written in a schema file (1-based), or the file as a whole. */
function located(declaration: NamespaceDeclaration): { line: number; column: number } {
  let text = declaration.text;
  try {
    text ??= readFileSync(declaration.file, 'utf8');
  } catch {
    return { line: 0, column: 0 };
  }
  const at = /\bnamespace\s*:/.exec(text)?.index;
  if (at === undefined) return { line: 0, column: 0 };
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  return { line, column: at - before.lastIndexOf('\n') };
}

/** VAL123 for every file that declares a namespace owned by, or shared with, another directory; by file. */
export function namespaceOwnerClashes(declarations: readonly NamespaceDeclaration[]): Map<string, Diagnostic> {
  const byNamespace = new Map<string, NamespaceDeclaration[]>();
  for (const declaration of declarations) {
    if (!declaration.namespace) continue;
    let list = byNamespace.get(declaration.namespace);
    if (!list) byNamespace.set(declaration.namespace, (list = []));
    list.push(declaration);
  }
  const clashes = new Map<string, Diagnostic>();
  for (const [namespace, list] of byNamespace) {
    const dirs = [...new Set(list.map((d) => dirname(d.file)))].sort();
    if (dirs.length < 2) continue;
    const named = dirs.filter((dir) => basename(dir) === namespace);
    const owner = named.length === 1 ? named[0] : undefined;
    const owned = (file: string) =>
      owner !== undefined && (dirname(file) === owner || dirname(file).startsWith(`${owner}/`));
    const files = [...list].sort((a, b) => (a.file < b.file ? -1 : 1));
    if (owner !== undefined && files.every((d) => owned(d.file))) continue;
    for (const declaration of files) {
      if (owned(declaration.file)) continue;
      const others = files.filter((d) => d !== declaration && dirname(d.file) !== dirname(declaration.file));
      const message =
        owner !== undefined
          ? `namespace "${namespace}" belongs to ${owner}/ (${files.find((d) => owned(d.file))!.file}); a schema ` +
            `elsewhere cannot declare it and take its tool names: give this schema a namespace of its own`
          : `namespace "${namespace}" is also declared in another directory (${others.map((d) => d.file).join(', ')})` +
            `; a namespace belongs to one provider directory, named after it: rename one of them`;
      clashes.set(declaration.file, {
        rule: 'VAL123',
        severity: 'error',
        message,
        file: declaration.file,
        ...located(declaration),
      });
    }
  }
  return clashes;
}
