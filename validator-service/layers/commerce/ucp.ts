/**
 * Validates a UCP business profile (`/.well-known/ucp`) against the published schema of v2026-04-08
 * (`source/schemas/ucp.json` `$defs.business_schema`, `service.json`, `discovery/profile_schema.json`):
 * a top-level `ucp` with `version` (YYYY-MM-DD), the `services` and `payment_handlers` registries
 * (objects keyed by reverse-domain names, each an array of entries with a `version`; present even
 * when empty), optional `capabilities`; service entries name a `transport` and, for rest/mcp/a2a, an
 * `endpoint`. Signing keys are `signing_keys[]` in the release and a top-level `keys[]` on `main`.
 */
import type { Findings } from '../shared/findings.ts';
import type { CommerceCode } from './codes.ts';
import { isObject } from '../../../runtime/is-object.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const REVERSE_DOMAIN = /^[a-z][a-z0-9]*(?:\.[a-z][a-z0-9_]*)+$/;
const TRANSPORTS = ['rest', 'mcp', 'a2a', 'embedded'];
const MAX_ENTRIES = 50;

export interface UcpFacts {
  readonly version: string | null;
  readonly services: readonly string[];
  readonly transports: readonly string[];
  readonly paymentHandlers: readonly string[];
  readonly capabilities: readonly string[];
  readonly keyField: 'signing_keys' | 'keys' | null;
}

const isUri = (v: unknown) => typeof v === 'string' && URL.canParse(v);

/** Checks one registry (`services`, `capabilities`, `payment_handlers`); returns its keys. */
function registry(
  value: unknown,
  name: string,
  at: string,
  findings: Findings<CommerceCode>,
  entry: (e: Record<string, unknown>, where: string) => void,
): string[] {
  if (!isObject(value)) return [];
  const keys = Object.keys(value).slice(0, MAX_ENTRIES);
  for (const key of keys) {
    const where = `${at} ucp.${name}["${key}"]`;
    if (!REVERSE_DOMAIN.test(key))
      findings.add('COM-005', `ucp.${name} key "${key}" is not a reverse-domain name (e.g. dev.ucp.shopping).`, where);
    const list = value[key];
    if (!Array.isArray(list)) {
      findings.add('COM-005', `ucp.${name}["${key}"] must be an array of entries.`, where);
      continue;
    }
    list.slice(0, MAX_ENTRIES).forEach((item, i) => {
      if (!isObject(item)) {
        findings.add('COM-005', `ucp.${name}["${key}"][${i}] is not an object.`, `${where}[${i}]`);
        return;
      }
      if (typeof item['version'] !== 'string')
        findings.add(
          'COM-005',
          `ucp.${name}["${key}"][${i}] has no version (every UCP entity has one).`,
          `${where}[${i}].version`,
        );
      else if (!DATE.test(item['version']))
        findings.add(
          'COM-006',
          `ucp.${name}["${key}"][${i}].version "${item['version'].slice(0, 40)}" is not YYYY-MM-DD.`,
          `${where}[${i}].version`,
        );
      for (const field of ['spec', 'schema'] as const) {
        if (item[field] !== undefined && !isUri(item[field]))
          findings.add('COM-005', `ucp.${name}["${key}"][${i}].${field} is not a URI.`, `${where}[${i}].${field}`);
      }
      entry(item, `${where}[${i}]`);
    });
  }
  return keys;
}

/** Validates `doc` found at `at`, adding findings. */
export function validateUcp(doc: Record<string, unknown>, at: string, findings: Findings<CommerceCode>): UcpFacts {
  const ucp = doc['ucp'];
  if (!isObject(ucp)) {
    findings.add(
      'COM-004',
      'The profile has no "ucp" object (required: version, services, payment_handlers).',
      `${at} ucp`,
    );
    return { version: null, services: [], transports: [], paymentHandlers: [], capabilities: [], keyField: null };
  }
  const version = typeof ucp['version'] === 'string' ? ucp['version'] : null;
  if (version === null) findings.add('COM-004', 'ucp.version is missing (YYYY-MM-DD).', `${at} ucp.version`);
  else if (!DATE.test(version))
    findings.add('COM-006', `ucp.version "${version.slice(0, 40)}" is not YYYY-MM-DD.`, `${at} ucp.version`);
  for (const name of ['services', 'payment_handlers'] as const) {
    if (!isObject(ucp[name]))
      findings.add(
        'COM-004',
        `ucp.${name} is ${ucp[name] === undefined ? 'missing' : 'not an object'}: a business profile has the ` +
          `registry even when it is empty.`,
        `${at} ucp.${name}`,
      );
  }
  if (ucp['capabilities'] !== undefined && !isObject(ucp['capabilities']))
    findings.add(
      'COM-004',
      'ucp.capabilities must be an object keyed by reverse-domain names.',
      `${at} ucp.capabilities`,
    );
  const supported = ucp['supported_versions'];
  if (supported !== undefined && (!Array.isArray(supported) || (version !== null && !supported.includes(version)))) {
    findings.add(
      'COM-006',
      'ucp.supported_versions must be a list of versions that includes ucp.version.',
      `${at} ucp.supported_versions`,
    );
  }
  const transports: string[] = [];
  const services = registry(ucp['services'], 'services', at, findings, (entry, where) => {
    const transport = entry['transport'];
    if (typeof transport !== 'string' || !TRANSPORTS.includes(transport)) {
      findings.add(
        'COM-005',
        `${where.slice(at.length + 1)} transport must be one of ${TRANSPORTS.join(', ')}; it is ` +
          `${JSON.stringify(transport) ?? 'missing'}.`,
        `${where}.transport`,
      );
      return;
    }
    if (!transports.includes(transport)) transports.push(transport);
    if (transport !== 'embedded' && !isUri(entry['endpoint']))
      findings.add(
        'COM-005',
        `A ${transport} service of a business profile needs an endpoint URI.`,
        `${where}.endpoint`,
      );
  });
  const paymentHandlers = registry(ucp['payment_handlers'], 'payment_handlers', at, findings, () => undefined);
  const capabilities = registry(ucp['capabilities'], 'capabilities', at, findings, () => undefined);
  const keyField = Array.isArray(doc['signing_keys']) ? 'signing_keys' : Array.isArray(doc['keys']) ? 'keys' : null;
  if (keyField !== null) {
    const keys = doc[keyField] as unknown[];
    keys.slice(0, MAX_ENTRIES).forEach((key, i) => {
      if (!isObject(key) || typeof key['kid'] !== 'string' || typeof key['kty'] !== 'string')
        findings.add('COM-004', `${keyField}[${i}] must be a JWK with kid and kty.`, `${at} ${keyField}[${i}]`);
    });
    const form =
      keyField === 'signing_keys'
        ? 'the v2026-04-08 form'
        : 'the form of the draft on main; v2026-04-08 names them signing_keys';
    findings.add('COM-011', `${keys.length} signing key(s) in ${keyField} (${form}).`, `${at} ${keyField}`);
  }
  return { version, services, transports, paymentHandlers, capabilities, keyField };
}
