/**
 * How the loopback MCP peers treat `Origin`, as the MCP transport requires (validate it, answer an
 * invalid one with 403): they allow one browser client on another site (the origin the validator's
 * CORS probe plays) and refuse every other, so the validator's foreign-Origin probe gets 403. A peer
 * started with `acceptAnyOrigin` is the server that forgot the check.
 */
import { probeOrigin } from '../../validator-service/layers/http/cors-probe.ts';

/** The one cross-site browser client the peers allow. */
export const BROWSER_CLIENT_ORIGIN = probeOrigin;

/** Options for the SDK's server transports (Streamable HTTP and SSE). */
export function originProtection(acceptAnyOrigin = false): {
  enableDnsRebindingProtection?: boolean;
  allowedOrigins?: string[];
} {
  return acceptAnyOrigin ? {} : { enableDnsRebindingProtection: true, allowedOrigins: [BROWSER_CLIENT_ORIGIN] };
}

/** For hand-written peers: true when a request with this `Origin` header must be refused with 403. */
export function refusesOrigin(origin: string | string[] | undefined, acceptAnyOrigin = false): boolean {
  return !acceptAnyOrigin && typeof origin === 'string' && origin !== BROWSER_CLIENT_ORIGIN;
}
