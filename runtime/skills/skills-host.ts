/**
 * Attaches the SDK's skills extension (`SkillsExtension.attach`, written for the high-level
 * `McpServer`) to the low-level `Server` this runtime serves with. `attach` asks three things of its
 * host: whether it is connected, the `Server` (where it sets the `skills/list`, `skills/get` and
 * `resources/directory/read` handlers and declares the capability itself), and `registerResource`
 * for the `skill://{+path}` template. This host takes the template and its read and list callbacks
 * and hands them to the server's own `resources/*` handlers, which serve them beside the schemas'
 * resources. Everything about skills (entries, digests, directory reads, the re-check of every
 * file read against its published digest) stays the SDK's. `captureSkills` attaches the same way to a
 * server already serving (`deferred-skills.ts`), keeping the handlers the extension sets instead.
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

/** The template of every skill file, as the extension registers it (a test holds it to the SDK's). */
export const SKILL_TEMPLATE: ResourceTemplateEntry = {
  uriTemplate: 'skill://{+path}',
  name: 'io.modelcontextprotocol/skills',
  description: TEMPLATE_DESCRIPTION,
};

/** Attaches `extension` to `server` (before it is connected) and returns what its resource handlers serve. */
export function attachSkills(extension: SkillsExtension, server: Server): SkillsRoute {
  return routeOf(register(extension, server, () => server.transport !== undefined));
}

/** A handler the extension set, with the parameter schema it validates with. */
interface CapturedHandler {
  readonly params: { readonly '~standard': { validate(value: unknown): unknown } };
  handle(params: unknown, ctx: unknown): unknown;
}

/** The extension as attached to a serving server: its handlers by method, and the route of its files. */
export interface CapturedSkills {
  readonly handlers: Readonly<Record<string, CapturedHandler>>;
  readonly route: SkillsRoute;
}

/**
 * Attaches `extension` to `server`, which may be serving already and has declared the capability:
 * the handlers the extension sets are kept and returned rather than set (the server's own handlers
 * for those methods call them); the rest of the server it sees is `server` itself.
 */
export function captureSkills(extension: SkillsExtension, server: Server): CapturedSkills {
  const handlers: Record<string, CapturedHandler> = {};
  let attaching = true;
  const seen = new Proxy(server, {
    get(target, key) {
      if (key === 'setRequestHandler')
        return (method: string, schemas: { params: CapturedHandler['params'] }, handle: CapturedHandler['handle']) => {
          handlers[method] = { params: schemas.params, handle };
        };
      // The server declared the capability when it was made; its own handlers answer the methods.
      if (key === 'registerCapabilities' || key === 'assertCanSetRequestHandler') return () => undefined;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const route = routeOf(register(extension, seen, () => !attaching && server.transport !== undefined));
  attaching = false;
  return { handlers, route };
}

/** Attaches `extension` through a host whose server is `seen`; returns the file template it registered. */
function register(extension: SkillsExtension, seen: Server, isConnected: () => boolean): Registration {
  let registration: Registration | undefined;
  const host: SkillsHost = {
    server: seen,
    isConnected,
    registerResource(name, template, _config, read) {
      if (registration) throw new Error('the skills extension registered a second resource template');
      registration = { name, template, read };
      return undefined;
    },
  };
  extension.attach(host as never);
  if (!registration) throw new Error('the skills extension registered no resource template');
  return registration;
}

/** What the server's resource handlers serve of the registered file template. */
function routeOf({ name, template, read }: Registration): SkillsRoute {
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
