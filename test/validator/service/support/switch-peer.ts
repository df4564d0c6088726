/**
 * An endpoint that changes between two assessments: a loopback front that forwards every request to
 * whichever of two official-SDK MCP servers is current (`use('before' | 'after')`). `before` lists
 * five tools; `after` three, with failing lists (errors the validator reports).
 */
import { createServer, request, type Server } from 'node:http';
import { closeServer, listen } from '../../../peers/listen.ts';
import { startStreamableMcpServer, type StreamablePeer } from '../../../peers/mcp-streamable-server.ts';

export interface SwitchPeer {
  /** The endpoint URL (`http://127.0.0.1:<port>/mcp`). */
  readonly url: string;
  readonly before: StreamablePeer;
  readonly after: StreamablePeer;
  use(which: 'before' | 'after'): void;
  close(): Promise<void>;
}

export async function startSwitchPeer(name = 'drifting'): Promise<SwitchPeer> {
  const before = await startStreamableMcpServer({ name, toolCount: 5 });
  const after = await startStreamableMcpServer({ name, toolCount: 3, failingLists: true });
  let target = before;
  const front: Server = createServer((req, res) => {
    const to = new URL(target.url);
    const options = { host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers };
    const upstream = request(options, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const port = await listen(front);
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    before,
    after,
    use(which) {
      target = which === 'before' ? before : after;
    },
    async close() {
      await closeServer(front);
      await before.close();
      await after.close();
    },
  };
}
