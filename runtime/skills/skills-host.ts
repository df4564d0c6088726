/**
 * Attaches the SDK's skills extension (`SkillsExtension.attach`, written for the high-level
 * `McpServer`) to the low-level `Server` this runtime serves with. `attach` asks three things of its
 * host: whether it is connected, the `Server` (where it sets the `skills/list`, `skills/get` and
 * `resources/directory/read` handlers and declares the capability itself), and `registerResource`
 * for the `skill://{+path}` template. This host takes the template and its read and list callbacks
 * and hands them to the server's own `resources/*` handlers, which serve them beside the schemas'
 * resources. Everything about skills (entries, digests, directory reads, the re-check of every
 * file read against its published digest) stays the SDK's.
 */
import type { ResourceTemplate, Server, ServerContext } from '@modelcontextprotocol/server';
import type { SkillsExtension } from '@modelcontextprotocol/server/ext/skills';
import type { ResourceContents, ResourceEntry, ResourceTemplateEntry } from '../served-primitives.ts';

/** The skills of one server as its resource handlers see them. */
export interface SkillsRoute {
  /** `skill://{+path}`: the template of every skill file. */
  readonly template: ResourceTemplateEntry;
  /** True for a URI the skills extension answers (`skill://…`). */
  owns(uri: string): boolean;
  /** Each skill's `SKILL.md` as `resources/list` shows it (name, description, size). */
  list(ctx: ServerContext): Promise<ResourceEntry[]>;
  /** A skill file, checked by the SDK against its published size and digest. */
  read(uri: string, ctx: ServerContext): Promise<{ contents: ResourceContents[] }>;
}

type ReadCallback = (
  uri: URL,
  variables: Record<string, string | string[]>,
  ctx: ServerContext,
) => Promise<{ contents: ResourceContents[] }>;

interface Registration {
  readonly name: string;
  readonly template: ResourceTemplate;
  readonly read: ReadCallback;
}

/** The part of `McpServer` that `SkillsExtension.attach` uses. */
interface SkillsHost {
  readonly server: Server;
  isConnected(): boolean;
  registerResource(
    name: string,
    template: ResourceTemplate,
    config: Record<string, unknown>,
    read: ReadCallback,
  ): unknown;
}

const TEMPLATE_DESCRIPTION =
  'Files of the skills this server serves (skills/list, skills/get); each skill is a folder with a SKILL.md.';

/** Attaches `extension` to `server` (before it is connected) and returns what its resource handlers serve. */
export function attachSkills(extension: SkillsExtension, server: Server): SkillsRoute {
  let registration: Registration | undefined;
  const host: SkillsHost = {
    server,
    isConnected: () => server.transport !== undefined,
    registerResource(name, template, _config, read) {
      if (registration) throw new Error('the skills extension registered a second resource template');
      registration = { name, template, read };
      return undefined;
    },
  };
  extension.attach(host as never);
  if (!registration) throw new Error('the skills extension registered no resource template');
  const { name, template, read } = registration;
  const uriTemplate = template.uriTemplate.toString();
  const root = uriTemplate.slice(0, uriTemplate.indexOf('{'));
  return {
    template: { uriTemplate, name, description: TEMPLATE_DESCRIPTION },
    owns: (uri) => uri.startsWith(root),
    async list(ctx) {
      const listed = await template.listCallback?.(ctx);
      return (listed?.resources ?? []) as ResourceEntry[];
    },
    async read(uri, ctx) {
      const variables = template.uriTemplate.match(uri) ?? {};
      return read(new URL(uri), variables, ctx);
    },
  };
}
