/**
 * The file of URLs `toolkit validator --watch FILE` reads: one URL a line; blank lines and lines
 * starting with `#` are skipped. Each URL is checked as an assessment target; the first bad line is
 * named (`file:line`).
 */
import { readFileSync } from 'node:fs';
import { parseTargetUrl, TargetUrlError } from '../net/target-url.ts';
import { WatchSettingError } from './watch-config.ts';

/** Watched URLs one file may name. */
export const MAX_FILE_URLS = 1000;

/** The URLs of `text` (the contents of `name`), normalised, duplicates dropped. */
export function parseWatchList(text: string, name: string): string[] {
  const urls: string[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    try {
      urls.push(parseTargetUrl(line).href);
    } catch (error) {
      if (!(error instanceof TargetUrlError)) throw error;
      throw new WatchSettingError(`${name}:${index + 1}: ${JSON.stringify(line.slice(0, 100))} ${error.message}`);
    }
  }
  const unique = [...new Set(urls)];
  if (unique.length === 0) throw new WatchSettingError(`${name} names no URL (one http:// or https:// URL a line)`);
  if (unique.length > MAX_FILE_URLS) {
    throw new WatchSettingError(`${name} names ${unique.length} URLs; at most ${MAX_FILE_URLS}`);
  }
  return unique;
}

/** Reads and parses the file at `path`; a missing or unreadable file is a `WatchSettingError`. */
export function readWatchFile(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (code ?? 'cannot be read');
    throw new WatchSettingError(`--watch ${path}: ${why}`);
  }
  return parseWatchList(text, path);
}
