/**
 * Where each value of a JSON text starts (1-based line and column), by its path: so that a setting
 * in `.toolkit/config.json` can be named at its place. The text must be valid JSON (parse it first);
 * a text that is not yields no locations.
 */
export interface JsonLocation {
  readonly line: number;
  readonly column: number;
}

/** Path segments joined with NUL: `['server', 'description']` → `server\0description`. */
export const jsonPathKey = (path: readonly (string | number)[]): string => path.join('\u0000');

export function jsonLocations(text: string): Map<string, JsonLocation> {
  const out = new Map<string, JsonLocation>();
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const here = (): JsonLocation => ({ line, column: i - lineStart + 1 });
  const skip = (): void => {
    while (i < text.length && /\s/.test(text[i]!)) {
      if (text[i] === '\n') {
        line++;
        lineStart = i + 1;
      }
      i++;
    }
  };
  const string = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (path: (string | number)[]): void => {
    skip();
    out.set(jsonPathKey(path), here());
    const c = text[i];
    if (c === '{') {
      i++;
      skip();
      if (text[i] === '}') return void i++;
      for (;;) {
        skip();
        const key = string();
        skip();
        i++; // ':'
        value([...path, key]);
        skip();
        if (text[i++] !== ',') return;
      }
    }
    if (c === '[') {
      i++;
      skip();
      if (text[i] === ']') return void i++;
      for (let index = 0; ; index++) {
        value([...path, index]);
        skip();
        if (text[i++] !== ',') return;
      }
    }
    if (c === '"') return void string();
    while (i < text.length && /[^\s,\]}]/.test(text[i]!)) i++;
  };
  try {
    JSON.parse(text);
    value([]);
  } catch {
    return new Map();
  }
  return out;
}
