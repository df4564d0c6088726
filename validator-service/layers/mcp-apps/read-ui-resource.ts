/**
 * Reads one UI resource with `resources/read` and checks what a host needs to render it: the app
 * MIME type, text or base64 blob content, an HTML5 document, and its CSP (content item `_meta.ui`
 * wins over the list entry's).
 */
import type { Resource } from '@modelcontextprotocol/client';
import type { Findings } from '../shared/findings.ts';
import { hasHtml5Doctype, looksLikeHtml } from '../../../runtime/html-sniff.ts';
import type { McpConnection } from '../mcp/connect.ts';
import type { CallLimits } from '../mcp/list-capabilities.ts';
import type { UiCode } from './codes.ts';
import { appMimeType, sameMime, skybridgeMimeType } from './constants.ts';
import { checkCsp, type CspSummary } from './csp-check.ts';

export interface UiResourceReport {
  readonly uri: string;
  readonly readable: boolean;
  readonly mimeType: string | null;
  readonly encoding: 'text' | 'blob' | null;
  readonly bytes: number;
  readonly isHtml: boolean;
  readonly hasDoctype: boolean;
  readonly csp: CspSummary | null;
}

// Padding and trailing white space in a group that starts with `=`, which the body class does not
// hold, so a long run of white space cannot be split between two repeats (quadratic backtracking).
const base64 = /^[A-Za-z0-9+/\s]*(?:=\s*){0,2}$/;

const uiMetaOf = (meta: unknown): Record<string, unknown> | null => {
  const ui = (meta as { ui?: unknown } | undefined)?.ui;
  return ui && typeof ui === 'object' ? (ui as Record<string, unknown>) : null;
};

/** Reads and checks `uri`; `listed` is its `resources/list` entry when there is one. */
export async function readUiResource(
  connection: McpConnection,
  uri: string,
  listed: Resource | undefined,
  limits: CallLimits,
  findings: Findings<UiCode>,
): Promise<UiResourceReport> {
  const location = `resources/read(${uri})`;
  const failed: UiResourceReport = {
    uri,
    readable: false,
    mimeType: null,
    encoding: null,
    bytes: 0,
    isHtml: false,
    hasDoctype: false,
    csp: null,
  };
  let contents: Array<Record<string, unknown>>;
  try {
    const result = await connection.client.readResource({ uri }, limits);
    contents = result.contents as Array<Record<string, unknown>>;
  } catch (error) {
    findings.add(
      'UI-010',
      `${uri} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      location,
    );
    return failed;
  }
  const item = contents.find((c) => c.uri === uri) ?? contents[0];
  if (!item) {
    findings.add('UI-012', `${uri} returned no content.`, location);
    return failed;
  }
  const mimeType = typeof item.mimeType === 'string' ? item.mimeType : null;
  const vendor = sameMime(mimeType ?? undefined, skybridgeMimeType);
  if (vendor)
    findings.add('UI-006', `${uri} is an OpenAI Apps SDK template (${skybridgeMimeType}).`, `${location}.mimeType`);
  else if (!sameMime(mimeType ?? undefined, appMimeType))
    findings.add(
      'UI-011',
      `${uri} is served as ${mimeType ?? 'no MIME type'}; MCP Apps require ${appMimeType}.`,
      `${location}.mimeType`,
    );

  let html: string | null = null;
  let encoding: UiResourceReport['encoding'] = null;
  if (typeof item.text === 'string') {
    html = item.text;
    encoding = 'text';
  } else if (typeof item.blob === 'string') {
    encoding = 'blob';
    if (base64.test(item.blob)) html = Buffer.from(item.blob, 'base64').toString('utf8');
    else findings.add('UI-012', `${uri}: blob is not base64.`, `${location}.blob`);
  } else {
    findings.add('UI-012', `${uri}: the content has neither text nor blob.`, location);
  }
  let isHtml = false;
  let doctype = false;
  if (html !== null) {
    if (html.trim() === '') findings.add('UI-012', `${uri}: the content is empty.`, location);
    else {
      isHtml = looksLikeHtml(html);
      doctype = hasHtml5Doctype(html);
      if (!isHtml) findings.add('UI-013', `${uri}: the content is not an HTML document.`, location);
      else if (!doctype) findings.add('UI-014', `${uri}: the document does not start with <!DOCTYPE html>.`, location);
    }
  }
  const uiMeta = uiMetaOf(item._meta) ?? uiMetaOf(listed?._meta);
  const csp = checkCsp(uiMeta, `${location}._meta.ui`, findings);
  return {
    uri,
    readable: true,
    mimeType,
    encoding,
    bytes: html === null ? 0 : Buffer.byteLength(html),
    isHtml,
    hasDoctype: doctype,
    csp,
  };
}
