/** Substrings the strictest (line substring) security scanners reject; catalog files avoid them even inside strings. */
export const FORBIDDEN_PATTERNS: readonly string[] = [
  'import ',
  'import(',
  'require(',
  'eval(',
  'Function(',
  'new Function',
  'process.',
  'process[',
  'child_process',
  'fs.',
  'node:fs',
  'fs/promises',
  'globalThis',
  'global.',
  'global[',
  '__dirname',
  '__filename',
  'setTimeout',
  'setInterval',
  'fetch(',
  'XMLHttpRequest',
  'WebSocket',
];

/** `file:line "pattern"` for every hit in `text`. */
export function forbiddenHits(file: string, text: string): string[] {
  const hits: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const pattern of FORBIDDEN_PATTERNS)
      if (line.includes(pattern)) hits.push(`${file}:${index + 1} "${pattern}"`);
  });
  return hits;
}
