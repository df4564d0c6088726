/**
 * The A2A / AP2 layer: finds the agent card (well-known paths, old and new, and path-relative),
 * validates it for its A2A version (0.2, 0.3, 1.0) in that version's JSON casing, reads AP2 and the
 * A2A x402 extension, asks for the 1.0 card too when the first answer was older, and negotiates the
 * extensions header on one read-only JSON-RPC call. Not detected when no card is found.
 */
import type { Layer, LayerContext, LayerResult } from './layer.ts';
import { a2aCodes } from './a2a/codes.ts';
import { readExtensions } from './a2a/extensions.ts';
import { findCard, getJsonObject } from './a2a/find-card.ts';
import { negotiate, type Negotiation } from './a2a/negotiate.ts';
import { cardVersion, validateCard } from './a2a/validate-card.ts';
import { defineLayer } from './shared/define-layer.ts';
import { Findings } from './shared/findings.ts';

type Result = Omit<LayerResult, 'durationMs'>;

const empty = {
  hasAgentCard: false,
  hasValidStructure: false,
  hasSkills: false,
  supportsStreaming: false,
  supportsPushNotifications: false,
  hasSecuritySchemes: false,
  hasProvider: false,
  supportsJsonRpc: false,
  supportsGrpc: false,
  supportsHttpJson: false,
  supportsExtendedCard: false,
  hasDocumentation: false,
  hasSignatures: false,
  supportsAp2: false,
  supportsA2aX402: false,
  extensionsNegotiated: false,
};

