/**
 * The endpoint's kind, named from what the layers detected (a commerce endpoint, a payment endpoint,
 * an agent, an MCP server, a website, an API), and a summary that says what the grade means for that
 * kind: findings of the layers that matter for it come first, and what is expected where the
 * endpoint runs (plain HTTP on a loopback development server) is a note, not the headline. The grade
 * itself is unchanged (A–C over every finding); the profile only orders and explains.
 */
import type { LayerName } from '../layers/layer.ts';
import type { Assessment } from '../pipeline/assessment.ts';
import { findingsOf, type Finding } from './findings.ts';
import { counted } from '../../runtime/counted.ts';

export type EndpointKind = 'commerce' | 'payment' | 'agent' | 'mcp-server' | 'website' | 'api' | 'unreachable';

export interface Profile {
  /** The most specific kind detected. */
  readonly kind: EndpointKind;
  /** Human name of `kind`, e.g. `MCP server`. */
  readonly label: string;
  /** Every kind the evidence supports, most specific first. */
  readonly kinds: readonly EndpointKind[];
  /** One sentence: kind, grade and what matters most for that kind. */
  readonly summary: string;
  /** Up to three findings that matter most for this kind (errors, then warnings, its layers first). */
  readonly headline: readonly Finding[];
  /** Findings expected where the endpoint runs, each with why it is not the headline. */
  readonly notes: readonly { readonly code: string; readonly note: string }[];
}

export const KIND_LABELS: Readonly<Record<EndpointKind, string>> = {
  commerce: 'commerce endpoint',
  payment: 'payment endpoint',
  agent: 'agent',
  'mcp-server': 'MCP server',
  website: 'website',
  api: 'API',
  unreachable: 'unreachable endpoint',
};

/** The layers whose findings matter most for each kind. */
const RELEVANT: Readonly<Record<EndpointKind, readonly LayerName[]>> = {
  commerce: ['commerce', 'oauth', 'http'],
  payment: ['x402', 'mcp', 'a2a', 'http'],
  agent: ['a2a', 'erc8004', 'oauth', 'http'],
  'mcp-server': ['mcp', 'oauth', 'ui', 'http'],
  website: ['html', 'http'],
  api: ['http'],
  unreachable: ['http'],
};

/** What a grade promises for each kind, in a few words. */
const MEANING: Readonly<Record<EndpointKind, string>> = {
  commerce: 'agents can discover what it sells and how to check out',
  payment: 'clients can read its payment requirements and pay',
  agent: 'other agents can find its card and talk to it',
  'mcp-server': 'MCP clients can connect, list and use what it offers',
  website: 'browsers and crawlers get a well-formed page',
  api: 'clients reach it over sound HTTP',
  unreachable: 'nothing answered, so nothing else could be judged',
};

const detected = (a: Assessment, layer: LayerName) =>
  a.layers[layer]?.status !== undefined && a.layers[layer].status !== 'not_detected';

/** Loopback and `localhost` hosts: a development server on this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1';
}

/** The kinds the assessment's evidence supports, most specific first. */
export function kindsOf(a: Assessment): EndpointKind[] {
  const kinds: EndpointKind[] = [];
  if (detected(a, 'commerce')) kinds.push('commerce');
  if (detected(a, 'x402')) kinds.push('payment');
  if (detected(a, 'a2a') || detected(a, 'erc8004')) kinds.push('agent');
  if (detected(a, 'mcp') || detected(a, 'ui')) kinds.push('mcp-server');
  const http = a.layers.http?.categories ?? {};
  if (detected(a, 'html') || http['isWebsite'] === true) kinds.push('website');
  if (http['isApiEndpoint'] === true && !kinds.includes('mcp-server')) kinds.push('api');
  if (kinds.length === 0) kinds.push(http['isHttpReachable'] === false ? 'unreachable' : 'api');
  return kinds;
}

const RANK = { error: 0, warning: 1, info: 2 } as const;

/** The profile of an assessment. */
export function profileOf(a: Assessment): Profile {
  const kinds = kindsOf(a);
  const kind = kinds[0]!;
  const relevant = RELEVANT[kind];
  const local = (() => {
    try {
      return isLoopbackHost(new URL(a.url).hostname);
    } catch {
      return false;
    }
  })();
  const notes: { code: string; note: string }[] = [];
  const all = findingsOf(a).filter((f) => {
    if (local && f.code === 'HTTP-004') {
      notes.push({
        code: f.code,
        note: 'plain HTTP is expected on a loopback development server; it matters once the endpoint is deployed',
      });
      return false;
    }
    return true;
  });
  const weight = (f: Finding) => RANK[f.severity] * 100 + (relevant.includes(f.layer) ? relevant.indexOf(f.layer) : 50);
  const headline = all
    .filter((f) => f.severity !== 'info')
    .sort((x, y) => weight(x) - weight(y))
    .slice(0, 3);
  const label = KIND_LABELS[kind];
  const also = kinds.slice(1).map((k) => KIND_LABELS[k]);
  const what = `${label.charAt(0).toUpperCase()}${label.slice(1)}${also.length ? ` (also ${also.join(', ')})` : ''}`;
  const top = headline[0];
  const verdict =
    top === undefined
      ? `grade ${a.grade}: ` +
        `${MEANING[kind]}${notes.length ? ` (${counted(notes.length, 'note')} on where it runs)` : ''}`
      : `grade ${a.grade}: first fix ${top.code} (${top.title}) so ${MEANING[kind]}`;
  return { kind, label, kinds, summary: `${what}, ${verdict}.`, headline, notes };
}
