/**
 * What the layers of one assessment share, passed to each in its context (`ctx.assessment`) and
 * opened and closed by the pipeline (`pipeline/run-assessment.ts`): the browser-style GET of each URL
 * (`browser-get.ts`), the one 2025-era MCP conversation per endpoint (`mcp-session.ts`), the TLS
 * facts per origin and the DNS answer of each host name, which the assessment's network
 * (`net/assessment-network.ts`) asks once and then gives its guarded fetch and TLS probe. Nothing here
 * outlives the assessment.
 */
import type { DnsAnswers } from '../../net/assessment-network.ts';
import type { TlsInfo } from '../layer.ts';
import type { BrowserGetOutcome } from './browser-get.ts';
import type { McpSessionEntry } from './mcp-session.ts';

export interface AssessmentState {
  /** The browser-style GET of each URL, by href. */
  readonly pages: Map<string, Promise<BrowserGetOutcome>>;
  /** The MCP conversation open with each endpoint, by href, while a layer uses it. */
  readonly mcpSessions: Map<string, McpSessionEntry>;
  /** The TLS facts of each origin: one handshake per origin, however many layers ask. */
  readonly tls: Map<string, Promise<TlsInfo | null>>;
  /**
   * The DNS answer of each host name, by name: asked once, then every request of the assessment checks
   * and connects to that same answer (a host cannot change its addresses half-way through).
   */
  readonly dns: DnsAnswers;
}

export interface OpenAssessmentState extends AssessmentState {
  /** Closes every MCP conversation still open (a layer cut off at the deadline may hold one); never waits for it. */
  close(): void;
}

/** The empty state of a new assessment. */
export function openAssessmentState(): OpenAssessmentState {
  const pages = new Map<string, Promise<BrowserGetOutcome>>();
  const mcpSessions = new Map<string, McpSessionEntry>();
  const tls = new Map<string, Promise<TlsInfo | null>>();
  const dns: DnsAnswers = new Map();
  return {
    pages,
    mcpSessions,
    tls,
    dns,
    close() {
      for (const entry of mcpSessions.values()) void entry.close().catch(() => undefined);
      mcpSessions.clear();
    },
  };
}
