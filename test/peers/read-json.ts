/** Reads a request body as JSON for peers that must inspect a message before the SDK sees it. */
import type { IncomingMessage } from 'node:http';

/** The parsed body, or undefined when it is empty or not JSON. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** JSON-RPC method names in a message or batch, for peers that log what clients asked. */
export function methodsOf(body: unknown): string[] {
  const messages = Array.isArray(body) ? body : [body];
  return messages.flatMap((m) =>
    m && typeof m === 'object' && typeof (m as { method?: unknown }).method === 'string'
      ? [(m as { method: string }).method]
      : [],
  );
}
