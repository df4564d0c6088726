/**
 * Every reply a server sends a client is capped (default 1 MiB): tool results, `prompts/get` and
 * `resources/read`. A 20 MB answer closes most clients' connections and holds megabytes per request
 * in the server; past the cap the text is cut where the budget ends, at a character boundary, and a
 * readable note says where and why, so the model knows what it got. The cap is counted in UTF-8
 * bytes of the text (and base64 of images and blobs); a result whose structured content no longer
 * matches once cut loses it, and a tool with an output schema then answers its cut text as an error.
 *
 * Set at the entry point (`--max-reply-bytes N`, `TOOLKIT_MAX_REPLY_BYTES`; see `server-main.ts`).
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ServedTools } from '../create-runtime.ts';
import type { RuntimeTool } from '../runtime-tool.ts';
import type { GetPromptResult, ReadResult, ServedPrompts, ServedResources } from '../served-primitives.ts';

export const DEFAULT_MAX_REPLY_BYTES = 1024 * 1024;
/** The smallest cap accepted: room for a short answer and the note. */
export const MIN_MAX_REPLY_BYTES = 1024;

/** The note that ends a cut reply; names the setting that moves the cap. */
export const cutNote = (total: number, max: number): string =>
  `\n[toolkit: the reply was cut here: it is ${total.toLocaleString('en-US')} bytes, over the server's reply cap of ` +
  `${max.toLocaleString('en-US')} (--max-reply-bytes or TOOLKIT_MAX_REPLY_BYTES)]`;

/** `text` cut to at most `bytes` UTF-8 bytes, never inside a character. */
export function cutToBytes(text: string, bytes: number): string {
  if (bytes <= 0) return '';
  if (text.length * 3 <= bytes) return text;
  const buffer = Buffer.from(text, 'utf8');
  if (buffer.length <= bytes) return text;
  let end = bytes;
  // Back to the first byte of a character (continuation bytes are 10xxxxxx).
  while (end > 0 && (buffer[end]! & 0xc0) === 0x80) end -= 1;
  return buffer.subarray(0, end).toString('utf8');
}

/** Cuts a list of texts to `max` bytes in all, the note after the last one kept; undefined when they fit. */
function cutTexts(texts: readonly string[], max: number): { texts: string[]; total: number } | undefined {
  let total = 0;
  const sizes = texts.map((text) => {
    const size = Buffer.byteLength(text, 'utf8');
    total += size;
    return size;
  });
  if (total <= max) return undefined;
  const note = cutNote(total, max);
  let budget = max - Buffer.byteLength(note, 'utf8');
  const out: string[] = [];
  for (const [index, text] of texts.entries()) {
    if (budget <= 0) break;
    const kept = sizes[index]! <= budget ? text : cutToBytes(text, budget);
    budget -= sizes[index]! <= budget ? sizes[index]! : Buffer.byteLength(kept, 'utf8');
    out.push(kept);
    if (kept !== text) break;
  }
  if (out.length === 0) out.push('');
  out[out.length - 1] += note;
  return { texts: out, total };
}

type Content = CallToolResult['content'][number];

const blockBytes = (block: Content): number => {
  const { text, data } = block as { text?: unknown; data?: unknown };
  return typeof text === 'string' ? Buffer.byteLength(text, 'utf8') : typeof data === 'string' ? data.length : 0;
};

/**
 * A tool result within `max` bytes (its text, images and structured content together); the same
 * object when it fits. Past the cap: structured content is dropped, text blocks are kept in order
 * until the budget ends (the last one cut), other blocks only whole, and the note follows.
 */