async function run(ctx: LayerContext): Promise<Result> {
  const findings = new Findings(a2aCodes);
  const search = await findCard(ctx);
  // A card is a JSON object; `[]`, `null` or a string at a card location is refused (not a card).
  for (const attempt of search.attempts) {
    if (attempt.reason !== 'not a JSON object') continue;
    const message = `${attempt.url} answers 200 with JSON that is not an object, so it is not an agent card.`;
    findings.add('A2A-029', message, attempt.url);
  }
  if (!search.found) {
    if (search.unreachable && search.attempts.every((a) => a.status === null)) {
      findings.add(
        'A2A-025',
        `The endpoint could not be reached (${search.unreachable.kind}); see the HTTP layer.`,
        ctx.url.href,
      );
    } else {
      findings.add(
        'A2A-002',
        `No agent card at ${search.attempts.map((a) => `${a.url} (${a.reason})`).join(', ')}.`,
        ctx.url.href,
      );
    }
    return {
      layer: 'a2a',
      status: 'not_detected',
      categories: empty,
      summary: {},
      messages: findings.messages,
      raw: { attempts: search.attempts },
    };
  }
  const at = search.url;
  const facts = validateCard(search.card, at, findings);
  const hybrid = facts.hybrid ? ' with 1.0 supportedInterfaces' : '';
  const protocols = facts.protocolVersions.length ? `, protocol ${facts.protocolVersions.join(', ')}` : '';
  findings.add('A2A-001', `Agent card (A2A ${facts.version}${hybrid}${protocols}) at ${at}.`, at);
  if (/\/agent\.json$/.test(new URL(at).pathname) && facts.version !== '0.2')
    findings.add(
      'A2A-004',
      `A ${facts.version} card should be at /.well-known/agent-card.json; it is only at ${at}.`,
      at,
    );

  // A 0.2/0.3 answer may be a server's default for clients without A2A-Version: ask for 1.0 too.
  let modern: ReturnType<typeof validateCard> | null = null;
  if (facts.version !== '1.0') {
    const again = await getJsonObject(ctx, new URL(at), { 'a2a-version': '1.0' });
    if (again.json && cardVersion(again.json) === '1.0') {
      const sub = new Findings(a2aCodes);
      modern = validateCard(again.json, `${at} (A2A-Version: 1.0)`, sub);
      for (const m of sub.messages) findings.add(m.code as keyof typeof a2aCodes, m.message, m.location);
      findings.add(
        'A2A-003',
        `With A2A-Version: 1.0 the same URL serves a 1.0 card (${modern.bindings.join(', ')}).`,
        at,
      );
    }
  }
  const primary = modern ?? facts;
  const ext = readExtensions(primary.extensions, at, findings);

  let negotiation: Negotiation | null = null;
  const rpc = primary.interfaces['JSONRPC'];
  if (rpc) {
    const requested = [ext.ap2?.uri, ext.x402?.uri].filter((u): u is string => typeof u === 'string');
    negotiation = await negotiate(ctx, rpc.url, primary.version, requested);
    if (!negotiation.jsonRpc) {
      findings.add(
        'A2A-023',
        `${negotiation.method} on ${rpc.url} ` +
          `${
            negotiation.failure
              ? `failed (${negotiation.failure})`
              : `answered ${negotiation.status} without a ` + `JSON-RPC response`
          }.`,
        rpc.url,
      );
    } else if (negotiation.errorCode === -32009) {
      findings.add(
        'A2A-023',
        `${rpc.url} refused A2A-Version 1.0: ${negotiation.errorMessage ?? 'VersionNotSupported'}.`,
        rpc.url,
      );
    } else {
      findings.add(
        'A2A-027',
        `${negotiation.method} on ${rpc.url} answered ` +
          `JSON-RPC${
            negotiation.errorCode !== null
              ? ` (error ${negotiation.errorCode}, as expected for an ` + `unknown task)`
              : ''
          }.`,
        rpc.url,
      );
      if (requested.length > 0) {
        const missing = requested.filter((u) => !negotiation!.activated.includes(u));
        if (missing.length === 0)
          findings.add(
            'A2A-021',
            `${negotiation.header} echoed the activated extensions: ${negotiation.activated.join(', ')}.`,
            negotiation.header,
          );
        else
          findings.add(
            'A2A-022',
            `Requested ${requested.join(', ')} in ${negotiation.header}; the agent echoed ` +
              `${negotiation.activated.length ? negotiation.activated.join(', ') : 'none'}.`,
            negotiation.header,
          );
      }
    }
  }

  const status = findings.verdict();
  const caps = primary.capabilities;
  return {
    layer: 'a2a',
    status,
    categories: {
      hasAgentCard: true,
      hasValidStructure: !findings.messages.some(
        (m) =>
          m.severity === 'error' && ['A2A-005', 'A2A-006', 'A2A-008', 'A2A-010', 'A2A-012', 'A2A-024'].includes(m.code),
      ),
      hasSkills: primary.skills.length > 0,
      supportsStreaming: caps['streaming'] === true,
      supportsPushNotifications: (caps['pushNotifications'] ?? caps['push_notifications']) === true,
      hasSecuritySchemes: primary.securitySchemes.length > 0,
      hasProvider: primary.provider !== null,
      supportsJsonRpc: primary.bindings.includes('JSONRPC'),
      supportsGrpc: primary.bindings.includes('GRPC'),
      supportsHttpJson: primary.bindings.includes('HTTP+JSON'),
      supportsExtendedCard: primary.supportsExtendedCard,
      hasDocumentation: primary.documentationUrl !== null,
      hasSignatures: primary.hasSignatures,
      supportsAp2: ext.ap2 !== null,
      supportsA2aX402: ext.x402 !== null,
      extensionsNegotiated: negotiation !== null && negotiation.activated.length > 0,
    },
    summary: {
      agentName: primary.name,
      agentDescription: primary.description,
      agentVersion: primary.agentVersion,
      cardVersion: primary.version,
      hybridCard: facts.hybrid,
      servedVersions: modern ? [facts.version, '1.0'] : [facts.version],
      protocolVersions: [...new Set([...facts.protocolVersions, ...(modern?.protocolVersions ?? [])])],
      cardUrl: at,
      skillCount: primary.skills.length,
      skills: primary.skills.slice(0, 20).map((s) => s.name ?? s.id ?? '?'),
      protocolBindings: primary.bindings,
      provider: primary.provider?.organization ?? null,
      ap2Version: ext.ap2?.version ?? (ext.ap2 ? 'non-standard' : null),
      ap2Roles: ext.ap2?.roles ?? [],
      x402Extension: ext.x402?.version ?? (ext.x402 ? 'non-standard' : null),
      extensions: ext.uris,
      activatedExtensions: negotiation?.activated ?? [],
    },
    messages: findings.messages,
    raw: { cardUrl: at, card: search.card, attempts: search.attempts, modernCard: modern ? true : false, negotiation },
  };
}

/** The A2A / AP2 layer. */
export const a2aLayer: Layer = defineLayer('a2a', run);
