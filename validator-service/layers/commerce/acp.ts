/**
 * Validates ACP discovery documents. The specification's document (`/.well-known/acp.json`, also
 * read at the bare `/.well-known/acp`) against the 2026-04-17 schema (`$defs.DiscoveryResponse`):
 * `protocol { name: "acp", version, supported_versions[] oldest first, documentation_url? }`,
 * `api_base_url`, `transports[]` (rest, mcp), `capabilities { services[] (checkout, orders,
 * delegate_payment, carts), extensions[{ name, spec?, schema? }]?, intervention_types[]?,
 * supported_currencies[]?, supported_locales[]? }`, nothing else at the top level. The competing
 * conventions are checked for the keys their own publishers document.
 */
import type { Findings } from '../shared/findings.ts';
import type { CommerceCode } from './codes.ts';
import type { CommerceConvention } from './locations.ts';
import { isObject } from '../../../runtime/is-object.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TRANSPORTS = ['rest', 'mcp'];
const SERVICES = ['checkout', 'orders', 'delegate_payment', 'carts'];
const INTERVENTIONS = ['3ds', 'biometric', 'address_verification'];
const TOP_LEVEL = ['protocol', 'api_base_url', 'transports', 'capabilities'];

export interface AcpFacts {
  readonly version: string | null;
  readonly transports: readonly string[];
  readonly services: readonly string[];
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);
const isHttpUrl = (v: unknown) => typeof v === 'string' && URL.canParse(v) && /^https?:$/.test(new URL(v).protocol);

/** Checks an array of strings against an enum; missing → COM-007 when required. */
function enumList(
  value: unknown,
  allowed: readonly string[],
  field: string,
  at: string,
  required: boolean,
  findings: Findings<CommerceCode>,
): string[] {
  if (value === undefined) {
    if (required)
      findings.add('COM-007', `${field} is missing (one or more of ${allowed.join(', ')}).`, `${at} ${field}`);
    return [];
  }
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    findings.add('COM-007', `${field} must be an array of strings.`, `${at} ${field}`);
    return [];
  }
  const unknown = value.filter((v) => !allowed.includes(v));
  if (unknown.length > 0)
    findings.add(
      'COM-008',
      `${field} has ${unknown.map((u) => JSON.stringify(u.slice(0, 40))).join(', ')}, not one of ` +
        `${allowed.join(', ')}.`,
      `${at} ${field}`,
    );
  return value.filter((v) => allowed.includes(v));
}

