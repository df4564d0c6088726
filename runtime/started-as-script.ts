/** Whether a module is the script node was started with (`node <file>`), not one imported by another. */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** True when `url` (a module's `import.meta.url`) names the file of `process.argv[1]`, links resolved. */
export function startedAsScript(url: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(url));
  } catch {
    return false;
  }
}
