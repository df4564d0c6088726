/**
 * Checks a UI resource's declared CSP (`_meta.ui.csp`) and permissions: hosts turn these lists into
 * the sandbox policy, so malformed entries break the app and wildcards open it to any origin.
 */
import type { Findings } from '../shared/findings.ts';
import type { UiCode } from './codes.ts';

const cspKeys = new Set(['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains']);
const permissionKeys = new Set(['camera', 'microphone', 'geolocation', 'clipboardWrite']);
/** An origin with optional wildcard subdomain, e.g. `https://*.example.com:8443`. */
const originPattern = /^(https?|wss?):\/\/(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:\d{1,5})?\/?$/;
const loopback = /^(https?|wss?):\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\/?$/;

export interface CspSummary {
  readonly declared: boolean;
  readonly valid: boolean;
  readonly domains: Readonly<Record<string, readonly string[]>>;
  readonly permissions: readonly string[];
}

/** Checks `uiMeta.csp` and `uiMeta.permissions` of the resource at `location`. */
export function checkCsp(
  uiMeta: Record<string, unknown> | null,
  location: string,
  findings: Findings<UiCode>,
): CspSummary {
  const csp = uiMeta?.csp;
  const permissions = uiMeta?.permissions;
  const permissionNames = permissions && typeof permissions === 'object' ? Object.keys(permissions) : [];
  for (const name of permissionNames)
    if (!permissionKeys.has(name)) findings.add('UI-018', `Unknown permission "${name}".`, `${location}.permissions`);
  if (csp === undefined) {
    findings.add('UI-015', 'No CSP declared: hosts apply a restrictive default (no network access).', location);
    return { declared: false, valid: true, domains: {}, permissions: permissionNames };
  }
  if (csp === null || typeof csp !== 'object' || Array.isArray(csp)) {
    findings.add('UI-016', `_meta.ui.csp must be an object, got ${JSON.stringify(csp)}.`, `${location}.csp`);
    return { declared: true, valid: false, domains: {}, permissions: permissionNames };
  }
  let valid = true;
  const domains: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(csp as Record<string, unknown>)) {
    const at = `${location}.csp.${key}`;
    if (!cspKeys.has(key)) {
      findings.add('UI-018', `Unknown CSP key "${key}".`, at);
      continue;
    }
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
      findings.add('UI-016', `${key} must be a list of origins.`, at);
      valid = false;
      continue;
    }
    domains[key] = value as string[];
    for (const entry of value as string[]) {
      if (entry === '*' || /^(https?|wss?):?\/?\/?\*?$/.test(entry))
        findings.add('UI-017', `${key} allows "${entry}": any origin.`, at);
      else if (!originPattern.test(entry)) {
        findings.add('UI-016', `${key} entry "${entry}" is not an origin (scheme://host[:port]).`, at);
        valid = false;
      } else if (/^(http|ws):/.test(entry) && !loopback.test(entry))
        findings.add('UI-017', `${key} allows unencrypted "${entry}".`, at);
    }
  }
  return { declared: true, valid, domains, permissions: permissionNames };
}
