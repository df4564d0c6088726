/**
 * Descriptions as the format wants them: one line of plain text (Markdown kept, HTML tags and
 * runs of white space dropped), cut to a limit at the end of a sentence where one ends in the
 * last half of the allowed length, else at a word, with an ellipsis.
 */

/** The format's limit for a tool description (the specification's 1,024 characters). */
export const TOOL_DESCRIPTION_LIMIT = 1024;
export const PARAMETER_DESCRIPTION_LIMIT = 300;
export const SCHEMA_DESCRIPTION_LIMIT = 300;

/** `text` with its HTML comments replaced by a space (an unclosed one runs to the end): one pass, linear. */
function withoutComments(text: string): string {
  let out = '';
  let from = 0;
  for (let open = text.indexOf('<!--'); open >= 0; open = text.indexOf('<!--', from)) {
    const close = text.indexOf('-->', open + 4);
    out += `${text.slice(from, open)} `;
    from = close < 0 ? text.length : close + 3;
  }
  return out + text.slice(from);
}

/** One line of text: tags and comments removed, entities of the common kind decoded, white space collapsed. */
export function plainText(text: string): string {
  return withoutComments(text)
    .replace(/<\/?[A-Za-z][^<>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `text` cut to `limit` characters at a sentence end (or a word), with `…` when words were dropped. */
export function cutText(text: string, limit: number): string {
  const flat = plainText(text);
  if (flat.length <= limit) return flat;
  const window = flat.slice(0, limit);
  const sentenceEnd = Math.max(window.lastIndexOf('. '), window.lastIndexOf('! '), window.lastIndexOf('? '));
  if (sentenceEnd >= limit / 2) return window.slice(0, sentenceEnd + 1);
  const space = window.lastIndexOf(' ', limit - 1);
  return `${window.slice(0, space > limit / 2 ? space : limit - 1).trimEnd()}…`;
}

/** The first `count` sentences of a text (for a schema's one- or two-sentence description). */
export function firstSentences(text: string, count: number, limit: number): string {
  const flat = plainText(text);
  let end = 0;
  for (let i = 0; i < count; i++) {
    const match = /[.!?](\s|$)/.exec(flat.slice(end));
    if (!match) {
      end = flat.length;
      break;
    }
    end += match.index + 1;
  }
  return cutText(flat.slice(0, end || flat.length), limit);
}

/** A tool's description: summary, then the description (when it says more), cut to the limit. */
export function toolDescription(
  summary: string | undefined,
  description: string | undefined,
  deprecated: boolean,
  fallback: string,
): string {
  const parts: string[] = [];
  const s = summary ? plainText(summary) : '';
  const d = description ? plainText(description) : '';
  if (s) parts.push(/[.!?]$/.test(s) ? s : `${s}.`);
  if (d && !d.startsWith(s.replace(/\.$/, ''))) parts.push(d);
  else if (d && !s) parts.push(d);
  if (deprecated) parts.unshift('Deprecated.');
  const joined = parts.join(' ').trim();
  return cutText(joined || fallback, TOOL_DESCRIPTION_LIMIT);
}
