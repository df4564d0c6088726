/**
 * x402 over MCP. Connects with the MCP layer's connector, lists tools, and calls only the tools whose
 * listing marks them as payment-gated (`paid-tools.ts`), without any payment. A paid tool answers
 * either in the current transport form (result `isError: true`, `structuredContent` = PaymentRequired,
 * `content[0].text` = the same JSON) or in the older JSON-RPC error form (code 402, `error.data`).
 */
import type { Tool } from '@modelcontextprotocol/client';
import type { LayerContext } from '../layer.ts';
import type { connectMcp } from '../mcp/connect.ts';
import { raceSignal, requestSignal } from '../shared/deadline.ts';
import { Findings } from '../shared/findings.ts';
import { withMcpSession } from '../shared/mcp-session.ts';
import { x402Codes, type X402Code } from './codes.ts';
import { minimalArguments, paymentMarker, type ListedTool } from './paid-tools.ts';
import { analysePaymentRequired, type PaymentRequiredFacts } from './payment-required.ts';
import { loadEvmAddresses } from './evm-address.ts';
import { isObject } from '../../../runtime/is-object.ts';

export interface PaidToolReport {
  readonly tool: string;
  readonly marker: string;
  readonly outcome: 'payment-required' | 'legacy-error' | 'no-payment-asked' | 'error' | 'not-called';
  readonly facts: PaymentRequiredFacts | null;
  readonly detail: string | null;
}

export interface McpProbe {
  readonly connected: boolean;
  readonly toolCount: number;
  readonly paidTools: readonly PaidToolReport[];
}

/** At most this many payment-gated tools are asked for their price per assessment. */
const MAX_CALLS = 5;

/** Canonical JSON (sorted keys) to compare `structuredContent` with `content[0].text`. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, value: unknown) =>
    isObject(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, value[k]]),
        )
      : value,
  );

/** Probes the endpoint as MCP (the assessment's shared session); `connected: false` when it is not an MCP endpoint. */
export function probeMcp(ctx: LayerContext, findings: Findings<X402Code>): Promise<McpProbe> {
  return withMcpSession(ctx, async ({ outcome, tools }) => {
    if (outcome.kind !== 'connected') return { connected: false, toolCount: 0, paidTools: [] };
    if (!tools) return { connected: true, toolCount: 0, paidTools: [] };
    const listed = tools.items as unknown as ListedTool[];
    const marked = listed.flatMap((tool) => {
      const marker = paymentMarker(tool);
      return marker ? [{ tool, marker }] : [];
    });
    // Asked concurrently; findings of each call are collected apart and added in listing order.
    const reports: PaidToolReport[] = [];
    const asked = await Promise.all(
      marked.slice(0, MAX_CALLS).map(async ({ tool, marker }) => {
        const own = new Findings(x402Codes);
        return { report: await askPrice(ctx, outcome.connection.client, tool, marker, own), own };
      }),
    );
    for (const { report, own } of asked) {
      for (const m of own.messages) findings.add(m.code as X402Code, m.message, m.location);
      reports.push(report);
    }
    for (const { tool, marker } of marked.slice(MAX_CALLS))
      reports.push({
        tool: tool.name,
        marker,
        outcome: 'not-called',
        facts: null,
        detail: `only the first ${MAX_CALLS} are asked`,
      });
    return { connected: true, toolCount: listed.length, paidTools: reports };
  });
}

type McpClient = Extract<Awaited<ReturnType<typeof connectMcp>>, { kind: 'connected' }>['connection']['client'];

async function askPrice(
  ctx: LayerContext,
  client: McpClient,
  tool: ListedTool,
  marker: string,
  findings: Findings<X402Code>,
): Promise<PaidToolReport> {
  const where = `tools/call ${tool.name}`;
  let result: Record<string, unknown>;
  try {
    const signal = requestSignal(ctx);
    // The listed definition goes along, so the client checks the result against its output schema as
    // it would after its own aggregated tools/list (the shared session lists page by page).
    const toolDefinition = tool as unknown as Tool;
    result = (await raceSignal(
      client.callTool(
        { name: tool.name, arguments: minimalArguments(tool) },
        { signal, timeout: ctx.timeoutMs, toolDefinition },
      ),
      signal,
    )) as Record<string, unknown>;
  } catch (error) {
    const { code, data, message } = (error ?? {}) as { code?: unknown; data?: unknown; message?: unknown };
    if ((code === 402 || code === -32402) && isObject(data)) {
      findings.add(
        'X402-007',
        `${tool.name} signals payment as a JSON-RPC error (code ${String(code)}); the x402 MCP transport now uses a ` +
          `tool result with isError and structuredContent.`,
        where,
      );
      await loadEvmAddresses();
      const facts = analysePaymentRequired(data, `${where} error.data`, findings);
      return { tool: tool.name, marker, outcome: 'legacy-error', facts, detail: null };
    }
    const text = typeof message === 'string' ? message : String(error);
    findings.add(
      'X402-024',
      `${tool.name} is marked payment-gated (${marker}) but the call failed: ${text.slice(0, 200)}`,
      where,
    );
    return { tool: tool.name, marker, outcome: 'error', facts: null, detail: text.slice(0, 200) };
  }
  const structured = result['structuredContent'];
  const content = Array.isArray(result['content']) ? (result['content'] as { type?: unknown; text?: unknown }[]) : [];
  const firstText = content[0]?.type === 'text' && typeof content[0].text === 'string' ? content[0].text : null;
  let parsedText: unknown = null;
  try {
    parsedText = firstText !== null ? JSON.parse(firstText) : null;
  } catch {
    parsedText = null;
  }
  const carries = (v: unknown) => isObject(v) && 'x402Version' in v;
  if (result['isError'] === true && (carries(structured) || carries(parsedText))) {
    if (!carries(structured))
      findings.add(
        'X402-022',
        `${tool.name}: the PaymentRequired is only in content[0].text; structuredContent must carry it too.`,
        where,
      );
    else if (firstText === null || !carries(parsedText) || canonical(parsedText) !== canonical(structured))
      findings.add(
        'X402-022',
        `${tool.name}: content[0].text must be the JSON of the PaymentRequired in structuredContent.`,
        `${where} content[0]`,
      );
    await loadEvmAddresses();
    const facts = analysePaymentRequired(
      carries(structured) ? structured : parsedText,
      `${where} structuredContent`,
      findings,
    );
    return { tool: tool.name, marker, outcome: 'payment-required', facts, detail: null };
  }
  if (result['isError'] === true) {
    const detail = firstText?.slice(0, 200) ?? 'no text';
    findings.add(
      'X402-024',
      `${tool.name} is marked payment-gated (${marker}) but answered an error without a PaymentRequired: ${detail}`,
      where,
    );
    return { tool: tool.name, marker, outcome: 'error', facts: null, detail };
  }
  findings.add(
    'X402-021',
    `${tool.name} is marked payment-gated (${marker}) but answered without asking for payment.`,
    where,
  );
  return { tool: tool.name, marker, outcome: 'no-payment-asked', facts: null, detail: null };
}
