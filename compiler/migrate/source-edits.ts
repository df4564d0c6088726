/**
 * Text edits on a schema's source: each replaces one span of the original text, so everything a
 * conversion does not touch (comments, blank lines, indentation, key order, quotes) stays as written.
 */
export interface SourceEdit {
  /** Offsets in the original text (start inclusive, end exclusive). */
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** What the edit does, for the summary (`routes → tools`). */
  readonly note: string;
}

/** Applies non-overlapping edits; throws on overlap, which would be a bug in a conversion. */
export function applyEdits(text: string, edits: readonly SourceEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let cursor = 0;
  for (const edit of sorted) {
    if (edit.start < cursor) throw new Error(`overlapping edits at offset ${edit.start} (${edit.note})`);
    out += text.slice(cursor, edit.start) + edit.text;
    cursor = edit.end;
  }
  return out + text.slice(cursor);
}

/** A string literal's source text for `value`, in the quote style of `original` (its source text). */
export function quoteLike(original: string, value: string): string {
  const quote = original[0] === '"' || original[0] === '`' ? original[0] : "'";
  const escaped = value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
  if (quote === '`') return `\`${escaped.replace(/`/g, '\\`').replace(/\$\{/g, '\\${')}\``;
  return `${quote}${escaped.split(quote).join(`\\${quote}`)}${quote}`;
}