/** The specification's discovery document. */
export function validateAcp(doc: Record<string, unknown>, at: string, findings: Findings<CommerceCode>): AcpFacts {
  const protocol = doc['protocol'];
  let version: string | null = null;
  if (!isObject(protocol))
    findings.add('COM-007', 'protocol is missing (name "acp", version, supported_versions).', `${at} protocol`);
  else {
    if (protocol['name'] !== 'acp')
      findings.add(
        'COM-007',
        `protocol.name must be "acp"; it is ${JSON.stringify(protocol['name']) ?? 'missing'}.`,
        `${at} protocol.name`,
      );
    if (typeof protocol['version'] !== 'string')
      findings.add('COM-007', 'protocol.version is missing (YYYY-MM-DD).', `${at} protocol.version`);
    else {
      version = protocol['version'];
      if (!DATE.test(version))
        findings.add(
          'COM-008',
          `protocol.version "${version.slice(0, 40)}" is not YYYY-MM-DD.`,
          `${at} protocol.version`,
        );
    }
    const supported = protocol['supported_versions'];
    if (!Array.isArray(supported) || !supported.every((v) => typeof v === 'string')) {
      findings.add(
        'COM-007',
        'protocol.supported_versions is missing or not a list of versions.',
        `${at} protocol.supported_versions`,
      );
    } else {
      const sorted = [...supported].sort();
      if (supported.some((v) => !DATE.test(v)))
        findings.add(
          'COM-008',
          'protocol.supported_versions has entries that are not YYYY-MM-DD.',
          `${at} protocol.supported_versions`,
        );
      else if (sorted.join() !== supported.join())
        findings.add(
          'COM-008',
          'protocol.supported_versions must be in chronological order, oldest first.',
          `${at} protocol.supported_versions`,
        );
      else if (version !== null && supported.at(-1) !== version)
        findings.add(
          'COM-008',
          `The last of protocol.supported_versions (${supported.at(-1) ?? 'none'}) must be protocol.version ` +
            `(${version}).`,
          `${at} protocol.supported_versions`,
        );
    }
    if (protocol['documentation_url'] !== undefined && !isHttpUrl(protocol['documentation_url']))
      findings.add('COM-007', 'protocol.documentation_url is not an http(s) URL.', `${at} protocol.documentation_url`);
  }
  if (!isHttpUrl(doc['api_base_url']))
    findings.add(
      'COM-007',
      `api_base_url is ${doc['api_base_url'] === undefined ? 'missing' : 'not an http(s) URL'}: agents append ` +
        `resource paths to it.`,
      `${at} api_base_url`,
    );
  const transports = enumList(doc['transports'], TRANSPORTS, 'transports', at, true, findings);
  const capabilities = doc['capabilities'];
  let services: string[] = [];
  if (!isObject(capabilities))
    findings.add('COM-007', 'capabilities is missing (services is required).', `${at} capabilities`);
  else {
    services = enumList(capabilities['services'], SERVICES, 'capabilities.services', at, true, findings);
    enumList(capabilities['intervention_types'], INTERVENTIONS, 'capabilities.intervention_types', at, false, findings);
    const currencies = capabilities['supported_currencies'];
    if (
      currencies !== undefined &&
      (!Array.isArray(currencies) || currencies.some((c) => typeof c !== 'string' || !/^[a-z]{3}$/.test(c)))
    ) {
      findings.add(
        'COM-008',
        'capabilities.supported_currencies must be lowercase ISO 4217 codes (e.g. "usd").',
        `${at} capabilities.supported_currencies`,
      );
    }
    const extensions = capabilities['extensions'];
    if (extensions !== undefined) {
      if (!Array.isArray(extensions))
        findings.add('COM-007', 'capabilities.extensions must be an array.', `${at} capabilities.extensions`);
      else
        extensions.slice(0, 50).forEach((e, i) => {
          if (!isObject(e) || typeof e['name'] !== 'string' || e['name'] === '')
            findings.add(
              'COM-007',
              `capabilities.extensions[${i}] has no name.`,
              `${at} capabilities.extensions[${i}]`,
            );
        });
    }
  }
  const extra = Object.keys(doc).filter((k) => !TOP_LEVEL.includes(k));
  if (extra.length > 0)
    findings.add(
      'COM-008',
      `Fields the schema does not allow at the top level: ${extra.slice(0, 5).join(', ')} (extensions, currencies ` +
        `and the like go in capabilities).`,
      at,
    );
  return { version, transports, services };
}

/** The keys each competing convention's publisher documents. */
const VARIANT_KEYS: Partial<Record<CommerceConvention, readonly string[]>> = {
  'agentic-commerce': ['version', 'provider', 'endpoints', 'authentication'],
  'acp-manifest': ['acp_version', 'merchant', 'endpoints'],
};

/** A document at a competing path: ACP-shaped (the bare path) or the convention's own keys. */
export function validateAcpVariant(
  convention: CommerceConvention,
  doc: Record<string, unknown>,
  at: string,
  findings: Findings<CommerceCode>,
): AcpFacts {
  if (convention === 'acp-bare') return validateAcp(doc, at, findings);
  const keys = VARIANT_KEYS[convention] ?? [];
  const missing = keys.filter((k) => doc[k] === undefined);
  if (missing.length > 0)
    findings.add(
      'COM-007',
      `The ${convention} document lacks ${missing.join(', ')} (its convention's keys: ${keys.join(', ')}).`,
      at,
    );
  const version =
    typeof doc['version'] === 'string'
      ? doc['version']
      : typeof doc['acp_version'] === 'string'
        ? doc['acp_version']
        : null;
  return { version, transports: [], services: [] };
}
