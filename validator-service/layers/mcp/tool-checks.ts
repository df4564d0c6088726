/**
 * Checks a tool list the way clients will use it: unique names (clients key tools by name), names
 * within the spec's naming guidance (SEP-986), and a description the model can read.
 */
import type { Tool } from '@modelcontextprotocol/client';
import type { Findings } from '../shared/findings.ts';
import type { McpCode } from './codes.ts';

/** SEP-986: 1–128 characters of ASCII letters, digits, underscore, hyphen and dot. */
export const toolNamePattern = /^[A-Za-z0-9_.-]{1,128}$/;

/** Adds findings for the listed tools. */
export function checkTools(findings: Findings<McpCode>, tools: readonly Tool[]): void {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  tools.forEach((tool, index) => {
    const location = `tools[${index}]`;
    if (seen.has(tool.name)) duplicates.add(tool.name);
    seen.add(tool.name);
    if (!toolNamePattern.test(tool.name))
      findings.add(
        'MCP-013',
        `Tool name ${JSON.stringify(tool.name)} uses characters or a length outside the naming guidance.`,
        `${location}.name`,
      );
    if (!tool.description || tool.description.trim() === '')
      findings.add('MCP-015', `Tool ${JSON.stringify(tool.name)} has no description.`, `${location}.description`);
  });
  for (const name of duplicates)
    findings.add('MCP-014', `Tool name ${JSON.stringify(name)} is listed more than once.`, 'tools');
}
