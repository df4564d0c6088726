/**
 * Every skill of a set of schemas as the folder the MCP skills extension serves: `SKILL.md` (YAML
 * frontmatter with `name` and `description`, then the skill's content rendered as its prompt form
 * renders it: tools by wire name, resources by URI, inlined skills, `{{input:x}}` as `<x>` with the
 * inputs listed below) and the skill's own files. Paths are `<namespace>/<skill>/…`; two schema
 * files of one namespace with a skill of the same name get a segment from the file between them,
 * so the last segment stays the skill's name. Computed from the models alone; the same bytes for
 * the same schemas, so a digest changes exactly when a skill's text or files do.
 */
import { lazyBuiltin } from '../lazy-builtin.ts';
import type { SchemaModel, SkillModel } from '../model.ts';
import { renderContent, RenderTooLarge, type RenderContext } from '../prompts/render-content.ts';

/** Loaded on first use: a start that needs it for nothing does not load node:crypto. */
const crypto = lazyBuiltin<typeof import('node:crypto')>('node:crypto');

/** One skill's folder: where it is served, and its files by path inside it. */
export interface SkillDocument {
  readonly schema: SchemaModel;
  readonly skill: SkillModel;
  /** `<namespace>/<skill>` (or `<namespace>/<file hash>/<skill>`), without slashes at either end. */
  readonly path: string;
  /** `SKILL.md` first, then the skill's files in path order; text or bytes. */
  readonly files: ReadonlyMap<string, string | Uint8Array>;
}

export interface SkillDocumentContext extends RenderContext {
  /** The skill's name among the prompts (its form for clients without the skills extension). */
  promptName(schema: SchemaModel, skill: SkillModel): string | undefined;
}

const shortHash = (text: string): string => crypto().createHash('sha256').update(text).digest('hex').slice(0, 8);

/** A YAML scalar the SDK's frontmatter reader takes: JSON's double-quoted form is YAML's too. */
const yamlString = (text: string): string => JSON.stringify(text);

function inputLine(input: SkillModel['input'][number]): string {
  const kind = input.type === 'enum' ? `one of ${(input.values ?? []).map((v) => `\`${v}\``).join(', ')}` : input.type;
  return `- \`${input.key}\` (${kind}${input.required ? ', required' : ''}): ${input.description}`;
}

/**
 * The skill's content as its prompt renders it; past the render bounds (inlined skills that multiply)
 * the document says so in one line instead, and the server goes on serving everything else.
 */
function renderedBody(schema: SchemaModel, skill: SkillModel, context: SkillDocumentContext): string {
  try {
    return renderContent(skill.content, schema, {}, context, [skill.name]).trim();
  } catch (error) {
    if (error instanceof RenderTooLarge) return `This skill could not be rendered: ${error.message}.`;
    throw error;
  }
}

/** The `SKILL.md` of a skill: frontmatter, rendered content, then its inputs and result. */
export function skillMarkdown(schema: SchemaModel, skill: SkillModel, context: SkillDocumentContext): string {
  const metadata: [string, string][] = [['namespace', schema.namespace]];
  const prompt = context.promptName(schema, skill);
  if (prompt) metadata.push(['prompt', prompt]);
  const frontmatter = [
    `name: ${skill.name}`,
    `description: ${yamlString(skill.description)}`,
    'metadata:',
    ...metadata.map(([key, value]) => `  ${key}: ${yamlString(value)}`),
  ];
  const body = renderedBody(schema, skill, context);
  const sections = [body];
  if (skill.input.length > 0)
    sections.push(
      `## Inputs\n\nWhere the text says \`<name>\`, use the value of that input:` +
        `\n\n${skill.input.map(inputLine).join('\n')}`,
    );
  if (skill.output) sections.push(`## Result\n\n${skill.output}`);
  return `---\n${frontmatter.join('\n')}\n---\n\n${sections.join('\n\n')}\n`;
}

/**
 * Where each skill of `schemas` is served (`<namespace>/<skill>`, or with its file's hash between when two files of a
 * namespace share the name).
 */
export function skillPaths(schemas: readonly SchemaModel[]): Map<SkillModel, string> {
  const counts = new Map<string, number>();
  for (const schema of schemas)
    for (const skill of schema.skills)
      counts.set(`${schema.namespace}/${skill.name}`, (counts.get(`${schema.namespace}/${skill.name}`) ?? 0) + 1);
  const paths = new Map<SkillModel, string>();
  for (const schema of schemas) {
    for (const skill of schema.skills) {
      const key = `${schema.namespace}/${skill.name}`;
      paths.set(skill, counts.get(key) === 1 ? key : `${schema.namespace}/${shortHash(schema.file)}/${skill.name}`);
    }
  }
  return paths;
}

/**
 * The skill folders of `schemas`, in schema then skill order; `include` leaves out skills the extension cannot serve.
 */
export function skillDocuments(
  schemas: readonly SchemaModel[],
  context: SkillDocumentContext,
  include: (skill: SkillModel) => boolean,
): SkillDocument[] {
  const paths = skillPaths(schemas);
  const documents: SkillDocument[] = [];
  for (const schema of schemas) {
    for (const skill of schema.skills) {
      if (!include(skill)) continue;
      const path = paths.get(skill)!;
      const files = new Map<string, string | Uint8Array>([['SKILL.md', skillMarkdown(schema, skill, context)]]);
      for (const file of skill.files ?? [])
        files.set(file.path, file.text ?? new Uint8Array(Buffer.from(file.base64 ?? '', 'base64')));
      documents.push({ schema, skill, path, files });
    }
  }
  return documents;
}

/** The documents as one record of path → contents, the storage the SDK's catalog reads. */
export function skillFileRecord(documents: readonly SkillDocument[]): Record<string, string | Uint8Array> {
  const record: Record<string, string | Uint8Array> = {};
  for (const document of documents)
    for (const [path, contents] of document.files) record[`${document.path}/${path}`] = contents;
  return record;
}
