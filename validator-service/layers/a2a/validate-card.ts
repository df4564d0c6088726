/**
 * Version-aware agent-card validation. The version comes from the card's own shape: `supportedInterfaces`
 * without a top-level `protocolVersion` is 1.0; a `protocolVersion` names 0.2.5–0.3.x; `url` without
 * it is 0.2.0–0.2.4. Fields are read in lowerCamelCase and, flagged, in the proto snake_case that 1.0
 * parsers also accept. Skills, capabilities, interfaces, security schemes, provider and signatures
 * are checked where present.
 */
import type { Findings } from '../shared/findings.ts';
import type { A2aCode } from './codes.ts';
import { isObject } from '../../../runtime/is-object.ts';
import { counted } from '../../../runtime/counted.ts';

export type CardVersion = '0.2' | '0.3' | '1.0';

export interface CardFacts {
  readonly version: CardVersion;
  /** 0.3 root fields together with 1.0 `supportedInterfaces` (judged by `judgeHybrid`). */
  readonly hybrid: boolean;
  /** `protocolVersion` as written (0.2.5+), or the 1.0 interfaces' versions. */
  readonly protocolVersions: readonly string[];
  readonly name: string | null;
  readonly description: string | null;
  readonly agentVersion: string | null;
  readonly skills: readonly { id: string | null; name: string | null }[];
  readonly bindings: readonly string[];
  /** Interface URLs per binding, e.g. `{ JSONRPC: 'https://…' }` (the first of each). */
  readonly interfaces: Readonly<Record<string, { url: string; protocolVersion: string | null }>>;
  readonly capabilities: Record<string, unknown>;
  readonly extensions: readonly Record<string, unknown>[];
  readonly provider: { organization: string | null; url: string | null } | null;
  readonly securitySchemes: readonly string[];
  readonly hasSignatures: boolean;
  readonly documentationUrl: string | null;
  readonly supportsExtendedCard: boolean;
  readonly snakeCaseKeys: readonly string[];
}

const snake = (camel: string) => camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const isUrl = (v: unknown) => {
  try {
    return typeof v === 'string' && /^https?:$/.test(new URL(v).protocol);
  } catch {
    return false;
  }
};

const BINDINGS = ['JSONRPC', 'GRPC', 'HTTP+JSON'];
const SCHEME_TYPES_03 = ['apiKey', 'http', 'oauth2', 'openIdConnect', 'mutualTLS'];
const SCHEME_KEYS_10 = [
  'apiKeySecurityScheme',
  'httpAuthSecurityScheme',
  'oauth2SecurityScheme',
  'openIdConnectSecurityScheme',
  'mtlsSecurityScheme',
];

/** Reads `key` in camelCase or, recording it, snake_case. */
function reader(card: Record<string, unknown>, snakeKeys: string[]) {
  return (obj: Record<string, unknown>, key: string, path: string): unknown => {
    if (key in obj) return obj[key];
    const alt = snake(key);
    if (alt !== key && alt in obj) {
      snakeKeys.push(`${path}${alt}`);
      return obj[alt];
    }
    return undefined;
  };
  void card;
}

/** The card's A2A version from its shape. */
export function cardVersion(card: Record<string, unknown>): CardVersion {
  const hasInterfaces = 'supportedInterfaces' in card || 'supported_interfaces' in card;
  const pv = str(card['protocolVersion'] ?? card['protocol_version']);
  if (pv !== null && /^0\.2/.test(pv)) return '0.2';
  if (pv !== null && /^0\.3/.test(pv)) return '0.3';
  if (hasInterfaces) return '1.0';
  if (pv !== null) return /^1\./.test(pv) ? '1.0' : '0.3';
  return '0.2';
}

/**
 * A hybrid card carries 0.3 root fields (`url`, `preferredTransport`, `protocolVersion`) for clients
 * without `A2A-Version` and the full 1.0 `supportedInterfaces`. `@a2a-js/sdk` (legacyCompat) takes
 * the root fields from the first interface whose `protocolVersion` is in [0.3, 1.0) (or empty), so
 * both kinds of client reach the same 0.3 interface. That is correct (A2A-028); root fields no such
 * interface backs send 0.3 and 1.0 clients to different places (A2A-026).
 */
interface ListedInterface {
  readonly url: string;
  readonly binding: string;
  readonly protocolVersion: string;
}

