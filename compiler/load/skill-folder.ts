/**
 * A skill's other files: the folder named like its file, beside it (`skills/lookup.mjs` →
 * `skills/lookup/`), read whole into the model so a build carries them and the skills extension
 * serves them with their digests. Dot-entries are skipped; a link out of the schema's directory is
 * not followed (PAR007); names must be portable (SKL033), `SKILL.md` at the top is the one file
 * generated from the skill (SKL031), and the whole skill stays within the extension's limits
 * (SKL032: 512 files, 16 MiB, `SKILL.md` counted).
 */
import { join } from 'node:path';
import type { SkillFileModel } from '../../runtime/model.ts';
import { linkOutside } from './content-files.ts';
import type { LoadContext } from './load-context.ts';

/** The skills extension's publication limits per skill (files and bytes, `SKILL.md` included). */
export const SKILL_FILE_LIMITS = { files: 512, bytes: 16 * 1024 * 1024 } as const;

/** A segment of a skill file's path: what every URI, file system and archive keeps as it is. */
const PORTABLE = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The folder of a skill file: its path without `.mjs`. */
export const skillFolderOf = (skillFile: string): string => skillFile.replace(/\.mjs$/, '');

/** The text of bytes that are UTF-8, else undefined (then they travel as base64). */
function textOf(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The files of the skill whose file is `skillFile`, in path order, or undefined when it has no
 * folder. Each finding names the file it is about.
 */
export function readSkillFolder(
  { schemaFile, fs, report }: LoadContext,
  skill: string,
  skillFile: string,
): SkillFileModel[] | undefined {
  const atFile = (rule: 'PAR007' | 'SKL031' | 'SKL032' | 'SKL033', file: string, message: string): void =>
    report.reportAt(rule, file, 0, 0, message);
  const folder = skillFolderOf(skillFile);
  if (!fs.isDirectory(folder)) return undefined;
  const files: SkillFileModel[] = [];
  let bytes = 0;
  const walk = (dir: string, prefix: string): void => {
    for (const name of (fs.listDir?.(dir) ?? []).slice().sort()) {
      if (name.startsWith('.')) continue;
      const path = join(dir, name);
      const relative = `${prefix}${name}`;
      const escapes = linkOutside(path, schemaFile, fs);
      if (escapes !== undefined) {
        atFile(
          'PAR007',
          path,
          `skill ${skill}: ${relative} is a link to ${escapes}, outside the schema's directory: not served (only ` +
            `links that stay inside it are followed)`,
        );
        continue;
      }
      if (!PORTABLE.test(name)) {
        atFile(
          'SKL033',
          path,
          `skill ${skill}: the file name ${JSON.stringify(name)} is not portable: use letters, digits, '.', '_' and ` +
            `'-' (it becomes part of a skill:// URI)`,
        );
        continue;
      }
      if (fs.isDirectory(path)) {
        walk(path, `${relative}/`);
        continue;
      }
      if (name === 'SKILL.md') {
        atFile(
          'SKL031',
          path,
          `skill ${skill}: SKILL.md is generated from the skill's file (its frontmatter and content), and one in a ` +
            `subfolder would make it a skill of its own: rename or remove ${relative}`,
        );
        continue;
      }
      const data =
        fs.readBytes?.(path) ??
        (() => {
          const text = fs.readText(path);
          return text === undefined ? undefined : new TextEncoder().encode(text);
        })();
      if (data === undefined) continue;
      bytes += data.byteLength;
      const text = textOf(data);
      files.push(
        text === undefined
          ? { path: relative, base64: Buffer.from(data).toString('base64') }
          : { path: relative, text },
      );
    }
  };
  walk(folder, '');
  // SKILL.md is one more file; its size is known only once rendered, so the bytes leave it a margin.
  if (files.length + 1 > SKILL_FILE_LIMITS.files) {
    atFile(
      'SKL032',
      folder,
      `skill ${skill}: ${files.length} files besides SKILL.md, more than the ${SKILL_FILE_LIMITS.files - 1} a skill ` +
        `may have (the skills extension's limit is ${SKILL_FILE_LIMITS.files}, SKILL.md included)`,
    );
  }
  if (bytes > SKILL_FILE_LIMITS.bytes - 64 * 1024) {
    atFile(
      'SKL032',
      folder,
      `skill ${skill}: its files hold ${bytes} bytes; a skill may hold at most ${SKILL_FILE_LIMITS.bytes} (16 MiB) ` +
        `with its SKILL.md`,
    );
  }
  return files;
}
