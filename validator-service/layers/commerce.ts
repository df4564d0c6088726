/**
 * The commerce layer: does the endpoint's origin publish agentic-commerce discovery documents — a
 * UCP business profile (`/.well-known/ucp`) or ACP discovery (`/.well-known/acp.json`, and the
 * competing paths some tools read) — and do they have the published shapes? Detection: a JSON
 * object at one of those paths (`commerce/locations.ts`); a JSON value that is not an object is a
 * broken document (COM-010); nothing at any path is not detected. All paths are asked at once.
 */
import { commerceCodes } from './commerce/codes.ts';
import { validateAcp, validateAcpVariant, type AcpFacts } from './commerce/acp.ts';
import { COMMERCE_LOCATIONS, type CommerceLocation } from './commerce/locations.ts';
import { validateUcp, type UcpFacts } from './commerce/ucp.ts';
import type { Layer, LayerContext, LayerResult } from './layer.ts';
import { defineLayer } from './shared/define-layer.ts';
import { fetchJsonObject, type JsonAttempt } from './shared/fetch-json.ts';
import { Findings } from './shared/findings.ts';
import { counted } from '../../runtime/counted.ts';

type Result = Omit<LayerResult, 'durationMs'>;

const none = {
  hasUcpProfile: false,
  hasAcpDiscovery: false,
  acpAtStandardPath: false,
  usesNonStandardPath: false,
  hasSigningKeys: false,
};

/** ` (dev.ucp.shopping over rest, mcp)`, or nothing without services. */
function describeServices(ucp: UcpFacts): string {
  if (ucp.services.length === 0) return '';
  const over = ucp.transports.length ? ` over ${ucp.transports.join(', ')}` : '';
  return ` (${ucp.services.join(', ')}${over})`;
}

/** `: checkout, orders over rest, mcp`, or nothing without services. */
function describeAcp(facts: AcpFacts): string {
  if (facts.services.length === 0) return '';
  return `: ${facts.services.join(', ')} over ${facts.transports.join(', ') || 'no transport'}`;
}

async function run(ctx: LayerContext): Promise<Result> {
  const findings = new Findings(commerceCodes);
  const attempts = await Promise.all(
    COMMERCE_LOCATIONS.map(async (location) => ({
      location,
      attempt: await fetchJsonObject(ctx, new URL(location.path, ctx.url.origin).href),
    })),
  );
  for (const { attempt } of attempts) {
    if (!attempt.ok && attempt.reason === 'the body is not a JSON object')
      findings.add(
        'COM-010',
        `${attempt.url} answers 200 with JSON that is not an object, so it is not a discovery document.`,
        attempt.url,
      );
  }
  const found = attempts.filter(
    (a): a is { location: CommerceLocation; attempt: Extract<JsonAttempt, { ok: true }> } => a.attempt.ok,
  );
  if (found.length === 0) {
    const raw = { attempts: attempts.map((a) => a.attempt) };
    if (attempts.every((a) => !a.attempt.ok && a.attempt.status === null)) {
      const reason = (attempts[0]?.attempt as { reason?: string } | undefined)?.reason ?? 'request failed';
      findings.add(
        'COM-012',
        `The commerce discovery paths could not be fetched (${reason}); see the HTTP layer.`,
        ctx.url.origin,
      );
    } else if (!findings.has('COM-010')) {
      findings.add(
        'COM-003',
        `No UCP profile or ACP discovery document at ${COMMERCE_LOCATIONS.map((l) => l.path).join(', ')}.`,
        ctx.url.origin,
      );
    }
    return {
      layer: 'commerce',
      status: findings.has('COM-010') ? 'fail' : 'not_detected',
      categories: none,
      summary: {},
      messages: findings.messages,
      raw,
    };
  }

  let ucp: UcpFacts | null = null;
  const acp: { convention: string; path: string; facts: AcpFacts }[] = [];
  for (const { location, attempt } of found) {
    if (location.convention === 'ucp') {
      ucp = validateUcp(attempt.json, attempt.url, findings);
      findings.add(
        'COM-001',
        `UCP business profile ${ucp.version ?? '(no version)'} at ${location.path}: ` +
          `${ucp.services.length} service(s)${describeServices(ucp)}, ` +
          `${ucp.paymentHandlers.length} payment handler(s), ` +
          `${counted(ucp.capabilities.length, 'capability', 'capabilities')}.`,
        attempt.url,
      );
      continue;
    }
    const facts =
      location.convention === 'acp'
        ? validateAcp(attempt.json, attempt.url, findings)
        : validateAcpVariant(location.convention, attempt.json, attempt.url, findings);
    acp.push({ convention: location.convention, path: location.path, facts });
    findings.add(
      'COM-002',
      `ACP discovery${facts.version ? ` ${facts.version}` : ''} at ${location.path}, the path of ${location.source}` +
        `${describeAcp(facts)}.`,
      attempt.url,
    );
  }
  const standardAcp = acp.some((a) => a.convention === 'acp');
  if (acp.length > 0 && !standardAcp) {
    findings.add(
      'COM-009',
      `ACP discovery only at ${acp.map((a) => a.path).join(', ')}: agents following the ACP specification read ` +
        `/.well-known/acp.json.`,
      ctx.url.origin,
    );
  }
  const primary = acp.find((a) => a.convention === 'acp') ?? acp[0] ?? null;
  return {
    layer: 'commerce',
    status: findings.verdict(),
    categories: {
      hasUcpProfile: ucp !== null,
      hasAcpDiscovery: acp.length > 0,
      acpAtStandardPath: standardAcp,
      usesNonStandardPath: acp.some((a) => a.convention !== 'acp'),
      hasSigningKeys: ucp?.keyField != null,
    },
    summary: {
      ucpVersion: ucp?.version ?? null,
      ucpServices: ucp?.services ?? [],
      acpVersion: primary?.facts.version ?? null,
      acpPaths: acp.map((a) => a.path),
      acpServices: primary?.facts.services ?? [],
      acpTransports: primary?.facts.transports ?? [],
    },
    messages: findings.messages,
    raw: {
      documents: found.map((f) => ({
        path: f.location.path,
        convention: f.location.convention,
        url: f.attempt.url,
        document: f.attempt.json,
      })),
      attempts: attempts.map((a) => a.attempt),
    },
  };
}

/** The commerce layer. */
export const commerceLayer: Layer = defineLayer('commerce', run);
