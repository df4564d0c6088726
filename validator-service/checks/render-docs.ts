/**
 * Renders the check registry as docs/validator-checks.md. `npm run docs:checks` writes it; a test
 * fails when the committed page differs from the registry, so the page cannot go stale.
 *   node --import tsx validator-service/checks/render-docs.ts [--check]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { startedAsScript } from '../../runtime/started-as-script.ts';
import { LAYER_TITLES } from '../pipeline/layer-names.ts';
import { checkRegistry, type CheckEntry, type CheckRegistry } from './registry.ts';

/** Where the page lives. */
export const CHECKS_PAGE = new URL('../../docs/validator-checks.md', import.meta.url);

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function requirement(entry: CheckEntry): string {
  const { document, section, url } = entry.specRequirement;
  const text = `${document}, ${section}`;
  return url && /^https?:/.test(url) ? `[${cell(text)}](${url})` : cell(text);
}

/** The page for `registry`. */
export function renderChecksMarkdown(registry: CheckRegistry = checkRegistry): string {
  const layers = [...new Set(registry.checks.map((c) => c.layer))];
  const lines = [
    '# Validator checks',
    '',
    '<!-- Generated from validator-service/checks/registry.ts by `npm run docs:checks`; do not edit by hand. -->',
    '',
    `Registry version **${registry.version}**, digest \`${registry.digest}\`. Every code the validator can emit`,
    'is listed once, with the layer that emits it, its fixed severity, what it means, the requirement it',
    'checks and the version that introduced it. The same list is served at `GET /api/checks`, and every',
    'answer (`/api/assess`, `/api/validate`, `/api/lookup`, the MCP tools) names the version and digest',
    "it was judged with (`checks`). Codes are never reused; retired codes are named in their layer's",
    'code table.',
    '',
    `${registry.checks.length} checks:`,
    '',
  ];
  for (const layer of layers) {
    const title = layer === 'pipeline' ? 'Pipeline' : LAYER_TITLES[layer];
    lines.push(`## ${title}`, '', '| Code | Severity | Check | Requirement | Since |', '|---|---|---|---|---|');
    for (const entry of registry.checks.filter((c) => c.layer === layer)) {
      lines.push(
        `| \`${entry.code}\` | ${entry.severity} | ${cell(entry.title)} | ${requirement(entry)} | ${entry.since} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

if (startedAsScript(import.meta.url)) {
  const page = renderChecksMarkdown();
  if (process.argv.includes('--check')) {
    const current = readFileSync(CHECKS_PAGE, 'utf8');
    if (current !== page) {
      process.stderr.write('docs/validator-checks.md is out of date: run npm run docs:checks\n');
      process.exit(1);
    }
  } else {
    writeFileSync(CHECKS_PAGE, page);
    process.stdout.write(`wrote docs/validator-checks.md (${checkRegistry.checks.length} checks)\n`);
  }
}
