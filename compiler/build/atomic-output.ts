/**
 * Replaces an output directory as a whole: everything is written into a sibling temp directory,
 * which is then renamed into place. A build that fails part-way leaves the previous output as it was.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { makeDirectory } from './make-directory.ts';

/**
 * Runs `fill(tempDir)`, then swaps the temp directory in for `outDir`; on error the temp directory is
 * removed. `beforeSwap` runs just before the swap and may throw to leave `outDir` as it is.
 */
export async function replaceDirectory(
  outDir: string,
  fill: (tempDir: string) => Promise<void>,
  beforeSwap?: () => void,
): Promise<void> {
  const parent = dirname(outDir);
  makeDirectory(parent);
  const suffix = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const temp = join(parent, `.${basename(outDir)}.building-${suffix}`);
  const old = join(parent, `.${basename(outDir)}.old-${suffix}`);
  mkdirSync(temp);
  try {
    await fill(temp);
    beforeSwap?.();
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
  const hadOutput = existsSync(outDir);
  if (hadOutput) renameSync(outDir, old);
  try {
    renameSync(temp, outDir);
  } catch (error) {
    if (hadOutput) renameSync(old, outDir);
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
  if (hadOutput) rmSync(old, { recursive: true, force: true });
}
