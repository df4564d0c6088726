/**
 * The badge of an endpoint's last grade: a small flat SVG ("agent check | A"), drawn from the stored
 * history only (a badge request never starts an assessment). Text is escaped; widths come from a
 * fixed per-character estimate so the same grade always gives the same bytes.
 */
import type { Grade } from '../pipeline/assessment.ts';

const COLORS: Readonly<Record<Grade | 'none', string>> = { A: '#2e7d32', B: '#a15c00', C: '#c62828', none: '#6e6e6e' };

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const width = (text: string) => Math.round(text.length * 6.6 + 12);

/** The SVG for a grade, or for an endpoint never assessed (`none`). */
export function badgeSvg(grade: Grade | 'none', label = 'agent check'): string {
  const value = grade === 'none' ? 'not assessed' : `grade ${grade}`;
  const lw = width(label);
  const vw = width(value);
  const total = lw + vw;
  const title = `${label}: ${value}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${total}" height="20" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="${lw}" height="20" fill="#555"/>`,
    `<rect x="${lw}" width="${vw}" height="20" fill="${COLORS[grade]}"/>`,
    `<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">`,
    `<text x="${lw / 2}" y="14">${escapeXml(label)}</text>`,
    `<text x="${lw + vw / 2}" y="14">${escapeXml(value)}</text>`,
    '</g></svg>',
  ].join('');
}
