/**
 * Message codes of the HTML layer (is the URL a web page a person can open?). HTML-009 and HTML-010
 * (an HTML page with a 5xx / 4xx status) are retired: such a page is an error page (HTML-016), not a
 * website. Numbers are never reused. The rendered table: docs/validator-checks.md.
 */
import { spec } from '../../checks/spec-refs.ts';
import { check, type CodeEntry } from '../shared/findings.ts';

const contentType = spec.rfc9110('§8.3 Content-Type');
const doctype = spec.html('§13.1.1 The DOCTYPE', 'syntax.html#the-doctype');

export const htmlCodes = {
  'HTML-001': check('info', 'website detected (a 2xx HTML page)', contentType),
  'HTML-002': check(
    'info',
    'not a website: GET answered 400/405/406 (typical of MCP endpoints)',
    spec.rfc9110('§15.5 Client Error 4xx'),
  ),
  'HTML-003': check('info', 'not a website: the response is not HTML', contentType),
  'HTML-004': check(
    'info',
    'not checked: the URL could not be fetched',
    spec.validator('The HTML layer', '#the-http-and-html-layers'),
  ),
  'HTML-005': check(
    'error',
    'an HTML document served with a non-HTML Content-Type',
    spec.fetch('§3.7 X-Content-Type-Options and MIME sniffing', '#x-content-type-options-header'),
  ),
  'HTML-006': check(
    'warning',
    'Content-Type without charset',
    spec.html("§4.2.5.4 Specifying the document's character encoding", 'semantics.html#charset'),
  ),
  'HTML-007': check('warning', 'no <!DOCTYPE html> (quirks mode)', doctype),
  'HTML-008': check('error', 'Content-Type says text/html but the body is empty or not HTML', contentType),
  'HTML-011': check('info', 'served over verified HTTPS', spec.rfc9110('§4.3.4 https Certificate Verification')),
  'HTML-012': check('warning', 'served over plain HTTP', spec.rfc9110('§4.2.2 https URI Scheme')),
  'HTML-013': check('info', 'HTTP/2 negotiated', spec.rfc9113('§3.2 Starting HTTP/2 for "https" URIs')),
  'HTML-014': check(
    'info',
    'HTTP/2 not negotiated or not applicable',
    spec.rfc9113('§3.2 Starting HTTP/2 for "https" URIs'),
  ),
  'HTML-015': check(
    'warning',
    'no <title>',
    spec.html('§4.2.2 The title element (required in a document)', 'semantics.html#the-title-element'),
  ),
  'HTML-016': check(
    'info',
    'not a website: an HTML error page (4xx/5xx status)',
    spec.rfc9110('§15.5 Client Error 4xx, §15.6 Server Error 5xx'),
    '0.2.0',
  ),
} as const satisfies Record<string, CodeEntry>;

export type HtmlCode = keyof typeof htmlCodes;
