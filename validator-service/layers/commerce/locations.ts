/**
 * Where commerce discovery documents are published, and which convention each path is. Only
 * `/.well-known/ucp` (UCP) and `/.well-known/acp.json` (ACP, `rfcs/rfc.discovery.md` and the
 * 2026-04-17 schema) are in the protocols' own repositories; the other ACP paths are conventions
 * of tools that read them (a compatibility suite, a scanner, a vendor).
 */

export type CommerceConvention = 'ucp' | 'acp' | 'acp-bare' | 'agentic-commerce' | 'acp-manifest';

export interface CommerceLocation {
  readonly convention: CommerceConvention;
  readonly path: string;
  /** Who uses the path, for the finding. */
  readonly source: string;
  /** True for the path the protocol's own specification names. */
  readonly standard: boolean;
}

export const COMMERCE_LOCATIONS: readonly CommerceLocation[] = [
  { convention: 'ucp', path: '/.well-known/ucp', source: 'the UCP specification (business profile)', standard: true },
  {
    convention: 'acp',
    path: '/.well-known/acp.json',
    source: 'the ACP specification (rfc.discovery, 2026-04-17 schema)',
    standard: true,
  },
  {
    convention: 'acp-bare',
    path: '/.well-known/acp',
    source: 'a compatibility convention (canagentuse.com suite 2026.06.10), not the ACP specification',
    standard: false,
  },
  {
    convention: 'agentic-commerce',
    path: '/.well-known/agentic-commerce.json',
    source: 'a scanner convention (aide.tr), not the ACP specification',
    standard: false,
  },
  {
    convention: 'acp-manifest',
    path: '/.well-known/acp/manifest.json',
    source: 'a vendor convention (hyperfold.dev), not the ACP specification',
    standard: false,
  },
];
