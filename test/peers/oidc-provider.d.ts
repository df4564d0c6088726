/**
 * The slice of `oidc-provider` (which ships no types) that the loopback authorization-server
 * peer uses: construct a provider for an issuer and mount its Node request handler.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export default class Provider {
    constructor(issuer: string, configuration?: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;
  }
}