function judgeHybrid(
  card: Record<string, unknown>,
  get: ReturnType<typeof reader>,
  listed: readonly ListedInterface[],
  at: string,
  findings: Findings<A2aCode>,
): void {
  const legacy = listed.filter((i) => i.protocolVersion === '' || /^0\.(?:[3-9]|\d{2,})/.test(i.protocolVersion));
  const rootVersion = str(get(card, 'protocolVersion', ''));
  const rootUrl = str(get(card, 'url', ''));
  const rootBinding = str(get(card, 'preferredTransport', '')) ?? 'JSONRPC';
  const primary = legacy[0];
  if (!primary) {
    const message =
      `The card has 0.3 root fields (protocolVersion ${rootVersion ?? '?'}) but no supportedInterfaces ` +
      'entry with a 0.3 protocolVersion backs them: 0.3 and 1.0 clients are sent to different interfaces.';
    findings.add('A2A-026', message, at);
    return;
  }
  const primaryVersion = primary.protocolVersion || '0.3';
  const differences = [
    ...(rootUrl !== primary.url ? [`url ${rootUrl ?? '(none)'} ≠ ${primary.url}`] : []),
    ...(rootBinding !== primary.binding ? [`preferredTransport ${rootBinding} ≠ ${primary.binding}`] : []),
    ...(rootVersion !== primaryVersion ? [`protocolVersion ${rootVersion ?? '(none)'} ≠ ${primaryVersion}`] : []),
  ];
  if (differences.length > 0) {
    const message =
      `The 0.3 root fields disagree with the first 0.3 entry of supportedInterfaces ` +
      `(${differences.join('; ')}): 0.3 and 1.0 clients are sent to different interfaces.`;
    findings.add('A2A-026', message, at);
    return;
  }
  const entries = counted(listed.length, '1.0 supportedInterfaces entry', '1.0 supportedInterfaces entries');
  const message =
    `Hybrid card: 0.3 root fields for clients without A2A-Version and ${entries}; the root matches ` +
    `${primary.binding} ${primary.url} (protocol ${primaryVersion}), as @a2a-js/sdk serves it.`;
  findings.add('A2A-028', message, at);
}

