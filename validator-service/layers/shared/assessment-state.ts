/**
 * What the layers of one assessment share, passed to each in its context (`ctx.assessment`) and
 * opened and closed by the pipeline (`pipeline/run-assessment.ts`): the browser-style GET of each URL
 * (`browser-get.ts`), the one 2025-era MCP conversation per endpoint (`mcp-session.ts`) and the TLS
 * facts per origin. The assessment's DNS answers live in its network (`net/assessment-network.ts`),
 * which the guarded fetch and the TLS probe both read. Nothing here outlives the assessment.
 */
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
  return {
    pages,
    mcpSessions,
    tls,
    close() {
      for (const entry of mcpSessions.values()) void entry.close().catch(() => undefined);
      mcpSessions.clear();
    },
  };
}
