// Where a literal's source text may be cut in two without changing what it means: between whole
// characters and whole escape sequences (`\n`, `\x41`, `\u{1F600}`, `\` + line break, an octal
// escape), never inside a surrogate pair or a `%%NAME%%` placeholder of a template file.

/**
 * The offsets inside `raw` (a literal's text between its delimiters, or one text part of a template)
 * where a cut leaves every escape sequence and character whole. 0 and `raw.length` are not included.
 */
export function cutPoints(raw: string): number[] {
  const points: number[] = [];
  let i = 0;
  while (i < raw.length) {
    i += unitLength(raw, i);
    if (i < raw.length) points.push(i);
  }
  return points;
}

function unitLength(raw: string, at: number): number {
  const code = raw.charCodeAt(at);
  if (code >= 0xd800 && code <= 0xdbff && at + 1 < raw.length) {
    const next = raw.charCodeAt(at + 1);
    if (next >= 0xdc00 && next <= 0xdfff) return 2;
  }
  if (raw[at] !== '\\') return raw[at] === '\r' && raw[at + 1] === '\n' ? 2 : 1;
  const next = raw[at + 1];
  if (next === undefined) return 1;
  if (next === '\r' && raw[at + 2] === '\n') return 3;
  if (next === 'x') return 4;
  if (next === 'u') return raw[at + 2] === '{' ? raw.indexOf('}', at) - at + 1 : 6;
  if (/[0-7]/.test(next)) {
    let length = 2;
    while (length < 4 && /[0-7]/.test(raw[at + length] ?? '')) length += 1;
    return length;
  }
  return 2 + (next.charCodeAt(0) >= 0xd800 && next.charCodeAt(0) <= 0xdbff ? 1 : 0);
}

/** `[start, end)` of every `%%NAME%%` placeholder of a template file; no cut may fall inside one. */
export function placeholderSpans(text: string): [number, number][] {
  return [...text.matchAll(/%%[A-Z0-9_]+%%/g)].map((match) => [match.index, match.index + match[0].length]);
}
