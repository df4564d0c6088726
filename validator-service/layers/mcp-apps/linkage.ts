/**
 * Reads how a tool points at its UI: the standard `_meta.ui.resourceUri`, the deprecated flat
 * `_meta["ui/resourceUri"]`, or the OpenAI vendor `_meta["openai/outputTemplate"]`, each labelled.
 */
import type { Tool } from '@modelcontextprotocol/client';
import type { Findings } from '../shared/findings.ts';
import type { UiCode } from './codes.ts';
import { deprecatedLinkKey, vendorLinkKey } from './constants.ts';

export type LinkForm = 'standard' | 'deprecated' | 'vendor-openai';

export interface ToolLink {
  readonly tool: string;
  readonly resourceUri: string;
  readonly form: LinkForm;
  readonly visibility: readonly string[];
}

const allowedVisibility = new Set(['model', 'app']);

/** The tool's UI link (standard wins over deprecated over vendor), with findings about its form. */
export function linkOf(tool: Tool, index: number, findings: Findings<UiCode>): ToolLink | null {
  const meta = (tool._meta ?? {}) as Record<string, unknown>;
  const ui = (typeof meta.ui === 'object' && meta.ui !== null ? meta.ui : {}) as Record<string, unknown>;
  const standard = typeof ui.resourceUri === 'string' ? ui.resourceUri : null;
  const deprecated = typeof meta[deprecatedLinkKey] === 'string' ? (meta[deprecatedLinkKey] as string) : null;
  const vendor = typeof meta[vendorLinkKey] === 'string' ? (meta[vendorLinkKey] as string) : null;
  const location = `tools[${index}]._meta`;
  if (standard && deprecated && standard !== deprecated)
    findings.add(
      'UI-008',
      `Tool ${tool.name}: _meta.ui.resourceUri is ${standard} but _meta["ui/resourceUri"] is ${deprecated}.`,
      location,
    );
  if (!standard && deprecated)
    findings.add(
      'UI-007',
      `Tool ${tool.name} links its UI only through the deprecated _meta["ui/resourceUri"].`,
      `${location}["ui/resourceUri"]`,
    );
  if (vendor)
    findings.add(
      'UI-006',
      `Tool ${tool.name} uses the OpenAI Apps SDK _meta["openai/outputTemplate"] (vendor-specific).`,
      `${location}["openai/outputTemplate"]`,
    );
  const visibility = Array.isArray(ui.visibility) ? ui.visibility.map(String) : ['model', 'app'];
  const invalid = visibility.filter((v) => !allowedVisibility.has(v));
  if (invalid.length > 0 || (ui.visibility !== undefined && !Array.isArray(ui.visibility))) {
    findings.add(
      'UI-019',
      `Tool ${tool.name}: visibility must be a list of "model" and "app", got ${JSON.stringify(ui.visibility)}.`,
      `${location}.ui.visibility`,
    );
  }
  const uri = standard ?? deprecated ?? vendor;
  if (uri === null) return null;
  const form: LinkForm = standard ? 'standard' : deprecated ? 'deprecated' : 'vendor-openai';
  if (!uri.startsWith('ui://'))
    findings.add('UI-009', `Tool ${tool.name} links ${uri}, which is not a ui:// URI.`, location);
  return { tool: tool.name, resourceUri: uri, form, visibility };
}
