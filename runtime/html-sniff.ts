/**
 * Recognises an HTML document by its first bytes, the way browsers sniff, without parsing or
 * executing anything. Used by the runtime (an upstream that answers HTML instead of JSON) and by the
 * validator's HTML and MCP Apps layers.
 */

const BOM = /^\uFEFF/;

/** True when `text` starts like an HTML document (doctype, `<html`, or a leading `<head>`/`<body>`), after a BOM and comments. */
export function looksLikeHtml(text: string): boolean {
  const head = text.replace(BOM, '').trimStart().slice(0, 1024).toLowerCase();
  return head.startsWith('<!doctype html') || /^(<!--[\s\S]*?-->\s*)*<(html|head|body)[\s>]/.test(head);
}

/** True when the document declares the HTML5 doctype before any element. */
export function hasHtml5Doctype(text: string): boolean {
  return /^(<!--[\s\S]*?-->\s*)*<!doctype html\s*>/i.test(text.replace(BOM, '').trimStart());
}

/** The trimmed `<title>` text (whitespace collapsed), or null. */
export function titleOf(text: string): string | null {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text);
  const title = match?.[1]?.replace(/\s+/g, ' ').trim();
  return title ? title : null;
}
