/** Every file under a directory with its bytes, keyed by relative path (sorted), for byte-for-byte comparisons. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export function readTree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(relative(dir, path), readFileSync(path));
    }
  };
  walk(dir);
  return files;
}
