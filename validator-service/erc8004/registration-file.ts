/**
 * Validates an ERC-8004 registration file (`type`, `name`, `description`, `services` with `name` +
 * `endpoint`, `registrations` with CAIP-10 `agentRegistry`, `supportedTrust`, `x402Support`,
 * `active`), accepting and flagging the variants seen in the wild, and extracts the OASF
 * classification from the `OASF` service entry (falling back to top-level `oasf_skills` /
 * `oasf_domains`).
 */
import type { Findings } from '../layers/shared/findings.ts';
import type { ErcCode } from './codes.ts';
import { isObject } from '../../runtime/is-object.ts';

export const REGISTRATION_TYPE = 'https://eips.ethereum.org/EIPS/eip-8004#registration-v1';
const KNOWN_SERVICES = ['web', 'A2A', 'MCP', 'OASF', 'ENS', 'DID', 'email'];
const KNOWN_TRUST = ['reputation', 'crypto-economic', 'tee-attestation'];

export interface Service {
  readonly name: string;
  readonly endpoint: string;
  readonly version: string | null;
}

export interface RegistrationEntry {
  readonly agentId: string;
  readonly chainId: number;
  readonly registry: string;
}

export interface RegistrationFacts {
  readonly name: string | null;
  readonly description: string | null;
  readonly image: string | null;
  readonly services: readonly Service[];
  readonly registrations: readonly RegistrationEntry[];
  readonly supportedTrust: readonly string[];
  readonly x402Support: boolean | null;
  readonly active: boolean | null;
  readonly oasf: {
    readonly skills: readonly string[];
    readonly domains: readonly string[];
    readonly source: 'services' | 'top-level' | null;
  };
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const list = (v: unknown): string[] =>
  Array.isArray(v)
    ? v
        .map((x) =>
          typeof x === 'string'
            ? x
            : isObject(x) && typeof x['name'] === 'string'
              ? x['name']
              : typeof x === 'number'
                ? String(x)
                : null,
        )
        .filter((x): x is string => x !== null)
    : [];

/** `eip155:<chainId>:<0x address>` → parts, or null. */
export function parseAgentRegistry(value: unknown): { chainId: number; registry: string } | null {
  const m = typeof value === 'string' ? /^eip155:([1-9][0-9]{0,15}):(0x[0-9a-fA-F]{40})$/.exec(value.trim()) : null;
  return m ? { chainId: Number(m[1]), registry: m[2]! } : null;
}

/** Reads the `registrations` list of a file (also used for the well-known proof), adding findings for bad entries. */
export function readRegistrations(value: unknown, at: string, findings: Findings<ErcCode>): RegistrationEntry[] {
  const out: RegistrationEntry[] = [];
  (Array.isArray(value) ? value : []).slice(0, 50).forEach((entry, i) => {
    const where = `${at} registrations[${i}]`;
    const idValue = isObject(entry) ? entry['agentId'] : undefined;
    const agentId =
      typeof idValue === 'number' && Number.isSafeInteger(idValue)
        ? String(idValue)
        : typeof idValue === 'string' && /^\d+$/.test(idValue)
          ? idValue
          : null;
    const registry = isObject(entry) ? parseAgentRegistry(entry['agentRegistry']) : null;
    if (agentId === null || registry === null) {
      const got =
        isObject(entry) && typeof entry['agentRegistry'] === 'string' ? ` (got "${entry['agentRegistry']}")` : '';
      findings.add(
        'ERC-011',
        `registrations[${i}] needs agentId (integer) and agentRegistry "eip155:<chainId>:<registry address>"${got}.`,
        where,
      );
      return;
    }
    out.push({ agentId: BigInt(agentId).toString(), chainId: registry.chainId, registry: registry.registry });
  });
  return out;
}

/** Validates `file` (from `at`), adding findings; returns what the lookup reports. */
export function validateRegistration(
  file: Record<string, unknown>,
  at: string,
  findings: Findings<ErcCode>,
): RegistrationFacts {
  if (file['type'] !== REGISTRATION_TYPE)
    findings.add(
      'ERC-004',
      `type should be ` +
        `"${REGISTRATION_TYPE}"` +
        `${file['type'] === undefined ? '' : ` (got ${JSON.stringify(file['type']).slice(0, 80)})`}.`,
      `${at} type`,
    );
  const missing = ['name', 'description'].filter((k) => str(file[k]) === null);
  if (missing.length > 0)
    findings.add(
      'ERC-005',
      `${missing.join(' and ')} missing: wallets and explorers show the agent without ` +
        `${missing.length === 2 ? 'them' : 'it'}.`,
      at,
    );

  let servicesValue = file['services'];
  if (servicesValue === undefined && file['endpoints'] !== undefined) {
    findings.add('ERC-006', 'The file uses "endpoints", renamed to "services" on 2026-01-24.', `${at} endpoints`);
    servicesValue = file['endpoints'];
  }
  if (servicesValue !== undefined && !Array.isArray(servicesValue))
    findings.add('ERC-016', 'services must be an array.', `${at} services`);
  const services: Service[] = [];
  (Array.isArray(servicesValue) ? servicesValue : []).slice(0, 50).forEach((s, i) => {
    const where = `${at} services[${i}]`;
    const name = isObject(s) ? str(s['name']) : null;
    const endpoint = isObject(s) ? str(s['endpoint']) : null;
    if (name === null || endpoint === null) {
      findings.add('ERC-007', `services[${i}] needs name and endpoint.`, where);
      return;
    }
    const canonical = KNOWN_SERVICES.find((k) => k.toLowerCase() === name.toLowerCase());
    if (canonical !== undefined && canonical !== name)
      findings.add('ERC-008', `Service name "${name}" is written "${canonical}".`, `${where}.name`);
    const version = isObject(s) ? str(s['version']) : null;
    if (version === null && ['A2A', 'MCP', 'OASF'].includes(canonical ?? ''))
      findings.add('ERC-009', `The ${canonical} service has no version.`, where);
    services.push({ name: canonical ?? name, endpoint, version });
  });

  if (file['registrations'] === undefined)
    findings.add('ERC-010', 'No registrations: the file cannot be tied back to an on-chain agent.', at);
  else if (!Array.isArray(file['registrations']))
    findings.add('ERC-016', 'registrations must be an array.', `${at} registrations`);
  const registrations = readRegistrations(file['registrations'], at, findings);

  const odd: string[] = [];
  let trustValue = file['supportedTrust'];
  if (trustValue === undefined && file['supportedTrusts'] !== undefined) {
    odd.push('supportedTrusts');
    trustValue = file['supportedTrusts'];
  }
  const supportedTrust = list(trustValue);
  for (const t of supportedTrust)
    if (!KNOWN_TRUST.includes(t))
      findings.add('ERC-015', `supportedTrust "${t}" is not one of ${KNOWN_TRUST.join(', ')}.`, `${at} supportedTrust`);
  let x402 = file['x402Support'];
  if (x402 === undefined && file['x402support'] !== undefined) {
    odd.push('x402support');
    x402 = file['x402support'];
  }
  if (x402 !== undefined && typeof x402 !== 'boolean')
    findings.add('ERC-016', 'x402Support must be a boolean.', `${at} x402Support`);
  const active = file['active'];
  if (active !== undefined && typeof active !== 'boolean')
    findings.add('ERC-016', 'active must be a boolean.', `${at} active`);
  if (active === false) findings.add('ERC-028', 'The registration marks the agent as not active.', `${at} active`);

  const oasfService = (Array.isArray(servicesValue) ? servicesValue : []).find(
    (s) => isObject(s) && typeof s['name'] === 'string' && s['name'].toUpperCase() === 'OASF',
  ) as Record<string, unknown> | undefined;
  let oasf: RegistrationFacts['oasf'] = { skills: [], domains: [], source: null };
  if (oasfService && (Array.isArray(oasfService['skills']) || Array.isArray(oasfService['domains']))) {
    oasf = { skills: list(oasfService['skills']), domains: list(oasfService['domains']), source: 'services' };
  } else if (file['oasf_skills'] !== undefined || file['oasf_domains'] !== undefined) {
    odd.push('oasf_skills / oasf_domains at the top level (the OASF service entry carries them)');
    oasf = { skills: list(file['oasf_skills']), domains: list(file['oasf_domains']), source: 'top-level' };
  }
  if (odd.length > 0) findings.add('ERC-014', `Non-standard fields accepted: ${odd.join(', ')}.`, at);
  if (oasf.source !== null)
    findings.add(
      'ERC-017',
      `OASF: ${oasf.skills.length} skill(s)${oasf.skills.length ? ` (${oasf.skills.slice(0, 4).join(', ')})` : ''}, ` +
        `${oasf.domains.length} domain(s)${oasf.domains.length ? ` (${oasf.domains.slice(0, 4).join(', ')})` : ''}.`,
      at,
    );

  return {
    name: str(file['name']),
    description: str(file['description']),
    image: str(file['image']),
    services,
    registrations,
    supportedTrust,
    x402Support: typeof x402 === 'boolean' ? x402 : null,
    active: typeof active === 'boolean' ? active : null,
    oasf,
  };
}
