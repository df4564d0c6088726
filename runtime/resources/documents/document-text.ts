/**
 * The parts of a markdown document format 4 serves besides the whole text (its "parameter-based
 * access"): one section by its heading, a range of lines, or the lines that match a search with a
 * little context. Headings are ATX headings (`#` to `######`) outside fenced code blocks.
 */
import { InvalidArgumentsError } from '../../served-primitives.ts';
import { counted } from '../../counted.ts';

/** The largest document served (the format recommends about 2 MB); the compiler refuses larger inline ones. */
export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;
/** Lines of context around each search match, and the most matches returned. */
const SEARCH_CONTEXT = 2;
const MAX_MATCHES = 50;

export interface Heading {
  /** 1-based line number. */
  readonly line: number;
  readonly level: number;
  /** The heading's text without the `#` marks. */
  readonly title: string;
}

// The opening marks only (linear); the title is the rest of the line without trailing spaces and `#`s.
const HEADING = /^ {0,3}(#{1,6})[ \t]/;

/** `text` without its trailing spaces, tabs and `#` marks (CommonMark's closing sequence), trimmed. */
function titleOf(text: string): string {
  let end = text.length;
  while (end > 0 && ' \t#'.includes(text[end - 1]!)) end--;
  return text.slice(0, end).trim();
}
const FENCE = /^ {0,3}(```|~~~)/;

/** The document's headings in order, fenced code left out. */
export function headingsOf(lines: readonly string[]): Heading[] {
  const headings: Heading[] = [];
  let fence: string | undefined;
  lines.forEach((text, index) => {
    const opens = FENCE.exec(text)?.[1];
    if (opens !== undefined) {
      fence = fence === undefined ? opens : fence === opens ? undefined : fence;
      return;
    }
    if (fence !== undefined) return;
    const match = HEADING.exec(text);
    if (match) headings.push({ line: index + 1, level: match[1]!.length, title: titleOf(text.slice(match[0].length)) });
  });
  return headings;
}

/** `## Functions` or `Functions`, compared without case. */
const headingKey = (text: string): string =>
  text
    .trim()
    .replace(/^#{1,6}\s*/, '')
    .trim()
    .toLowerCase();

/** The section under a heading, up to the next heading of the same or a higher level. */
export function sectionOf(lines: readonly string[], wanted: string): string {
  const headings = headingsOf(lines);
  const index = headings.findIndex((h) => headingKey(h.title) === headingKey(wanted));
  if (index < 0) {
    const shown = headings
      .slice(0, 30)
      .map((h) => `${'#'.repeat(h.level)} ${h.title}`)
      .join('; ');
    throw new InvalidArgumentsError(
      `no section ${JSON.stringify(wanted.slice(0, 80))} in this ` +
        `document${shown ? ` (sections: ${shown})` : ' (it has no headings)'}`,
    );
  }
  const start = headings[index]!;
  const end = headings.slice(index + 1).find((h) => h.level <= start.level);
  return lines
    .slice(start.line - 1, end ? end.line - 1 : lines.length)
    .join('\n')
    .trimEnd();
}

/** Lines `from-to` (1-based, inclusive; the end is cut to the document's length). */
export function linesOf(lines: readonly string[], range: string): string {
  const match = /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(range);
  const from = Number(match?.[1]);
  const to = Number(match?.[2]);
  if (!match || from < 1 || to < from)
    throw new InvalidArgumentsError(
      `lines must be a range from-to of line numbers, 1 or more, from ≤ to (e.g. 11-33), got ` +
        `${JSON.stringify(range.slice(0, 40))}`,
    );
  if (from > lines.length)
    throw new InvalidArgumentsError(`lines ${from}-${to}: the document has ${lines.length} lines`);
  return lines.slice(from - 1, Math.min(to, lines.length)).join('\n');
}

/** Every line that contains `text` (without case), with two lines of context, numbered; at most 50 matches. */
export function searchIn(lines: readonly string[], text: string): string {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') throw new InvalidArgumentsError('search must not be empty');
  const hits = lines.flatMap((line, index) => (line.toLowerCase().includes(wanted) ? [index] : []));
  if (hits.length === 0) return `No line contains ${JSON.stringify(text)}.`;
  const shown = new Set<number>();
  for (const hit of hits.slice(0, MAX_MATCHES))
    for (let i = Math.max(0, hit - SEARCH_CONTEXT); i <= Math.min(lines.length - 1, hit + SEARCH_CONTEXT); i++)
      shown.add(i);
  const out: string[] = [];
  let previous = -2;
  for (const index of [...shown].sort((a, b) => a - b)) {
    if (index !== previous + 1 && out.length > 0) out.push('…');
    out.push(`${index + 1}: ${lines[index]}`);
    previous = index;
  }
  const more =
    hits.length > MAX_MATCHES ? `\n… and ${hits.length - MAX_MATCHES} more matching lines (narrow the search)` : '';
  return `${counted(hits.length, 'matching line')}:\n${out.join('\n')}${more}`;
}
