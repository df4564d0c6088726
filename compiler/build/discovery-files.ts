/**
 * The discovery documents `toolkit build` writes beside each bundle: `<bundle>.server.json` (the
 * MCP Registry's), `<bundle>.server-card.json` and `<bundle>.ai-catalog.json`. The catalog bundle
 * takes the project's publishing facts as they are; a group's bundle is a server of its own, named
 * after the catalog's with `-<group>`, described by the group's description when it fits, and has
 * no package or remote of its own.
 */
import type { GroupConfig } from '../../runtime/project-config.ts';
import {
  defaultServerName,
  DESCRIPTION_MAX,
  type DiscoveryDocuments,
  type DiscoverySettings,
} from '../../runtime/discovery/discovery-documents.ts';

const text = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/**
 * The publishing facts of bundle `name` (a group's when `group` is given; an agent's bundle is like a group without a
 * description).
 */
export function bundleDiscoverySettings(
  settings: DiscoverySettings,
  name: string,
  group?: GroupConfig,
): DiscoverySettings {
  if (name === 'catalog') return settings;
  const base = settings.name ?? defaultServerName('catalog');
  const [namespace, server] = base.split('/') as [string, string];
  const description =
    group?.description !== undefined &&
    group.description.trim() !== '' &&
    [...group.description].length <= DESCRIPTION_MAX
      ? group.description
      : undefined;
  return {
    name: `${namespace}/${`${server}-${name}`.slice(0, 200 - namespace.length - 1)}`,
    ...(description ? { description } : {}),
    ...(settings.version ? { version: settings.version } : {}),
    ...(settings.websiteUrl ? { websiteUrl: settings.websiteUrl } : {}),
    ...(settings.repository ? { repository: settings.repository } : {}),
    ...(settings.publisher ? { publisher: settings.publisher } : {}),
  };
}

/** The three files of bundle `name`, as output path → text. */
export function discoveryFiles(name: string, documents: DiscoveryDocuments): [string, string][] {
  return [
    [`${name}.server.json`, text(documents.serverJson)],
    [`${name}.server-card.json`, text(documents.card)],
    [`${name}.ai-catalog.json`, text(documents.aiCatalog)],
  ];
}
