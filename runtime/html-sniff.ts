/**
 * Recognises an HTML document by its first bytes, the way browsers sniff, without parsing or
 * executing anything. Used by the runtime (an upstream that answers HTML instead of JSON) and by the
 * validator's HTML and MCP Apps layers.
 *
 * The text comes from upstreams and endpoints nobody vouches for, so each function reads a bounded
 * prefix and runs in time linear in it: comments are skipped with `indexOf`, never with a pattern
 * that could try every way of splitting them (`'<!---->'.repeat(28) + 'x'` held such a pattern for
 * minutes), and every pattern left is one that cannot backtrack over what it already read.
 */

/** How far the sniff looks for the first element, after a BOM, whitespace and comments (characters). */
export const SNIFF_CHARS = 1024;
/** How much of a document the doctype, title and text are looked for in (characters). */
export const HTML_SCAN_CHARS = 256 * 1024;

const SPACE = /\s*/y;

function skipSpace(text: string, at: number): number {
  SPACE.lastIndex = at;
  SPACE.test(text);
  return SPACE.lastIndex;
}

/**
 * Where the first thing that is not a comment or whitespace starts in `text` (after a BOM), or -1
 * when a comment is still open at the end. A comment ends at the first `-->` after its `<!--`.
 */
function afterComments(text: string): number {
  let at = skipSpace(text, text.startsWith('\uFEFF') ? 1 : 0);
  while (text.startsWith('<!--', at)) {
    const end = text.indexOf('-->', at + 4);
    if (end < 0) return -1;
    at = skipSpace(text, end + 3);
  }
  return at;
}

/**
 * True when `text` starts like an HTML document (doctype, `<html`, or a leading `<head>`/`<body>`), after a BOM and
 * comments.
 */
export function looksLikeHtml(text: string): boolean {
  const head = text.slice(0, SNIFF_CHARS + 1);
  const at = afterComments(head);
  if (at < 0) return false;
  const start = head.slice(at, at + 16).toLowerCase();
  return start.startsWith('<!doctype html') || /^<(?:html|head|body)[\s>]/.test(start);
}

/** True when the document declares the HTML5 doctype before any element. */
export function hasHtml5Doctype(text: string): boolean {
  const head = text.slice(0, HTML_SCAN_CHARS);
  const at = afterComments(head);
  return at >= 0 && /^<!doctype html\s*>/i.test(head.slice(at, at + 256));
}

const TITLE_OPEN = /<title(?:[\s/][^<>]*)?>/gi;
const TITLE_CLOSE = /<\/title\s*>/gi;

/** The trimmed `<title>` text (whitespace collapsed), or null. */
export function titleOf(text: string): string | null {
  const scanned = text.slice(0, HTML_SCAN_CHARS);
  TITLE_OPEN.lastIndex = 0;
  if (!TITLE_OPEN.test(scanned)) return null;
  TITLE_CLOSE.lastIndex = TITLE_OPEN.lastIndex;
  const close = TITLE_CLOSE.exec(scanned);
  if (!close) return null;
  const title = scanned.slice(TITLE_OPEN.lastIndex, close.index).replace(/\s+/g, ' ').trim();
  return title ? title : null;
}

const HIDDEN_OPEN = /<(script|style)(?=[\s/>])/gi;
const HIDDEN_CLOSE: Readonly<Record<string, RegExp>> = { script: /<\/script\s*>/gi, style: /<\/style\s*>/gi };
const TAG = /<[^<>]*>/g;

/**
 * The text of a document's first `HTML_SCAN_CHARS`: scripts and style sheets left out, each tag a
 * space (an element still open at the end takes the rest with it). Character references are kept.
 */
export function htmlText(text: string): string {
  const scanned = text.slice(0, HTML_SCAN_CHARS);
  const kept: string[] = [];
  let from = 0;
  HIDDEN_OPEN.lastIndex = 0;
  for (let open = HIDDEN_OPEN.exec(scanned); open; open = HIDDEN_OPEN.exec(scanned)) {
    kept.push(scanned.slice(from, open.index), ' ');
    const close = HIDDEN_CLOSE[open[1]!.toLowerCase()]!;
    close.lastIndex = HIDDEN_OPEN.lastIndex;
    if (!close.exec(scanned)) {
      from = scanned.length;
      break;
    }
    from = HIDDEN_OPEN.lastIndex = close.lastIndex;
  }
  kept.push(scanned.slice(from));
  return kept.join('').replace(TAG, ' ');
}
