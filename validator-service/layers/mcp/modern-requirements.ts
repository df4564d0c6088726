/**
 * The 2026-07-28 rules only a deliberately wrong request can show (an SDK client never sends one):
 * an unknown protocol version is refused with -32022 naming the supported ones; a missing or
 * mismatched `MCP-Protocol-Version`, `Mcp-Method` or `Mcp-Name` header is refused with -32020; a
 * Base64-encoded `Mcp-Name` that matches is accepted; an envelope without client capabilities is
 * -32602; an unknown method is 404 with -32601. No probe can change anything, and none is a
 * `tools/call`: `Mcp-Name` is probed with `resources/read` or `prompts/get` of a name no server has
 * (and not at all on a server that declares neither).
 */
import type { LayerContext } from '../layer.ts';
import { requestSignal } from '../shared/deadline.ts';
import { readBodyText } from '../shared/read-body.ts';
import { validatorClientInfo } from './connect.ts';
import { responseMessage } from './result-capture.ts';

/** The protocol revision these rules belong to. */
export const MODERN_VERSION = '2026-07-28';

/** A name no server has, for the read-only requests that carry `Mcp-Name`. */
export const PROBE_NAME = 'toolkit-validator-probe-no-such-entry';

/** One rule that was not followed. */
export interface MissedRequirement {
  /** What the spec asks, in a few words. */
  readonly rule: string;
  /** What the endpoint did instead. */
  readonly observed: string;
}

interface Answer {
  readonly status: number | null;
  readonly code: number | null;
  readonly data: Record<string, unknown> | null;
}

const envelope = (version: string, capabilities = true): Record<string, unknown> => ({
  'io.modelcontextprotocol/protocolVersion': version,
  ...(capabilities ? { 'io.modelcontextprotocol/clientCapabilities': {} } : {}),
  'io.modelcontextprotocol/clientInfo': validatorClientInfo,
});

/** One hand-made POST; never throws. */
async function send(
  ctx: LayerContext,
  headers: Record<string, string>,
  method: string,
  params: Record<string, unknown>,
): Promise<Answer> {
  try {
    const response = await ctx.fetch(ctx.url, {
      method: 'POST',
      redirect: 'manual',
      signal: requestSignal(ctx),
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const { text } = await readBodyText(response, 64 * 1024);
    const message = responseMessage(text, /event-stream/i.test(response.headers.get('content-type') ?? ''));
    const error = message?.error as { code?: unknown; data?: unknown } | undefined;
    return {
      status: response.status,
      code: typeof error?.code === 'number' ? error.code : null,
      data: error?.data !== null && typeof error?.data === 'object' ? (error.data as Record<string, unknown>) : null,
    };
  } catch {
    return { status: null, code: null, data: null };
  }
}

const describe = (answer: Answer): string =>
  answer.status === null
    ? 'no answer'
    : `${answer.status}${answer.code === null ? ' without a JSON-RPC error' : ` with ${answer.code}`}`;

/** Runs every probe concurrently and returns the rules the endpoint did not follow. */
export async function checkModernRequirements(
  ctx: LayerContext,
  capabilities: Record<string, unknown>,
): Promise<MissedRequirement[]> {
  const standard = (method: string, extra: Record<string, string> = {}) => ({
    'mcp-protocol-version': MODERN_VERSION,
    'mcp-method': method,
    ...extra,
  });
  const discover = (headers: Record<string, string>, version = MODERN_VERSION, capabilitiesToo = true) =>
    send(ctx, headers, 'server/discover', { _meta: envelope(version, capabilitiesToo) });
  const { 'mcp-method': _method, ...withoutMethod } = standard('server/discover');
  const { 'mcp-protocol-version': _version, ...withoutVersion } = standard('server/discover');
  // resources/read names its target by URI, prompts/get by name; both only read.
  const named = capabilities.resources
    ? { method: 'resources/read', params: { uri: `urn:${PROBE_NAME}` }, name: `urn:${PROBE_NAME}` }
    : capabilities.prompts
      ? { method: 'prompts/get', params: { name: PROBE_NAME }, name: PROBE_NAME }
      : undefined;
  const read = (extra: Record<string, string>) =>
    named
      ? send(ctx, standard(named.method, extra), named.method, { ...named.params, _meta: envelope(MODERN_VERSION) })
      : undefined;
  const [
    unknownVersion,
    noVersion,
    noMethod,
    wrongMethod,
    wrongVersion,
    noEnvelope,
    unknownMethod,
    noName,
    base64Name,
  ] = await Promise.all([
    discover({ ...standard('server/discover'), 'mcp-protocol-version': '2099-01-01' }, '2099-01-01'),
    discover(withoutVersion),
    discover(withoutMethod),
    discover(standard('tools/list')),
    discover({ ...standard('server/discover'), 'mcp-protocol-version': '2025-11-25' }),
    discover(standard('server/discover'), MODERN_VERSION, false),
    send(ctx, standard('toolkit/validator-probe'), 'toolkit/validator-probe', { _meta: envelope(MODERN_VERSION) }),
    read({}),
    named ? read({ 'mcp-name': `=?base64?${Buffer.from(named.name).toString('base64')}?=` }) : undefined,
  ]);

  const missed: MissedRequirement[] = [];
  const expect = (answer: Answer | undefined, status: number, code: number, rule: string) => {
    if (answer && (answer.status !== status || answer.code !== code)) missed.push({ rule, observed: describe(answer) });
  };
  expect(
    unknownVersion,
    400,
    -32022,
    'an unsupported protocol version is refused with 400 and -32022 (UnsupportedProtocolVersion)',
  );
  const supported = unknownVersion.data?.supported;
  if (
    unknownVersion.code === -32022 &&
    (!Array.isArray(supported) || unknownVersion.data?.requested !== '2099-01-01')
  ) {
    missed.push({
      rule:
        'the -32022 error names the supported versions (data.supported) and echoes the requested one ' +
        '(data.requested)',
      observed: JSON.stringify(unknownVersion.data),
    });
  }
  expect(
    noVersion,
    400,
    -32020,
    'a request without the MCP-Protocol-Version header is refused with 400 and -32020 (HeaderMismatch)',
  );
  expect(noMethod, 400, -32020, 'a request without the Mcp-Method header is refused with 400 and -32020');
  expect(wrongMethod, 400, -32020, 'an Mcp-Method header that differs from the body is refused with 400 and -32020');
  expect(
    wrongVersion,
    400,
    -32020,
    'an MCP-Protocol-Version header that differs from the _meta version is refused with 400 and -32020',
  );
  expect(
    noEnvelope,
    400,
    -32602,
    'an envelope without io.modelcontextprotocol/clientCapabilities is refused with 400 and -32602',
  );
  expect(unknownMethod, 404, -32601, 'an unknown method is answered 404 with -32601');
  expect(
    noName,
    400,
    -32020,
    `a ${named?.method ?? 'request'} without the Mcp-Name header is refused with 400 and -32020`,
  );
  if (base64Name && base64Name.code === -32020)
    missed.push({
      rule: 'a Base64-encoded Mcp-Name (=?base64?…?=) that matches the body is accepted',
      observed: describe(base64Name),
    });
  return missed;
}