export function capToolResult(result: CallToolResult, max: number, hasOutputSchema: boolean): CallToolResult {
  const content: Content[] = Array.isArray(result.content) ? result.content : [];
  let quick = 0;
  for (const block of content) {
    const { text, data } = block as { text?: unknown; data?: unknown };
    quick += typeof text === 'string' ? text.length * 3 : typeof data === 'string' ? data.length : 0;
  }
  // The runtime's structured content is the text's own JSON: measured only when the text is near the cap.
  if (quick <= max / 4) return result;
  const sizes = content.map(blockBytes);
  const structured =
    result.structuredContent === undefined ? 0 : Buffer.byteLength(JSON.stringify(result.structuredContent), 'utf8');
  const total = sizes.reduce((sum, size) => sum + size, structured);
  if (total <= max) return result;
  const note = cutNote(total, max);
  let budget = max - Buffer.byteLength(note, 'utf8');
  const kept: Content[] = [];
  for (const [index, block] of content.entries()) {
    const size = sizes[index]!;
    if (size <= budget) {
      kept.push(block);
      budget -= size;
      continue;
    }
    const { text } = block as { text?: unknown };
    if (typeof text === 'string' && budget > 0) kept.push({ ...block, text: cutToBytes(text, budget) } as Content);
    break;
  }
  const last = kept[kept.length - 1] as { type?: string; text?: string } | undefined;
  if (last?.type === 'text' && typeof last.text === 'string')
    kept[kept.length - 1] = { ...last, text: last.text + note } as Content;
  else kept.push({ type: 'text', text: note.trimStart() });
  const { structuredContent: _dropped, ...rest } = result;
  return { ...rest, content: kept, ...(hasOutputSchema ? { isError: true } : {}) };
}

/** Tools whose results are capped at `max` bytes. */
export function capServedTools(served: ServedTools, max: number): ServedTools {
  const wrapped = new Map<string, RuntimeTool>();
  return {
    get listing() {
      return served.listing;
    },
    ...(served.toolCount !== undefined ? { toolCount: served.toolCount } : {}),
    tool(name) {
      const cached = wrapped.get(name);
      if (cached) return cached;
      const tool = served.tool(name);
      if (!tool) return undefined;
      const capped: RuntimeTool = {
        ...tool,
        call: async (args, extra) => capToolResult(await tool.call(args, extra), max, tool.outputSchema !== undefined),
      };
      wrapped.set(name, capped);
      return capped;
    },
  };
}

/** Prompts whose rendered messages are capped at `max` bytes in all. */
export function capServedPrompts(prompts: ServedPrompts, max: number): ServedPrompts {
  return {
    ...(prompts.listed !== undefined ? { listed: prompts.listed } : {}),
    get prompts() {
      return prompts.prompts;
    },
    async get(name, args) {
      const result: GetPromptResult = await prompts.get(name, args);
      const cut = cutTexts(
        result.messages.map((message) => message.content.text),
        max,
      );
      if (!cut) return result;
      return {
        ...result,
        messages: cut.texts.map((text, index) => ({ ...result.messages[index]!, content: { type: 'text', text } })),
      };
    },
  };
}

/**
 * Resources whose read contents are capped at `max` bytes in all (a blob that does not fit is left out, with the note).
 */
export function capServedResources(resources: ServedResources, max: number): ServedResources {
  return {
    ...(resources.listed !== undefined ? { listed: resources.listed } : {}),
    get resources() {
      return resources.resources;
    },
    get templates() {
      return resources.templates;
    },
    async read(uri, extra) {
      const result: ReadResult = await resources.read(uri, extra);
      const cut = cutTexts(
        result.contents.map((entry) => entry.text ?? entry.blob ?? ''),
        max,
      );
      if (!cut) return result;
      const contents = cut.texts.map((text, index) => {
        const entry = result.contents[index]!;
        if (entry.text !== undefined) return { ...entry, text };
        const { blob: _blob, ...rest } = entry;
        return { ...rest, text: text.slice(Math.max(0, text.indexOf('\n[toolkit:'))).trimStart() };
      });
      return { ...result, contents };
    },
  };
}

/**
 * The cap from the command line (`--max-reply-bytes`) or the environment, else the default; a bad value is a usage
 * error.
 */
export function maxReplyBytesFrom(flag: string | undefined, env: string | undefined): number | string {
  const text = flag ?? env;
  if (text === undefined || text === '') return DEFAULT_MAX_REPLY_BYTES;
  const value = Number(text);
  const from = flag !== undefined ? '--max-reply-bytes' : 'TOOLKIT_MAX_REPLY_BYTES';
  if (!Number.isSafeInteger(value) || value < MIN_MAX_REPLY_BYTES)
    return `${from} expects a whole number of bytes, at least ${MIN_MAX_REPLY_BYTES}, got "${text}"`;
  return value;
}
