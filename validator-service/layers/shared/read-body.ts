/**
 * Reads at most `limit` bytes of a response body, then cancels the rest: endpoints under test are
 * untrusted and may stream forever or send huge pages.
 */

/** The first `limit` bytes of the body as UTF-8 text, and whether it was cut. */
export async function readBodyText(
  response: Response,
  limit = 256 * 1024,
): Promise<{ text: string; truncated: boolean }> {
  if (!response.body) return { text: '', truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
      if (size >= limit) {
        truncated = true;
        break;
      }
    }
  } finally {
    if (truncated) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  const bytes = Buffer.concat(chunks).subarray(0, limit);
  return { text: new TextDecoder('utf-8', { fatal: false }).decode(bytes), truncated };
}

/** Discards a body we do not need so the connection can be reused or closed. */
export async function discardBody(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}
