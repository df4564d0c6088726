/** Tiny Layer objects for service tests: fixed verdicts, or probes through the guarded ctx.fetch. */
import type { Layer, LayerContext, LayerName, LayerStatus } from '../../../../validator-service/layers/layer.ts';

/** A layer that answers `status` immediately. */
export function fixedLayer(name: LayerName, status: LayerStatus, message = `${name} says ${status}`): Layer {
  return {
    name,
    async run() {
      return {
        layer: name,
        status,
        categories: { [`${name}Checked`]: true },
        summary: { verdictFrom: 'fixed' },
        raw: { fixed: true },
        messages: [
          {
            code: `${name.toUpperCase()}-900`,
            severity: status === 'fail' ? 'error' : 'info',
            message,
            location: null,
          },
        ],
      };
    },
  };
}

/** A layer that fetches `path` on the target through ctx.fetch and reports what came back. */
export function fetchingLayer(name: LayerName, path = '/'): Layer {
  return {
    name,
    async run(ctx: LayerContext) {
      try {
        const response = await ctx.fetch(new URL(path, ctx.url), { signal: ctx.signal });
        const text = await response.text();
        return {
          layer: name,
          status: response.ok ? 'pass' : 'not_detected',
          categories: { isReachable: true },
          summary: { statusCode: response.status, body: text.slice(0, 100) },
          raw: null,
          messages: [],
        };
      } catch (error) {
        return {
          layer: name,
          status: 'fail',
          categories: { isReachable: false },
          summary: {},
          raw: null,
          messages: [
            { code: 'FAKE-001', severity: 'error', message: (error as Error).message, location: ctx.url.href },
          ],
        };
      }
    },
  };
}

/** A layer that never settles on its own (only the deadline ends it); records its abort. */
export function hangingLayer(name: LayerName, onAbort?: (reason: unknown) => void): Layer {
  return {
    name,
    run: (ctx) =>
      new Promise(() => {
        ctx.signal.addEventListener('abort', () => onAbort?.(ctx.signal.reason), { once: true });
      }),
  };
}

/** A layer that throws. */
export function throwingLayer(name: LayerName, message: string): Layer {
  return {
    name,
    run: async () => {
      throw new Error(message);
    },
  };
}

/** A minimal MCP probe: posts `initialize` through ctx.fetch; pass when a serverInfo comes back. */
export function mcpProbeLayer(): Layer {
  return {
    name: 'mcp',
    async run(ctx) {
      const finding = (status: LayerStatus, summary: Record<string, unknown>, message?: string) => ({
        layer: 'mcp' as const,
        status,
        categories: { supportsMcp: status === 'pass' },
        summary,
        raw: null,
        messages: message
          ? [
              {
                code: 'FAKE-MCP',
                severity: status === 'fail' ? ('error' as const) : ('info' as const),
                message,
                location: ctx.url.href,
              },
            ]
          : [],
      });
      try {
        const response = await ctx.fetch(ctx.url, {
          method: 'POST',
          signal: ctx.signal,
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'initialize',
            params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '0' } },
          }),
        });
        if (!response.ok)
          return finding('not_detected', { statusCode: response.status }, `no MCP endpoint (HTTP ${response.status})`);
        const body = (await response.json()) as { result?: { serverInfo?: { name: string; version: string } } };
        const info = body.result?.serverInfo;
        return info
          ? finding('pass', { serverName: info.name, serverVersion: info.version })
          : finding('fail', {}, 'initialize returned no serverInfo');
      } catch (error) {
        return finding('fail', {}, (error as Error).message);
      }
    },
  };
}
