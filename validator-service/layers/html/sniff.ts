/**
 * Recognises an HTML document by its first bytes, the way browsers sniff, without parsing or
 * executing anything.
 */

/** True when `text` starts like an HTML document (doctype, `<html`, or a leading `<head>`/`<body>`). */
export function looksLikeHtml(text: string): boolean {
  const head = text.replace(/^\uFEFF/, '').trimStart().slice(0, 1024).toLowerCase();
  return head.startsWith('<!doctype html') || /^(<!--[\s\S]*?-->\s*)*<(html|head|body)[\s>]/.test(head);
}

/** True when the document declares the HTML5 doctype before any element. */
export function hasHtml5Doctype(text: string): boolean {
  return /^(<!--[\s\S]*?-->\s*)*<!doctype html\s*>/i.test(text.replace(/^\uFEFF/, '').trimStart());
}

/** The trimmed `<title>` text, or null. */
export function titleOf(text: string): string | null {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text);
  const title = match?.[1]?.replace(/\s+/g, ' ').trim();
  return title ? title : null;
}
