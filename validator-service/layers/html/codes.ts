/**
 * Message codes of the HTML layer (is the URL a web page a person can open?).
 *
 * | Code | Severity | Meaning |
 * |---|---|---|
 * | HTML-001 | info | website detected |
 * | HTML-002 | info | not a website: GET answered 400/405/406 (typical of MCP endpoints) |
 * | HTML-003 | info | not a website: the response is not HTML |
 * | HTML-004 | info | not checked: the URL could not be fetched (see the HTTP layer) |
 * | HTML-005 | error | an HTML document is served with a non-HTML Content-Type |
 * | HTML-006 | warning | Content-Type has no charset |
 * | HTML-007 | warning | no `<!DOCTYPE html>` |
 * | HTML-008 | error | Content-Type says text/html but the body is empty or not HTML |
 * | HTML-009 | error | the page answers with a 5xx status |
 * | HTML-010 | warning | the page answers with a 4xx status |
 * | HTML-011 | info | served over verified HTTPS |
 * | HTML-012 | warning | served over plain HTTP |
 * | HTML-013 | info | HTTP/2 negotiated |
 * | HTML-014 | info | HTTP/2 not negotiated or not applicable |
 * | HTML-015 | warning | no `<title>` |
 */
import type { CodeEntry } from '../shared/findings.ts';

export const htmlCodes = {
  'HTML-001': { severity: 'info', meaning: 'website detected' },
  'HTML-002': { severity: 'info', meaning: 'not a website: method or format refused' },
  'HTML-003': { severity: 'info', meaning: 'not a website: not HTML' },
  'HTML-004': { severity: 'info', meaning: 'not checked: unreachable' },
  'HTML-005': { severity: 'error', meaning: 'HTML served with a non-HTML Content-Type' },
  'HTML-006': { severity: 'warning', meaning: 'Content-Type without charset' },
  'HTML-007': { severity: 'warning', meaning: 'no doctype' },
  'HTML-008': { severity: 'error', meaning: 'text/html body is not HTML' },
  'HTML-009': { severity: 'error', meaning: 'server error status' },
  'HTML-010': { severity: 'warning', meaning: 'client error status' },
  'HTML-011': { severity: 'info', meaning: 'verified HTTPS' },
  'HTML-012': { severity: 'warning', meaning: 'plain HTTP' },
  'HTML-013': { severity: 'info', meaning: 'HTTP/2' },
  'HTML-014': { severity: 'info', meaning: 'no HTTP/2' },
  'HTML-015': { severity: 'warning', meaning: 'no title' },
} as const satisfies Record<string, CodeEntry>;

export type HtmlCode = keyof typeof htmlCodes;
