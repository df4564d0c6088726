/**
 * The corpus whose findings are pinned in `test/compiler/golden/validation.golden.txt`: every schema
 * file under test/fixtures (the rule, scan and red-team fixtures), the shipped catalog and a generated
 * 500-file wild-shaped corpus, each loaded alone on this thread with no cache (`loadSchemaFile`).
 * Per file: its path from its tree's root, its diagnostics as `toolkit validate --json` prints them
 * (paths made relative) and a digest of its model (what the build emits from), the same wherever the repository is.
 */
import { createHash } from 'node:crypto';
import { join, relative, resolve } from 'node:path';
import { writeWildDefects } from '../../../bench/corpus/wild-defects.ts';
import { formatJson } from '../../../compiler/diagnostics/format.ts';
import { findSchemaFiles } from '../../../compiler/load/find-schema-files.ts';
import { loadSchemaFile } from '../../../compiler/load/load-schema.ts';

const repository = resolve(import.meta.dirname, '..', '..', '..');
export const goldenFile = join(repository, 'test', 'compiler', 'golden', 'validation.golden.txt');

/** The pinned text for the corpus, the wild part written under `work`. */
export function renderGolden(work: string): string {
  const wild = join(work, 'wild');
  writeWildDefects(wild, 500);
  const trees: [string, string][] = [
    ['fixtures', join(repository, 'test', 'fixtures')],
    ['schemas', join(repository, 'schemas')],
    ['wild', wild],
  ];
  const options = { cwd: work, home: work };
  const out: string[] = [];
  for (const [name, root] of trees) {
    for (const file of findSchemaFiles(root)) {
      const result = loadSchemaFile(file, { ...options, treeRoot: root });
      const shown = `${name}/${relative(root, file)}`;
      const diagnostics = result.diagnostics.map((d) => ({
        ...d,
        file: d.file.startsWith(root) ? `${name}/${relative(root, d.file)}` : d.file,
      }));
      // Where the repository and the temporary directory are is no part of a finding or a model.
      const placed = (text: string): string =>
        text.split(root).join(`<${name}>`).split(repository).join('<repository>').split(work).join('<work>');
      const json = placed(formatJson({ schemas: 1, diagnostics }));
      const model = result.model === undefined ? 'none' : digest(placed(JSON.stringify(result.model)));
      out.push(`== ${shown} model ${model}\n${json}`);
    }
  }
  return out.join('');
}

const digest = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);
