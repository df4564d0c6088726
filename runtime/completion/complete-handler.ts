/**
 * Declares `completions` and answers `completion/complete` on a server from its completion sources
 * (and, for the `skill://{+path}` template, the skills' file paths). Failures are the protocol's:
 * an unknown prompt or template is -32602.
 */
import { ProtocolError, ProtocolErrorCode, type Server } from '@modelcontextprotocol/server';
import { PromptNotFoundError, ResourceNotFoundError } from '../served-primitives.ts';
import type { SkillsRoute } from '../skills/skills-host.ts';
import type { ServedCompletions } from './served-completions.ts';

/** Sets the handler on `server` (before it is connected); `skillPaths` are the skill files' paths after `skill://`. */
export function registerCompletions(
  server: Server,
  completions: ServedCompletions,
  skills?: { readonly route: SkillsRoute; paths(): Promise<readonly string[]> },
): void {
  server.registerCapabilities({ completions: {} });
  const skillTemplate = (uri: string): boolean => skills !== undefined && uri === skills.route.template.uriTemplate;
  server.setRequestHandler('completion/complete', async (request) => {
    const { ref, argument } = request.params;
    try {
      // The skills' paths are asked for (and the skills loaded) only for the skill template's `path`.
      const paths =
        ref.type === 'ref/resource' && skillTemplate(ref.uri) && argument.name === 'path' ? await skills!.paths() : [];
      const more = (uri: string, name: string): readonly string[] | undefined =>
        skillTemplate(uri) ? (name === 'path' ? paths : []) : undefined;
      return { completion: { ...(await completions.complete(ref, argument, more)) } };
    } catch (error) {
      if (error instanceof PromptNotFoundError)
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message, { name: error.prompt });
      if (error instanceof ResourceNotFoundError)
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `No resource template or resource matches ${error.uri}`,
          { uri: error.uri },
        );
      if (error instanceof ProtocolError) throw error;
      throw new ProtocolError(ProtocolErrorCode.InternalError, error instanceof Error ? error.message : String(error));
    }
  });
}
