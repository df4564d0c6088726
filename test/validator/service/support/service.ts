/** Builds the validator in-process (h3 `app.fetch`) with test configuration and fake layers. */
import { createValidatorApp } from '../../../../validator-service/app.ts';
import { readConfig } from '../../../../validator-service/config.ts';
import type { Layer } from '../../../../validator-service/layers/layer.ts';
import type { Resolver } from '../../../../validator-service/net/resolve-target.ts';
import { createValidatorCore } from '../../../../validator-service/validator-core.ts';

export interface InProcessOptions {
  readonly env?: Record<string, string>;
  readonly layers?: readonly Layer[];
  readonly resolve?: Resolver;
  readonly now?: () => number;
  readonly mcpHandler?: (request: Request) => Promise<Response>;
}

/** A `fetch`-like function answering from the app without a socket. */
export function inProcess(options: InProcessOptions = {}): (path: string, init?: RequestInit) => Promise<Response> {
  const config = readConfig(options.env ?? {});
  const core = createValidatorCore({
    config,
    layers: options.layers ?? [],
    ...(options.resolve ? { resolve: options.resolve } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const app = createValidatorApp({
    core,
    logError: () => undefined,
    ...(options.mcpHandler ? { mcpHandler: options.mcpHandler } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  return async (path, init) => app.fetch(new Request(`http://validator.test${path}`, init));
}

/** JSON POST init. */
export const postJson = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
