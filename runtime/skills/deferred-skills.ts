/**
 * Skills served without loading them at start: a server declares the skills extension and answers
 * its methods (`skills/list`, `skills/get`, `resources/directory/read`) and the `skill://` files, and
 * only the first such request loads the skills (`served-skills.ts`: the SDK's extension and catalog)
 * and attaches them to that server. A start-up that lists tools, prompts or resources loads none.
 *
 * The extension is attached through a host that keeps the handlers it sets (`skills-host.ts`); the
 * handlers this module set at start validate with the extension's own parameter schemas, then call
 * them, so every answer and every refusal is the SDK's.
 */
import type { Server } from '@modelcontextprotocol/server';
import type { ServedSkills } from './served-skills.ts';
import { captureSkills, SKILL_TEMPLATE, type CapturedSkills, type SkillsRoute } from './skills-host.ts';

/** The SDK's `SKILLS_EXTENSION_ID`, written here so that declaring it loads nothing. */
export const SKILLS_EXTENSION_ID = 'io.modelcontextprotocol/skills';

/** The methods the extension serves (a catalog loaded from files reads directories too). */
const METHODS = ['skills/list', 'skills/get', 'resources/directory/read'] as const;

/** Skills a server serves: attached to each server before it is connected. */
export interface AttachableSkills {
  attach(server: Server): SkillsRoute;
  /** Every skill file's path after `skill://` (for `completion/complete`). */
  filePaths(): Promise<readonly string[]>;
}

/** A standard schema whose check is `check`'s, found when first used. */
const checkedLater = (check: () => Promise<CapturedSkills['handlers'][string]['params']>) => ({
  '~standard': {
    version: 1 as const,
    vendor: 'toolkit',
    validate: async (value: unknown) => (await check())['~standard'].validate(value),
  },
});

/** Skills loaded by `load` on the first request about them (`load` is called once per process by its owner). */
export function deferredSkills(load: () => Promise<ServedSkills | undefined>): AttachableSkills {
  return {
    filePaths: async () => (await load())?.paths ?? [],
    attach(server) {
      server.registerCapabilities({ extensions: { [SKILLS_EXTENSION_ID]: { directoryRead: true } } });
      let captured: Promise<CapturedSkills | undefined> | undefined;
      const attached = () =>
        (captured ??= load().then((skills) => (skills ? captureSkills(skills.extension, server) : undefined)));
      const handlerOf = async (method: string) => {
        const handler = (await attached())?.handlers[method];
        if (!handler) throw new Error(`${method} is not served: the skills extension has no skill to serve here`);
        return handler;
      };
      for (const method of METHODS)
        server.setRequestHandler(
          method as never,
          { params: checkedLater(async () => (await handlerOf(method)).params) } as never,
          (async (params: unknown, ctx: unknown) => (await handlerOf(method)).handle(params, ctx)) as never,
        );
      const routeNow = async (): Promise<SkillsRoute> => {
        const route = (await attached())?.route;
        if (!route) throw new Error('the skills extension has no skill to serve here');
        return route;
      };
      return {
        template: SKILL_TEMPLATE,
        owns: (uri) => uri.startsWith('skill://'),
        list: async (ctx) => (await attached())?.route.list(ctx) ?? [],
        read: async (uri, ctx) => (await routeNow()).read(uri, ctx),
      };
    },
  };
}
