/** Turns list outcomes into MCP-layer findings, shared by the classic and the stateless paths. */
import type { Findings } from '../shared/findings.ts';
import type { McpCode } from './codes.ts';
import type { ListOutcome } from './list-all.ts';

function isValidationError(error: string): boolean {
  return /invalid_type|invalid_union|invalid_value|invalid tools\/list|Expected|Required|ZodError/i.test(error);
}

/** Reports one list: skipped (not declared), failed, invalid, or stopped paginating. */
export function reportList(
  findings: Findings<McpCode>,
  name: string,
  list: ListOutcome<unknown> | null,
  failCode: McpCode,
): void {
  if (list === null) {
    findings.add('MCP-020', `${name} not listed: the capability is not declared.`, 'capabilities');
    return;
  }
  if (list.error !== null) {
    const code = name === 'tools/list' && isValidationError(list.error) ? 'MCP-009' : failCode;
    findings.add(code, `${name} failed on page ${list.pages + 1}: ${list.error}`, name);
  }
  if (list.repeatedCursor)
    findings.add(
      'MCP-012',
      `${name} returned a cursor it had already returned; stopped after ${list.pages} page(s).`,
      `${name}.nextCursor`,
    );
  if (list.truncated)
    findings.add(
      'MCP-012',
      `${name} still had more after ${list.pages} page(s) and ${list.items.length} item(s); stopped.`,
      `${name}.nextCursor`,
    );
}

/** Number of items listed, 0 when not listed. */
export const countOf = (list: ListOutcome<unknown> | null): number => list?.items.length ?? 0;
