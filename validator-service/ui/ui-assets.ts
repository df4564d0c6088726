/**
 * The browser UI's files, read once at start. The page gets the chain table inlined so the select
 * and the API validate against the same list; everything is served by the service (no CDN).
 */
import { readFileSync } from 'node:fs';
import { CHAINS } from '../api/chains.ts';
import { LAYER_NAMES, LAYER_TITLES } from '../pipeline/layer-names.ts';

export interface UiAssets {
  readonly html: string;
  readonly js: string;
  readonly css: string;
  readonly favicon: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Loads and prepares the UI files. */
export function loadUiAssets(): UiAssets {
  const read = (name: string) => readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');
  const chainOptions = CHAINS.map((c) => `<option value="${c.id}">${escapeHtml(c.name)} (${c.id})</option>`).join(
    '\n          ',
  );
  const layers = JSON.stringify(LAYER_NAMES.map((name) => ({ name, title: LAYER_TITLES[name] })));
  const chains = JSON.stringify(CHAINS.map((c) => ({ id: c.id, alias: c.alias, name: c.name })));
  const html = read('index.html')
    .replace('<!--CHAIN_OPTIONS-->', chainOptions)
    .replace('__LAYERS__', escapeHtml(layers))
    .replace('__CHAINS__', escapeHtml(chains));
  return { html, js: read('app.js'), css: read('app.css'), favicon: read('favicon.svg') };
}

/** Headers for every UI response: a strict CSP (self only), no framing, no sniffing, no referrer. */
export const UI_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; form-action " +
    "'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};
