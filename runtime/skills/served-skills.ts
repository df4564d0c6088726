/**
 * The skills of a runtime through the MCP skills extension (SEP-2640, `io.modelcontextprotocol/
 * skills`), on the SDK's own catalog: the skill folders (`skill-documents.ts`) go in as an
 * in-memory store, and `SkillsExtension.load` computes every entry (frontmatter, `sha256:` digest
 * and size of each file), validates it and serves `skills/list`, `skills/get`, `resources/
 * directory/read` and the files. Loaded once per process, before serving; attached to each server
 * (one per HTTP request, one per stdio connection). A catalog without skills never loads this module
 * (`resources/primitives.ts` imports it when the first skill is to be served).
 */
import type { Server } from '@modelcontextprotocol/server';
import {
  memorySkillFiles,
  SkillsExtension,
  type Skill,
  type SkillCatalog,
} from '@modelcontextprotocol/server/ext/skills';
import { SKILLS_CACHE_HINT } from './cache-hint.ts';
import { attachSkills, type SkillsRoute } from './skills-host.ts';

export interface ServedSkills {
  /** The entries `skills/list` serves, sorted by URI. */
  readonly entries: readonly Skill[];
  /** Every skill file's path after `skill://` (what `completion/complete` offers for the template's `path`). */
  readonly paths: readonly string[];
  /** Serves the skills on `server` (not yet connected): its resource handlers take the returned route. */
  attach(server: Server): SkillsRoute;
  /** `paths`, as a server asks for them (`AttachableSkills`). */
  filePaths(): Promise<readonly string[]>;
  /** The SDK's catalog itself (what a server that attaches on first need attaches then). */
  readonly extension: SkillCatalog;
}

export interface SkillsOptions {
  /** Where the SDK's warnings about a skill go (a skill it had to leave out); default stderr. */
  readonly log?: (line: string) => void;
}

/**
 * The skill folders in `files` (path → contents, `skillFileRecord`'s form), loaded into the SDK's
 * catalog; undefined when there is none.
 */
export async function loadServedSkills(
  files: Readonly<Record<string, string | Uint8Array>>,
  options: SkillsOptions = {},
): Promise<ServedSkills | undefined> {
  if (Object.keys(files).length === 0) return undefined;
  const catalog: SkillCatalog = await SkillsExtension.load(memorySkillFiles({ ...files }), {
    cacheHint: { ...SKILLS_CACHE_HINT },
    onWarning: (warning) =>
      (options.log ?? ((line) => void process.stderr.write(`${line}\n`)))(
        `toolkit server: skill ${warning.path}: ${warning.message}`,
      ),
  });
  const paths = catalog.entries.flatMap((entry) =>
    Array.isArray(entry.resources) ? entry.resources.map((file) => file.uri.slice('skill://'.length)) : [],
  );
  return {
    entries: catalog.entries,
    paths,
    attach: (server) => attachSkills(catalog, server),
    filePaths: async () => paths,
    extension: catalog,
  };
}
