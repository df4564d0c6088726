/** Reports the server card (or its absence) in the MCP layer's messages. */
import type { Findings } from '../shared/findings.ts';
import type { McpCode } from './codes.ts';
import type { ServerCard } from './server-card.ts';

/** Adds MCP-022/023/024/027 for `card`. */
export function addCardFindings(findings: Findings<McpCode>, card: ServerCard | null): void {
  if (card === null) {
    findings.add(
      'MCP-024',
      'No server card at <endpoint>/server-card, /.well-known/mcp/server-card.json, /.well-known/mcp.json, ' +
        '/.well-known/mcp or /.well-known/ai-catalog.json.',
      null,
    );
    return;
  }
  findings.add('MCP-022', `Server card found at ${card.url} (${card.convention}).`, card.url);
  if (card.missing.length > 0) findings.add('MCP-023', `The server card lacks ${card.missing.join(', ')}.`, card.url);
  if (!card.listsEndpoint)
    findings.add('MCP-027', 'The server card does not list this endpoint in "remotes".', `${card.url}#remotes`);
}