/** Validates `card` found at `at`, adding findings. */
export function validateCard(card: Record<string, unknown>, at: string, findings: Findings<A2aCode>): CardFacts {
  const snakeKeys: string[] = [];
  const get = reader(card, snakeKeys);
  const version = cardVersion(card);
  const required =
    version === '1.0'
      ? [
          'name',
          'description',
          'supportedInterfaces',
          'version',
          'capabilities',
          'defaultInputModes',
          'defaultOutputModes',
          'skills',
        ]
      : [
          'name',
          'description',
          'url',
          'version',
          'capabilities',
          'defaultInputModes',
          'defaultOutputModes',
          'skills',
          ...(version === '0.3' || get(card, 'protocolVersion', '') !== undefined ? ['protocolVersion'] : []),
        ];
  for (const field of required) {
    if (get(card, field, '') === undefined)
      findings.add('A2A-005', `"${field}" is required in an A2A ${version} agent card.`, `${at} ${field}`);
  }
  for (const field of ['name', 'description', 'version']) {
    const v = get(card, field, '');
    if (v !== undefined && typeof v !== 'string')
      findings.add('A2A-006', `"${field}" must be a string.`, `${at} ${field}`);
  }
  for (const field of ['defaultInputModes', 'defaultOutputModes']) {
    const v = get(card, field, '');
    if (v !== undefined && (!Array.isArray(v) || !v.every((m) => typeof m === 'string')))
      findings.add('A2A-006', `"${field}" must be an array of media types.`, `${at} ${field}`);
  }
  const hybrid = version !== '1.0' && get(card, 'supportedInterfaces', '') !== undefined;
  if (version === '1.0' && (card['protocolVersion'] !== undefined || card['url'] !== undefined)) {
    findings.add(
      'A2A-026',
      'A 1.0 card carries 0.3 fields (top-level url / protocolVersion) beside supportedInterfaces; 1.0 clients ' +
        'ignore them.',
      `${at}`,
    );
  }

  // Interfaces
  const interfaces: Record<string, { url: string; protocolVersion: string | null }> = {};
  const bindings: string[] = [];
  const protocolVersions: string[] = [];
  const addInterface = (binding: string, url: string, pv: string | null) => {
    if (!bindings.includes(binding)) bindings.push(binding);
    if (!interfaces[binding] || (pv === '1.0' && version === '1.0')) interfaces[binding] = { url, protocolVersion: pv };
  };
  /** The 1.0 interface list, checked as 1.0 requires (also in a hybrid card). */
  const listed: { url: string; binding: string; protocolVersion: string }[] = [];
  const readSupportedInterfaces = () => {
    const list = get(card, 'supportedInterfaces', '');
    if (list !== undefined && (!Array.isArray(list) || list.length === 0))
      findings.add('A2A-010', 'supportedInterfaces must be a non-empty array.', `${at} supportedInterfaces`);
    (Array.isArray(list) ? list : []).forEach((entry, i) => {
      const path = `supportedInterfaces[${i}]`;
      if (!isObject(entry)) {
        findings.add('A2A-010', `${path} is not an object.`, `${at} ${path}`);
        return;
      }
      const url = get(entry, 'url', `${path}.`);
      const binding = get(entry, 'protocolBinding', `${path}.`);
      const pv = get(entry, 'protocolVersion', `${path}.`);
      const missing = [
        ['url', url],
        ['protocolBinding', binding],
        ['protocolVersion', pv],
      ]
        .filter(([, v]) => typeof v !== 'string' || v === '')
        .map(([k]) => k);
      if (missing.length > 0)
        findings.add('A2A-010', `${path} lacks ${missing.join(', ')} (all required in 1.0).`, `${at} ${path}`);
      if (url !== undefined && !isUrl(url))
        findings.add('A2A-010', `${path}.url is not an http(s) URL.`, `${at} ${path}.url`);
      if (typeof binding === 'string' && !BINDINGS.includes(binding))
        findings.add(
          'A2A-011',
          `${path}.protocolBinding "${binding}" is not one of ${BINDINGS.join(', ')}.`,
          `${at} ${path}.protocolBinding`,
        );
      if (typeof pv === 'string' && !protocolVersions.includes(pv)) protocolVersions.push(pv);
      if (typeof binding === 'string' && isUrl(url)) {
        addInterface(binding, url as string, str(pv));
        listed.push({ url: url as string, binding, protocolVersion: typeof pv === 'string' ? pv : '' });
      }
    });
  };
  if (version === '1.0') {
    readSupportedInterfaces();
  } else {
    const url = get(card, 'url', '');
    if (url !== undefined && !isUrl(url)) findings.add('A2A-010', '"url" is not an http(s) URL.', `${at} url`);
    const preferred = str(get(card, 'preferredTransport', '')) ?? 'JSONRPC';
    if (!BINDINGS.includes(preferred))
      findings.add(
        'A2A-011',
        `preferredTransport "${preferred}" is not one of ${BINDINGS.join(', ')}.`,
        `${at} preferredTransport`,
      );
    const pv = str(get(card, 'protocolVersion', ''));
    if (pv !== null) protocolVersions.push(pv);
    if (isUrl(url)) addInterface(preferred, url as string, pv);
    const extra = get(card, 'additionalInterfaces', '');
    (Array.isArray(extra) ? extra : []).forEach((entry, i) => {
      const path = `additionalInterfaces[${i}]`;
      if (!isObject(entry) || !isUrl(entry['url']) || typeof entry['transport'] !== 'string') {
        findings.add('A2A-010', `${path} needs url and transport.`, `${at} ${path}`);
        return;
      }
      if (!BINDINGS.includes(entry['transport']))
        findings.add(
          'A2A-011',
          `${path}.transport "${entry['transport']}" is not one of ${BINDINGS.join(', ')}.`,
          `${at} ${path}.transport`,
        );
      addInterface(entry['transport'], entry['url'] as string, pv);
    });
    if (hybrid) {
      readSupportedInterfaces();
      judgeHybrid(card, get, listed, at, findings);
    }
  }

  // Skills
  const skillsValue = get(card, 'skills', '');
  const skills: { id: string | null; name: string | null }[] = [];
  if (skillsValue !== undefined && !Array.isArray(skillsValue))
    findings.add('A2A-006', '"skills" must be an array.', `${at} skills`);
  else if (Array.isArray(skillsValue)) {
    if (skillsValue.length === 0)
      findings.add('A2A-009', 'The card lists no skills: clients cannot tell what the agent does.', `${at} skills`);
    skillsValue.slice(0, 100).forEach((s, i) => {
      if (!isObject(s)) {
        findings.add('A2A-008', `skills[${i}] is not an object.`, `${at} skills[${i}]`);
        return;
      }
      const missing = ['id', 'name', 'description'].filter((k) => typeof s[k] !== 'string' || s[k] === '');
      if (!Array.isArray(s['tags'])) missing.push('tags');
      if (missing.length > 0)
        findings.add(
          'A2A-008',
          `skills[${i}]${typeof s['id'] === 'string' ? ` (${s['id']})` : ''} lacks ${missing.join(', ')}.`,
          `${at} skills[${i}]`,
        );
      skills.push({ id: str(s['id']), name: str(s['name']) });
    });
  }

  // Capabilities and extensions
  const capsValue = get(card, 'capabilities', '');
  if (capsValue !== undefined && !isObject(capsValue))
    findings.add('A2A-006', '"capabilities" must be an object.', `${at} capabilities`);
  const capabilities = isObject(capsValue) ? capsValue : {};
  for (const flag of ['streaming', 'pushNotifications', 'stateTransitionHistory', 'extendedAgentCard']) {
    const v = get(capabilities, flag, 'capabilities.');
    if (v !== undefined && typeof v !== 'boolean')
      findings.add('A2A-006', `capabilities.${flag} must be a boolean.`, `${at} capabilities.${flag}`);
  }
  const extValue = get(capabilities, 'extensions', 'capabilities.');
  if (extValue !== undefined && !Array.isArray(extValue))
    findings.add('A2A-006', 'capabilities.extensions must be an array.', `${at} capabilities.extensions`);
  const extensions = (Array.isArray(extValue) ? extValue : []).filter((e, i) => {
    if (isObject(e) && typeof e['uri'] === 'string' && e['uri'] !== '') return true;
    findings.add('A2A-024', `capabilities.extensions[${i}] has no uri.`, `${at} capabilities.extensions[${i}]`);
    return false;
  }) as Record<string, unknown>[];

  // Security
  const schemesValue = get(card, 'securitySchemes', '');
  const schemeNames: string[] = [];
  if (schemesValue !== undefined && !isObject(schemesValue))
    findings.add('A2A-012', '"securitySchemes" must be an object of named schemes.', `${at} securitySchemes`);
  for (const [name, scheme] of Object.entries(isObject(schemesValue) ? schemesValue : {})) {
    schemeNames.push(name);
    const ok =
      isObject(scheme) &&
      (version === '1.0'
        ? SCHEME_KEYS_10.some((k) => k in scheme || snake(k) in scheme) ||
          SCHEME_TYPES_03.includes(String(scheme['type']))
        : SCHEME_TYPES_03.includes(String(scheme['type'])));
    if (!ok)
      findings.add(
        'A2A-012',
        `securitySchemes.${name} is not a recognised scheme ` +
          `(${version === '1.0' ? SCHEME_KEYS_10.join(', ') : `type ${SCHEME_TYPES_03.join(', ')}`}).`,
        `${at} securitySchemes.${name}`,
      );
  }
  const requirements = get(card, version === '1.0' ? 'securityRequirements' : 'security', '');
  for (const requirement of Array.isArray(requirements) ? requirements : []) {
    const names = isObject(requirement)
      ? Object.keys(isObject(requirement['schemes']) ? requirement['schemes'] : requirement)
      : [];
    for (const name of names)
      if (!schemeNames.includes(name))
        findings.add(
          'A2A-012',
          `A security requirement names "${name}", which securitySchemes does not declare.`,
          `${at} ${version === '1.0' ? 'securityRequirements' : 'security'}`,
        );
  }

  // Provider, signatures, documentation
  const providerValue = get(card, 'provider', '');
  let provider: CardFacts['provider'] = null;
  if (providerValue !== undefined) {
    if (!isObject(providerValue) || typeof providerValue['organization'] !== 'string' || !isUrl(providerValue['url']))
      findings.add('A2A-013', 'provider needs organization and an http(s) url.', `${at} provider`);
    if (isObject(providerValue))
      provider = { organization: str(providerValue['organization']), url: str(providerValue['url']) };
  }
  const signatures = get(card, 'signatures', '');
  (Array.isArray(signatures) ? signatures : []).forEach((s, i) => {
    if (!isObject(s) || typeof s['protected'] !== 'string' || typeof s['signature'] !== 'string')
      findings.add('A2A-014', `signatures[${i}] needs protected and signature (JWS parts).`, `${at} signatures[${i}]`);
  });
  if (snakeKeys.length > 0) {
    findings.add(
      'A2A-007',
      `snake_case field names (${snakeKeys.slice(0, 6).join(', ')}${snakeKeys.length > 6 ? ', …' : ''}): agent cards ` +
        `are lowerCamelCase JSON; proto parsers accept them, most JSON clients do not.`,
      at,
    );
  }
  return {
    version,
    hybrid,
    protocolVersions,
    name: str(get(card, 'name', '')),
    description: str(get(card, 'description', '')),
    agentVersion: str(get(card, 'version', '')),
    skills,
    bindings,
    interfaces,
    capabilities,
    extensions,
    provider,
    securitySchemes: schemeNames,
    hasSignatures: Array.isArray(signatures) && signatures.length > 0,
    documentationUrl: str(get(card, 'documentationUrl', '')),
    supportsExtendedCard:
      get(capabilities, 'extendedAgentCard', 'capabilities.') === true ||
      get(card, 'supportsAuthenticatedExtendedCard', '') === true,
    snakeCaseKeys: snakeKeys,
  };
}
